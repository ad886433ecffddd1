// 银行流水 (decision 0088): finance imports the bank's CSV export (ICBC, CCB or any export with the
// usual column names, UTF-8 or GBK); incoming transfers that fit a top-up waiting for review are
// proposed, finance confirms (the top-up's approval: a large one still takes a second person) or
// sets a row aside with a reason; the rows that fit nothing stay listed.
import { useRef, useState } from 'react';
import { $session, notice, staffAction, type Me } from '../session.ts';
import { Badge, button, Field, FormModal, input, PageHeader, StatusTabs, when } from '../ui.tsx';
import { useList, type RowOf } from '../lists.ts';
import { type Column, DataTable, Pager } from '../table.tsx';
import { ExportCsv } from '../csv.tsx';
import { fenToYuan, formatFen } from '../../lib/shared/money.ts';
import { bankAdminApi, BANK_FILE_MAX_BYTES } from '../../lib/shared/money/bank.ts';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';

type Row = RowOf<typeof bankAdminApi.rows>;
type Imported = OutputOf<typeof bankAdminApi.import>;
type Candidate = Row['candidates'][number];

const TABS = [
  { value: 'proposed', label: '有匹配建议' },
  { value: 'none', label: '未匹配' },
  { value: 'linked', label: '已对应' },
  { value: 'ignored', label: '已忽略' },
  { value: '', label: '全部' },
];

const filterOf = (tab: string) =>
  tab === 'proposed' || tab === 'none' ? { status: 'open', match: tab } : tab ? { status: tab } : {};

const who = (c: { customer: { name: string; phone: string; company: string } }) =>
  [c.customer.company, c.customer.name || c.customer.phone].filter(Boolean).join(' · ');

function columns(act: (kind: 'confirm' | 'ignore', row: Row) => void, decide: boolean): Column<Row>[] {
  return [
    {
      id: 'booked',
      header: '交易日期',
      cell: (r) => (
        <>
          <span className="block whitespace-nowrap">{r.booked_on}</span>
          <span className="text-xs text-slate-500">{r.booked_time}</span>
        </>
      ),
      csv: (r) => `${r.booked_on} ${r.booked_time}`.trim(),
      sort: (r) => `${r.booked_on} ${r.booked_time}`,
    },
    {
      id: 'payer',
      header: '付款方',
      cell: (r) => (
        <>
          <span className="block font-medium">{r.payer_name || '—'}</span>
          <span className="text-xs break-all text-slate-500">
            {r.payer_account} {r.payer_bank}
          </span>
        </>
      ),
      csv: [
        { header: '对方户名', value: (r) => r.payer_name },
        { header: '对方账号', value: (r) => r.payer_account },
      ],
    },
    {
      id: 'amount',
      header: '金额',
      cell: (r) => (
        <span className="font-semibold whitespace-nowrap tabular-nums">{formatFen(r.amount_fen)}</span>
      ),
      csv: [{ header: '金额（元）', value: (r) => fenToYuan(r.amount_fen) }],
      sort: (r) => r.amount_fen,
    },
    {
      id: 'remark',
      header: '摘要/附言',
      cell: (r) => (
        <>
          <span className="block max-w-60 break-words">{r.remark || '—'}</span>
          {r.serial && <span className="text-xs text-slate-500">流水号 {r.serial}</span>}
        </>
      ),
      csv: [
        { header: '摘要/附言', value: (r) => r.remark },
        { header: '流水号', value: (r) => r.serial },
      ],
    },
    {
      id: 'match',
      header: '对应预存',
      cell: (r) => <MatchCell r={r} />,
      csv: [
        { header: '状态', value: (r) => r.status_text },
        {
          header: '对应预存',
          value: (r) =>
            r.prestore
              ? `${who(r.prestore)} ${r.prestore.status_text}`
              : r.proposed
                ? `建议：${who(r.proposed)}`
                : '',
        },
        { header: '说明', value: (r) => r.note },
      ],
    },
    {
      id: 'actions',
      header: '操作',
      cell: (r) =>
        decide && r.status === 'open' ? (
          <span className="inline-flex flex-wrap gap-1">
            {r.candidates.length > 0 && (
              <button type="button" className={button.primary} onClick={() => act('confirm', r)}>
                {r.proposed ? '确认入账' : '选择入账'}
              </button>
            )}
            <button type="button" className={button.ghost} onClick={() => act('ignore', r)}>
              忽略
            </button>
          </span>
        ) : decide && r.status === 'linked' && r.prestore?.first_approved ? (
          <button type="button" className={button.primary} onClick={() => act('confirm', r)}>
            复核入账
          </button>
        ) : null,
    },
  ];
}

