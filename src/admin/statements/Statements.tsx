import { useEffect, useState } from 'react';
import { consoleApi, type Me, staffAction } from '../session.ts';
import { Badge, button, Field, filterInput, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { savePdf } from '../files.ts';
import { Dispute, Lines } from './StatementLines.tsx';
import { addMonth } from '../../lib/shared/statements/statements.ts';
import { shanghaiMonth } from '../../lib/shared/time.ts';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { statementsAdminApi } from '../../lib/shared/statements/api.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Row = RowOf<typeof statementsAdminApi.list>;
type Detail = OutputOf<typeof statementsAdminApi.detail>;

const TABS = [
  { value: 'disputed', label: '有异议' },
  { value: 'pending', label: '待确认' },
  { value: 'confirmed', label: '已确认' },
  { value: '', label: '全部' },
];

const tone = (status: Row['status']): 'hot' | 'brand' | 'accent' | 'slate' =>
  status === 'disputed'
    ? 'hot'
    : status === 'pending'
      ? 'brand'
      : status === 'confirmed'
        ? 'accent'
        : 'slate';

/**
 * 对账单: customers' and research groups' monthly statements (decision 0046); finance issue or
 * reissue one and answer disputes.
 */
export default function Statements({ me }: { me: Me }) {
  const [status, setStatus] = useState('disputed');
  const [month, setMonth] = useState('');
  const [phone, setPhone] = useState('');
  const [owner, setOwner] = useState('');
  const filter = {
    ...(status ? { status } : {}),
    ...(month ? { month } : {}),
    ...(phone ? { phone } : {}),
    ...(owner ? { owner } : {}),
  };
  const list = useList(statementsAdminApi.list, filter);
  const [open, setOpen] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  const manage = me.permissions.includes('statements.manage');
  const columns: Column<Row>[] = [
    {
      id: 'month',
      header: '月份',
      sort: (r) => r.month,
      cell: (r) => r.month_text,
      className: 'whitespace-nowrap',
      csv: (r) => r.month,
    },
    {
      id: 'customer',
      header: '客户',
      sort: (r) => r.customer.name,
      cell: (r) => (
        <>
          {r.group && (
            <span className="block text-xs font-medium text-brand-700">课题组「{r.group.name}」</span>
          )}
          <span className="block font-medium">{r.customer.name || '—'}</span>
          <span className="text-xs text-slate-500">
            {r.customer.phone} {r.customer.company}
          </span>
        </>
      ),
      csv: [
        { header: '客户', value: (r) => r.customer.name },
        { header: '课题组', value: (r) => r.group?.name ?? '' },
        { header: '手机', value: (r) => r.customer.phone },
        { header: '单位', value: (r) => r.customer.company },
      ],
    },
    {
      id: 'status',
      header: '状态',
      cell: (r) => (
        <>
          <Badge tone={tone(r.status)}>{r.status_text}</Badge>
          {r.version > 1 && <span className="ml-1 text-xs text-slate-500">第{r.version}版</span>}
          {r.dispute_reason && r.status === 'disputed' && (
            <span className="block max-w-56 truncate text-xs text-red-600">{r.dispute_reason}</span>
          )}
        </>
      ),
      csv: [
        { header: '版本', value: (r) => r.version },
        { header: '状态', value: (r) => r.status_text },
      ],
    },
    {
      id: 'due',
      header: '期末应付',
      sort: (r) => r.figures.due_fen,
      cell: (r) => formatFen(r.figures.due_fen),
      className: 'tabular-nums',
      csv: [{ header: '期末应付（元）', value: (r) => fenToYuan(r.figures.due_fen) }],
    },
    {
      id: 'issued',
      header: '出具时间',
      sort: (r) => r.issued ?? '',
      cell: (r) => when(r.issued),
      className: 'whitespace-nowrap text-slate-500',
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) => (
        <button type="button" className={button.ghost} onClick={() => setOpen(r.rid)}>
          {manage && r.status === 'disputed' ? '答复' : '查看'}
        </button>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="对账单"
        lead="每月1日自动出具上月对账单；客户7天内未回复视为确认。答复异议时可重新出具（保留旧版本）。"
        actions={
          <span className="flex gap-2">
            <ExportCsv<Row> list={statementsAdminApi.list} filter={filter} name="对账单" columns={columns} />
            {manage && (
              <button type="button" className={button.primary} onClick={() => setIssuing(true)}>
                出具对账单
              </button>
            )}
          </span>
        }
      />
      <StatusTabs label="对账单状态" tabs={TABS} value={status} onChange={setStatus} />
      <div className="mb-3 flex flex-wrap gap-2">
        <input
          className={filterInput}
          type="month"
          aria-label="对账月份"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
        />
        <input
          className={filterInput}
          aria-label="客户手机号"
          placeholder="客户手机号"
          inputMode="numeric"
          maxLength={11}
          value={phone}
          onChange={(e) => setPhone(e.target.value.trim())}
        />
        <select
          className={filterInput}
          aria-label="对账主体"
          value={owner}
          onChange={(e) => setOwner(e.target.value)}
        >
          <option value="">客户和课题组</option>
          <option value="customer">客户</option>
          <option value="group">课题组</option>
        </select>
      </div>
      <DataTable<Row>
        label="对账单"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty="没有符合条件的对账单"
        columns={columns}
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <IssueModal
        open={issuing}
        onClose={() => setIssuing(false)}
        onIssued={(d) => {
          // The list follows the action: the new statement's tab and month, its detail open.
          setStatus(d.status);
          setMonth(d.month);
          setOwner('');
          setPhone('');
          list.reload();
          setOpen(d.rid);
        }}
      />
      {open && (
        <DetailModal
          rid={open}
          manage={manage}
          onClose={() => setOpen(null)}
          onDone={list.reload}
          onOpen={setOpen}
        />
      )}
    </div>
  );
}

function IssueModal({
  open,
  onClose,
  onIssued,
}: {
  open: boolean;
  onClose: () => void;
  onIssued: (d: Detail) => void;
}) {
  const [phone, setPhone] = useState('');
  const [month, setMonth] = useState(() => addMonth(shanghaiMonth(Date.now()), -1));
  const [note, setNote] = useState('');
  return (
    <FormModal
      open={open}
      title="出具对账单"
      submitText="出具"
      onClose={onClose}
      onSubmit={() => {
        let issued: Detail | null = null;
        return staffAction<Detail>(
          statementsAdminApi.issue,
          { phone, month, note },
          (d) => ((issued = d), `已出具${d.month_text}对账单（第${d.version}版）`),
          () => issued && onIssued(issued),
        );
      }}
    >
      <p className="text-sm text-slate-500">
        为客户出具已结束月份的对账单；已有对账单时出具新版本，旧版本保留为“已重开”。
      </p>
      <Field label="客户手机号">
        <input
          className={input}
          name="phone"
          inputMode="numeric"
          maxLength={11}
          value={phone}
          onChange={(e) => setPhone(e.target.value.trim())}
        />
      </Field>
      <Field label="对账月份">
        <input
          className={input}
          type="month"
          name="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
        />
      </Field>
      <Field label="说明（客户可见，可不填）">
        <input
          className={input}
          name="note"
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
    </FormModal>
  );
}

function DetailModal({
  rid,
  manage,
  onClose,
  onDone,
  onOpen,
}: {
  rid: string;
  manage: boolean;
  onClose: () => void;
  onDone: () => void;
  onOpen: (rid: string) => void;
}) {
  const [d, setD] = useState<Detail | null>(null);
  const [reply, setReply] = useState('');
  const [reissue, setReissue] = useState(true);
  useEffect(() => {
    void consoleApi.call(statementsAdminApi.detail, { rid }).then((res) => res && setD(res));
  }, [rid]);
  const answering = manage && d?.status === 'disputed';
  const f = d?.figures;
  return (
    <FormModal
      open
      title={
        d
          ? `${d.group ? `课题组「${d.group.name}」 · ` : ''}${d.customer.name || d.customer.phone} · ${d.month_text}对账单（第${d.version}版）`
          : '对账单'
      }
      submitText={answering ? (reissue ? '答复并重新出具' : '答复') : '关闭'}
      onClose={onClose}
      onSubmit={async () => {
        if (!answering) return null;
        return staffAction(
          statementsAdminApi.answer,
          { rid, reply, reissue },
          reissue ? '已答复并重新出具' : '已答复',
          onDone,
        );
      }}
    >
      {!d || !f ? (
        <p className="text-sm text-slate-400">加载中…</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">状态</dt>
            <dd>{d.status_text}</dd>
            <dt className="text-slate-500">期初余额</dt>
            <dd className="tabular-nums">{formatFen(f.opening_balance_fen)}</dd>
            <dt className="text-slate-500">期末余额</dt>
            <dd className="tabular-nums">{formatFen(f.closing_balance_fen)}</dd>
            <dt className="text-slate-500">本期结算订单</dt>
            <dd className="tabular-nums">{formatFen(f.billed_fen)}</dd>
            <dt className="text-slate-500">期末待结算</dt>
            <dd className="tabular-nums">{formatFen(f.closing_unsettled_fen)}</dd>
            <dt className="text-slate-500">期末信用欠款</dt>
            <dd className="tabular-nums">{formatFen(f.closing_credit_fen)}</dd>
            <dt className="text-slate-500">期末应付合计</dt>
            <dd className="font-semibold tabular-nums">{formatFen(f.due_fen)}</dd>
          </dl>
          <p className="flex justify-end">
            <button
              type="button"
              className={button.ghost}
              onClick={() =>
                void savePdf(
                  statementsAdminApi.pdf.path,
                  { rid: d.rid },
                  `对账单-${d.month}-v${d.version}.pdf`,
                )
              }
            >
              下载 PDF
            </button>
          </p>
          <Lines d={d} />
          {d.dispute_reason && <Dispute d={d} />}
          {d.reply && <p className="rounded-md bg-slate-50 px-3 py-2 text-sm">答复：{d.reply}</p>}
          {d.versions.length > 1 && (
            <p className="flex flex-wrap gap-2 text-xs text-slate-500">
              版本：
              {d.versions.map((v) => (
                <button
                  key={v.rid}
                  type="button"
                  className={v.rid === d.rid ? 'font-semibold text-slate-900' : 'text-brand-700 underline'}
                  onClick={() => onOpen(v.rid)}
                >
                  第{v.version}版 {v.status_text}
                </button>
              ))}
            </p>
          )}
          {answering && (
            <>
              <Field label="答复（客户可见）">
                <textarea
                  className={input}
                  name="reply"
                  rows={3}
                  maxLength={500}
                  value={reply}
                  onChange={(e) => setReply(e.target.value)}
                />
              </Field>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={reissue} onChange={(e) => setReissue(e.target.checked)} />
                按当前记录重新出具（新版本，需客户重新确认）
              </label>
            </>
          )}
        </>
      )}
    </FormModal>
  );
}
