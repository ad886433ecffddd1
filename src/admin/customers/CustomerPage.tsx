// A customer's page (decision 0090): profile, organisation and PI, money, the 专属顾问 with every
// assignment, and the records (orders, movements, groups, invoices) each under its permission.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { consoleApi, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, FormModal, input, PageHeader, when } from '../ui.tsx';
import { CustomerTabs } from './CustomerRecords.tsx';
import { RecordHistory } from '../staff/History.tsx';
import { formatFen } from '../../lib/shared/money.ts';
import { moneyAdminApi } from '../../lib/shared/money/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { customersAdminApi } from '../../lib/shared/customers/api.ts';
import { ORGANIZATION_TEXT, type CustomerDetail } from '../../lib/shared/customers/customers.ts';

type Wallet = OutputOf<typeof moneyAdminApi.customerWallet>;
type Choices = OutputOf<typeof customersAdminApi.advisors>['list'];

const HOW_TEXT = { hand: '指定', rotation: '自动分配', removed: '取消' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-xs text-slate-500">{label}</p>
      <div className="mt-0.5 text-sm break-words">{children}</div>
    </div>
  );
}

export default function CustomerPage({ me, params }: { me: Me; params: Record<string, string | undefined> }) {
  const rid = params.rid ?? '';
  const [c, setC] = useState<CustomerDetail | null | undefined>(undefined);
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const load = useCallback(async () => {
    const [detail, w] = await Promise.all([
      consoleApi.call(customersAdminApi.detail, { user_rid: rid }),
      consoleApi.call(moneyAdminApi.customerWallet, { user_rid: rid }, { silent: true }),
    ]);
    setC(detail ?? null);
    setWallet(w ?? null);
  }, [rid]);
  useEffect(() => void load(), [load]);
  if (c === undefined) return <p className="text-sm text-slate-400">加载中…</p>;
  if (c === null)
    return (
      <p className="text-sm text-slate-500">
        客户不存在。
        <Link href="/customers" className="text-brand-700 hover:underline">
          返回客户列表
        </Link>
      </p>
    );
  const pi = c.organization === 2 ? [c.company_leader, c.company_leader_phone] : [c.teacher, c.teacher_phone];
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title={c.name || c.phone}
        lead={`${c.company || '—'} · ${c.phone}${c.closed_at ? ' · 已注销' : ''}`}
        actions={
          <Link href="/customers" className={button.ghost}>
            返回客户列表
          </Link>
        }
      />
      <section
        aria-label="客户资料"
        className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 md:grid-cols-4"
      >
        <Fact label="手机号">
          <span className="tabular-nums">{c.phone}</span>
        </Fact>
        <Fact label="邮箱">{c.email || '—'}</Fact>
        <Fact label="用户类型">
          {c.organization === null ? '未完善资料' : ORGANIZATION_TEXT[c.organization]}
        </Fact>
        <Fact label="单位">{c.company || '—'}</Fact>
        <Fact label={c.organization === 2 ? '负责人' : '导师/负责人'}>
          {pi[0] || '—'}
          {pi[1] && <span className="block text-xs text-slate-500 tabular-nums">{pi[1]}</span>}
        </Fact>
        <Fact label="地址">{c.address || '—'}</Fact>
        <Fact label="注册时间">{when(c.created)}</Fact>
        <Fact label="邀请人">{c.inviter ? `${c.inviter.name || c.inviter.phone}` : '—'}</Fact>
      </section>
      {wallet && (
        <section aria-label="资金" className="grid grid-cols-2 gap-3 rounded-lg bg-white p-4 md:grid-cols-4">
          <Fact label="现金 / 赠送金">{`${formatFen(wallet.cash_fen)} / ${formatFen(wallet.bonus_fen)}`}</Fact>
          <Fact label="信用额度（已用）">
            {`${formatFen(wallet.credit_limit_fen)}（${formatFen(wallet.credit_used_fen)}）`}
          </Fact>
          <Fact label="逾期">
            {wallet.overdue_fen > 0 ? (
              <Badge tone="red">{`${formatFen(wallet.overdue_fen)}，${wallet.overdue_days} 天`}</Badge>
            ) : (
              '无'
            )}
          </Fact>
        </section>
      )}
      <AdvisorSection customer={c} me={me} onChange={setC} />
      <CustomerTabs userRid={c.rid} me={me} />
      <RecordHistory kind="customer" rid={c.rid} version={c} />
    </div>
  );
}

