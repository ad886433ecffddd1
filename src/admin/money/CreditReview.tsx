import { useState } from 'react';
import { staffAction, type Me } from '../session.ts';
import { ReviewQueue } from '../ReviewQueue.tsx';
import { Badge, button, Field, FormModal, input, when } from '../ui.tsx';
import type { RowOf } from '../lists.ts';
import type { Column } from '../table.tsx';
import { DEFAULT_CREDIT_DUE_DAYS } from '../../lib/shared/money/money.ts';
import { fenToYuan, yuanToFen, formatFen } from '../../lib/shared/money.ts';
import { moneyAdminApi } from '../../lib/shared/money/api.ts';

type Row = RowOf<typeof moneyAdminApi.creditList>;
const TABS = [
  { value: 'reviewing', label: '待审核' },
  { value: 'approved', label: '已开通' },
  { value: 'rejected', label: '已驳回' },
  { value: '', label: '全部' },
];

const COLUMNS: Column<Row>[] = [
  {
    id: 'created',
    header: '申请时间',
    cell: (r) => when(r.created),
    csv: (r) => when(r.created),
    sort: (r) => r.created,
    date: (r) => r.created,
    className: 'whitespace-nowrap text-slate-500',
  },
  {
    id: 'customer',
    header: '客户',
    cell: (r) => (
      <>
        <span className="block font-medium">{r.customer.name || '—'}</span>
        <span className="text-xs text-slate-500">
          {r.customer.phone} {r.customer.company}
        </span>
      </>
    ),
    csv: [
      { header: '客户', value: (r) => r.customer.name },
      { header: '手机', value: (r) => r.customer.phone },
      { header: '单位', value: (r) => r.customer.company },
    ],
  },
  {
    id: 'requested',
    header: '申请额度',
    cell: (r) => formatFen(r.requested_fen),
    csv: [{ header: '申请额度（元）', value: (r) => fenToYuan(r.requested_fen) }],
    sort: (r) => r.requested_fen,
  },
  { id: 'reason', header: '说明', cell: (r) => r.reason || '—', csv: (r) => r.reason },
  {
    id: 'status',
    header: '状态',
    cell: (r) => (
      <>
        <Badge tone={r.status === 'reviewing' ? 'brand' : r.status === 'approved' ? 'accent' : 'slate'}>
          {r.status_text}
        </Badge>
        {r.line && (
          <>
            {r.line.suspended && (
              <span className="ml-1">
                <Badge tone="red">已暂停</Badge>
              </span>
            )}
            <span className="block text-xs whitespace-nowrap text-slate-500">
              额度 {formatFen(r.line.limit_fen)} · 已用 {formatFen(r.line.used_fen)} · {r.line.due_days} 天
            </span>
            {r.line.suspended && r.line.suspend_reason && (
              <span className="block text-xs text-red-600">暂停原因：{r.line.suspend_reason}</span>
            )}
          </>
        )}
        {r.reject_reason && <span className="block text-xs text-red-600">{r.reject_reason}</span>}
      </>
    ),
    csv: [
      { header: '状态', value: (r) => r.status_text },
      {
        header: '核定额度（元）',
        value: (r) => (r.status === 'approved' ? fenToYuan(r.limit_fen) : ''),
      },
      { header: '账期（天）', value: (r) => (r.status === 'approved' ? r.due_days : '') },
      { header: '已用额度（元）', value: (r) => (r.line ? fenToYuan(r.line.used_fen) : '') },
      { header: '暂停', value: (r) => (r.line?.suspended ? `已暂停：${r.line.suspend_reason}` : '') },
      { header: '驳回原因', value: (r) => r.reject_reason },
    ],
  },
  { id: 'decided', header: '审核时间', csv: (r) => when(r.decided) },
];

type LineAction = { kind: 'terms' | 'suspend' | 'resume'; row: Row };

/**
 * 信用额度: applications for a credit line; finance sets the limit and the term, or says no; an
 * approved line's limit and term changed, or the line suspended and resumed, with a reason
 * (decision 0088).
 */