function MatchCell({ r }: { r: Row }) {
  if (r.prestore)
    return (
      <>
        <Badge tone={r.prestore.status === 'credited' ? 'accent' : 'hot'}>
          {r.prestore.first_approved ? '已初审·待复核' : r.prestore.status_text}
        </Badge>
        <span className="block text-xs">{who(r.prestore)}</span>
        <span className="text-xs text-slate-500">{when(r.decided)}</span>
      </>
    );
  if (r.status === 'ignored')
    return (
      <>
        <Badge>已忽略</Badge>
        <span className="block text-xs text-slate-500">{r.note}</span>
      </>
    );
  if (r.proposed)
    return (
      <>
        <Badge tone="brand">建议</Badge>
        <span className="block text-xs">{who(r.proposed)}</span>
        <span className="text-xs text-slate-500">{r.proposed.reasons.join('、')}</span>
      </>
    );
  if (r.candidates.length > 0)
    return (
      <span className="text-xs text-hot-600">{r.candidates.length} 笔预存金额与付款方都相符，请选择</span>
    );
  return <span className="text-xs text-slate-400">没有待审核的预存与之相符</span>;
}

/** Uploads the file (multipart, with the console's token) and answers what the import found. */
async function upload(file: File): Promise<Imported | null> {
  if (file.size > BANK_FILE_MAX_BYTES) {
    notice('error', `文件不能超过${BANK_FILE_MAX_BYTES / 1024 / 1024}MB`);
    return null;
  }
  const form = new FormData();
  form.set('file', file);
  const res = await fetch(bankAdminApi.import.path, {
    method: 'POST',
    headers: { authorization: `Bearer ${$session.get()?.access ?? ''}` },
    body: form,
  }).catch(() => null);
  const body = (await res?.json().catch(() => null)) as { code: number; msg: string; data: Imported } | null;
  if (!body?.code) {
    notice('error', body?.msg || '导入失败，请稍后重试');
    return null;
  }
  notice('ok', body.msg);
  return body.data;
}

/** 银行流水: see the file's comment. */
export default function BankStatement({ me }: { me: Me }) {
  const [tab, setTab] = useState('proposed');
  const filter = filterOf(tab);
  const list = useList(bankAdminApi.rows, filter);
  const [acting, setActing] = useState<{ kind: 'confirm' | 'ignore'; row: Row } | null>(null);
  const [last, setLast] = useState<Imported | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const decide = me.permissions.includes('money.approve');
  const cols = columns((kind, row) => setActing({ kind, row }), decide);
  return (
    <div>
      <PageHeader
        title="银行流水"
        lead="导入网银导出的账户明细（CSV，工商银行、建设银行等格式，UTF-8 或 GBK）；收入按金额与付款户名、附言或流水号匹配待审核的预存，确认后入账。同一文件重复导入不会重复入账。"
        actions={
          <span className="flex flex-wrap gap-2">
            <ExportCsv<Row> list={bankAdminApi.rows} filter={filter} name="银行流水" columns={cols} />
            {decide && (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".csv,text/csv,text/plain"
                  className="hidden"
                  aria-label="银行流水文件"
                  onChange={async (e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (!file) return;
                    setBusy(true);
                    const done = await upload(file);
                    setBusy(false);
                    if (!done) return;
                    setLast(done);
                    setTab(done.proposed > 0 ? 'proposed' : 'none');
                    list.reload();
                  }}
                />
                <button
                  type="button"
                  className={button.primary}
                  disabled={busy}
                  onClick={() => fileInput.current?.click()}
                >
                  {busy ? '导入中…' : '导入银行流水'}
                </button>
              </>
            )}
          </span>
        }
      />
      {last && (
        <p role="status" className="mb-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {last.file_name}（{last.format_text}）：收入 {last.rows} 笔，新增 {last.new_rows} 笔
          {last.repeated && '（该文件已导入过）'}，其中 {last.proposed} 笔有匹配建议；支出 {last.outgoing}{' '}
          笔未导入
          {last.skipped.length > 0 &&
            `；跳过 ${last.skipped.length} 行（${last.skipped.map((s) => `第${s.line}行`).join('、')}）`}
          。
        </p>
      )}
      <StatusTabs label="流水状态" tabs={TABS} value={tab} onChange={setTab} />
      <DataTable<Row>
        label="银行流水"
        rows={list.data?.list ?? null}
        rowKey={(r) => r.rid}
        empty={tab === 'proposed' ? '没有待确认的匹配建议' : '没有这一状态的流水'}
        columns={cols}
        cards
      />
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} />
      <ConfirmModal
        row={acting?.kind === 'confirm' ? acting.row : null}
        onClose={() => setActing(null)}
        onDone={list.reload}
      />
      <IgnoreModal
        row={acting?.kind === 'ignore' ? acting.row : null}
        onClose={() => setActing(null)}
        onDone={list.reload}
      />
    </div>
  );
}