/** 专属顾问: who, every assignment, and 指定/更换 for those who may. */
function AdvisorSection({
  customer: c,
  me,
  onChange,
}: {
  customer: CustomerDetail;
  me: Me;
  onChange: (c: CustomerDetail) => void;
}) {
  const [open, setOpen] = useState(false);
  const may = me.permissions.includes('customers.assign');
  return (
    <section aria-labelledby="advisor" className="grid gap-3 rounded-lg bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="advisor" className="text-sm font-semibold">
          专属顾问
        </h2>
        {may && (
          <button type="button" className={button.ghost} onClick={() => setOpen(true)}>
            {c.advisor ? '更换顾问' : '指定顾问'}
          </button>
        )}
      </div>
      <p className="text-sm" data-advisor>
        {c.advisor ? (
          <>
            <strong>{c.advisor.name || c.advisor.phone}</strong>{' '}
            <span className="tabular-nums text-slate-600">{c.advisor.phone}</span>
            {!c.advisor.current && <Badge tone="red">已不是业务经理，请更换</Badge>}
          </>
        ) : (
          <span className="text-slate-500">未分配</span>
        )}
      </p>
      {c.assignments.length > 0 && (
        <ul aria-label="顾问变更记录" className="grid gap-1 text-xs text-slate-500">
          {c.assignments.map((a, i) => (
            <li key={i}>
              {when(a.at)} {HOW_TEXT[a.how]}
              {a.how === 'removed' ? ` ${a.previous ?? ''}` : ` ${a.advisor ?? ''}`}
              {a.previous && a.how !== 'removed' ? `（原 ${a.previous}）` : ''}
              {a.by ? ` · ${a.by}` : ' · 系统'}
              {a.note ? ` · ${a.note}` : ''}
            </li>
          ))}
        </ul>
      )}
      {open && <AssignModal customer={c} onClose={() => setOpen(false)} onDone={onChange} />}
    </section>
  );
}

function AssignModal({
  customer: c,
  onClose,
  onDone,
}: {
  customer: CustomerDetail;
  onClose: () => void;
  onDone: (c: CustomerDetail) => void;
}) {
  const [choices, setChoices] = useState<Choices | null>(null);
  const [advisor, setAdvisor] = useState(c.advisor?.rid ?? '');
  const [note, setNote] = useState('');
  useEffect(() => {
    void consoleApi.call(customersAdminApi.advisors, {}).then((r) => setChoices(r?.list ?? []));
  }, []);
  return (
    <FormModal
      open
      title={c.advisor ? '更换专属顾问' : '指定专属顾问'}
      submitText="保存"
      onClose={onClose}
      onSubmit={() =>
        staffAction<CustomerDetail>(
          customersAdminApi.assign,
          { user_rid: c.rid, advisor_rid: advisor, note },
          (d) => (d.advisor ? '已指定专属顾问' : '已取消专属顾问'),
          () => undefined,
        ).then(async (error) => {
          if (!error) {
            const fresh = await consoleApi.call(customersAdminApi.detail, { user_rid: c.rid });
            if (fresh) onDone(fresh);
          }
          return error;
        })
      }
    >
      <Field label="业务经理">
        <select className={input} value={advisor} onChange={(e) => setAdvisor(e.target.value)}>
          <option value="">{c.advisor ? '取消专属顾问' : '请选择'}</option>
          {(choices ?? []).map((m) => (
            <option key={m.rid} value={m.rid}>
              {`${m.name || m.phone} ${m.phone}（${m.customers} 位客户）`}
            </option>
          ))}
        </select>
      </Field>
      {choices?.length === 0 && (
        <p className="text-sm text-slate-500">还没有业务经理：请先在「员工与角色」中设置。</p>
      )}
      <Field label="备注">
        <input className={input} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </FormModal>
  );
}