export default function CreditReview({ me }: { me: Me }) {
  const [limit, setLimit] = useState('');
  const [days, setDays] = useState(String(DEFAULT_CREDIT_DUE_DAYS));
  const [acting, setActing] = useState<LineAction | null>(null);
  const act = (kind: LineAction['kind'], row: Row) => {
    setLimit(fenToYuan(row.line?.limit_fen ?? 0));
    setDays(String(row.line?.due_days ?? DEFAULT_CREDIT_DUE_DAYS));
    setActing({ kind, row });
  };
  return (
    <ReviewQueue<Row>
      me={me}
      title="信用额度"
      lead="客户申请先检测后付款的信用额度；额度与账期由财务核定。"
      list={moneyAdminApi.creditList}
      label="信用申请"
      statusLabel="申请状态"
      tabs={TABS}
      initialStatus="reviewing"
      empty="没有这一状态的信用申请"
      columns={COLUMNS}
      decider="money.approve"
      waiting={(r) => r.status === 'reviewing'}
      approve={{
        button: '开通',
        title: '开通信用额度',
        submitText: '开通',
        path: moneyAdminApi.creditApprove,
        // An unreadable amount is sent as -1 so the server's message explains it.
        body: () => ({ limit_fen: yuanToFen(limit) ?? -1, due_days: Number(days) }),
        done: '已开通',
        onOpen: (r) => setLimit(fenToYuan(r.requested_fen)),
        form: () => <TermsFields limit={limit} days={days} setLimit={setLimit} setDays={setDays} />,
      }}
      reject={{
        button: '驳回',
        title: '驳回信用申请',
        submitText: '驳回',
        path: moneyAdminApi.creditReject,
        done: '已驳回',
        reasonLabel: '驳回原因（客户可见）',
      }}
      otherActions={(r) =>
        r.line ? (
          <span className="inline-flex gap-1">
            <button type="button" className={button.ghost} onClick={() => act('terms', r)}>
              调整额度
            </button>
            {r.line.suspended ? (
              <button type="button" className={button.ghost} onClick={() => act('resume', r)}>
                恢复授信
              </button>
            ) : (
              <button type="button" className={button.danger} onClick={() => act('suspend', r)}>
                暂停授信
              </button>
            )}
          </span>
        ) : null
      }
    >
      {(reload) => (
        <LineModal
          action={acting}
          limit={limit}
          days={days}
          setLimit={setLimit}
          setDays={setDays}
          onClose={() => setActing(null)}
          onDone={reload}
        />
      )}
    </ReviewQueue>
  );
}

type Terms = { limit: string; days: string; setLimit: (v: string) => void; setDays: (v: string) => void };

/** A credit line's terms, as opening it and adjusting it both ask for them. */
function TermsFields({ limit, days, setLimit, setDays }: Terms) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="信用额度（元）">
        <input
          className={input}
          name="limit"
          inputMode="decimal"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
        />
      </Field>
      <Field label="账期（天）">
        <input
          className={input}
          name="due_days"
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </Field>
    </div>
  );
}

const LINE_TEXT = {
  terms: { title: '调整授信额度', submit: '确认调整', done: '已调整授信', reason: '调整原因' },
  suspend: { title: '暂停授信', submit: '确认暂停', done: '已暂停授信', reason: '暂停原因（客户可见）' },
  resume: { title: '恢复授信', submit: '确认恢复', done: '已恢复授信', reason: '恢复原因' },
};

/** The change of an approved line: the new terms, or the suspension, each with its reason. */
function LineModal({
  action,
  limit,
  days,
  setLimit,
  setDays,
  onClose,
  onDone,
}: Terms & {
  action: LineAction | null;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [reason, setReason] = useState('');
  const text = LINE_TEXT[action?.kind ?? 'terms'];
  const line = action?.row.line;
  const path =
    action?.kind === 'suspend'
      ? moneyAdminApi.creditSuspend
      : action?.kind === 'resume'
        ? moneyAdminApi.creditResume
        : moneyAdminApi.creditTerms;
  return (
    <FormModal
      open={action !== null}
      title={text.title}
      submitText={text.submit}
      danger={action?.kind === 'suspend'}
      onClose={() => (setReason(''), onClose())}
      onSubmit={() =>
        staffAction(
          path,
          {
            rid: action!.row.rid,
            reason,
            ...(action!.kind === 'terms'
              ? { limit_fen: yuanToFen(limit) ?? -1, due_days: Number(days) }
              : {}),
          },
          text.done,
          () => (setReason(''), onDone()),
        )
      }
    >
      {action && line && (
        <p className="text-sm leading-relaxed text-slate-600">
          {action.row.customer.name || action.row.customer.phone}：额度 {formatFen(line.limit_fen)}，已用{' '}
          {formatFen(line.used_fen)}，账期 {line.due_days} 天。
          {action.kind === 'terms' && ' 额度不能低于已用额度；如需停止新的信用支付，请暂停授信。'}
          {action.kind === 'suspend' && ' 暂停后客户不能再用信用支付，已用额度仍可照常还款。'}
          {action.kind === 'resume' && ' 恢复后客户可再次使用信用支付。'}
        </p>
      )}
      {action?.kind === 'terms' && (
        <TermsFields limit={limit} days={days} setLimit={setLimit} setDays={setDays} />
      )}
      <Field label={text.reason}>
        <input
          className={input}
          name="reason"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}