function ConfirmModal({
  row,
  onClose,
  onDone,
}: {
  row: Row | null;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [chosen, setChosen] = useState('');
  const options: Candidate[] = row?.prestore
    ? [{ ...row.prestore, score: 0, reasons: [] }]
    : (row?.candidates ?? []);
  const pick = chosen || row?.prestore?.rid || row?.proposed?.rid || '';
  return (
    <FormModal
      open={row !== null}
      title="确认入账"
      submitText="确认入账"
      onClose={() => (setChosen(''), onClose())}
      onSubmit={() =>
        pick
          ? staffAction<{ awaiting_second: boolean }>(
              bankAdminApi.confirm,
              { rid: row!.rid, prestore_rid: pick },
              (d) => (d.awaiting_second ? '已初审，需另一位同事复核后入账' : '已入账'),
              () => (setChosen(''), onDone()),
            )
          : Promise.resolve('请选择对应的预存申请')
      }
    >
      {row && (
        <>
          <p className="text-sm leading-relaxed">
            {row.booked_on} 收到 <strong>{row.payer_name}</strong> 转账{' '}
            <strong>{formatFen(row.amount_fen)}</strong>
            {row.remark && `（${row.remark}）`}。确认后对应预存入账：客户现金余额增加{' '}
            {formatFen(row.amount_fen)}
            ，赠送金按预存规则一并入账；金额较大的需另一位同事复核。
          </p>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">对应预存申请</legend>
            {options.map((c) => (
              <label
                key={c.rid}
                className="flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm"
              >
                <input
                  type="radio"
                  name="prestore"
                  className="mt-1"
                  checked={pick === c.rid}
                  onChange={() => setChosen(c.rid)}
                />
                <span className="min-w-0">
                  <span className="block font-medium">{who(c)}</span>
                  <span className="text-xs text-slate-500">
                    付款单位 {c.payer} · {formatFen(c.amount_fen)}
                    {c.bonus_fen > 0 && ` · 赠 ${formatFen(c.bonus_fen)}`} · 申请于 {when(c.created)}
                    {c.reasons.length > 0 && ` · ${c.reasons.join('、')}`}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        </>
      )}
    </FormModal>
  );
}

function IgnoreModal({
  row,
  onClose,
  onDone,
}: {
  row: Row | null;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const [reason, setReason] = useState('');
  return (
    <FormModal
      open={row !== null}
      title="忽略流水"
      submitText="确认忽略"
      onClose={() => (setReason(''), onClose())}
      onSubmit={() =>
        staffAction(bankAdminApi.ignore, { rid: row!.rid, reason }, '已忽略', () => (setReason(''), onDone()))
      }
    >
      {row && (
        <p className="text-sm text-slate-600">
          {row.booked_on} {row.payer_name} {formatFen(row.amount_fen)}
          ：不是预存款（如货款、退款）时忽略，不会入账。
        </p>
      )}
      <Field label="原因">
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
