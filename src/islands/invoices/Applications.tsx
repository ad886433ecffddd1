import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { memberOnly } from '../ui/member-gate.tsx';
import Dialog from '../ui/Dialog.tsx';
import { Choices, inputClass, Pager, Row, Spinner } from '../ui/kit.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { saveFile } from '../../lib/client/download.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiDate, shanghaiMinute } from '../../lib/shared/time.ts';
import { UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT } from '../../lib/shared/orders/demand.ts';
import { FilePicker, UploadRow, useUploadLimits, useUploads } from '../files/uploads.tsx';
import { monthText } from '../../lib/shared/statements/statements.ts';
import { INVOICE_TYPE_NAMES, INVOICE_TYPES, type InvoiceType } from '../../lib/shared/invoices/invoices.ts';
import type {
  InvoiceApplicationSchema,
  InvoiceDetailSchema,
  InvoiceHistorySchema,
  InvoiceableOrdersSchema,
} from '../../lib/shared/invoices/responses.ts';
import type { Title } from './Titles.tsx';
import { invoicesApi } from '../../lib/shared/invoices/api.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { filesApi } from '../../lib/shared/files/api.ts';

type Application = z.output<typeof InvoiceApplicationSchema>;
type Detail = z.output<typeof InvoiceDetailSchema>;
type History = z.output<typeof InvoiceHistorySchema>;
type Offer = z.output<typeof InvoiceableOrdersSchema>;
type Payable = Offer['list'][number];
type Topup = Offer['topups'][number];

const isInvoiceType = (n: number): n is InvoiceType => (INVOICE_TYPES as readonly number[]).includes(n);

const TONE: Record<Application['status'], string> = {
  reviewing: 'bg-brand-50 text-brand-700',
  issuing: 'bg-hot-50 text-hot-600',
  issued: 'bg-accent-50 text-accent-700',
  rejected: 'bg-red-50 text-red-600',
  reversing: 'bg-slate-100 text-slate-600',
  reversed: 'bg-slate-100 text-slate-500',
};

/** What the dialog may offer: paid orders and credited top-ups not yet invoiced. */
type Source = 'orders' | 'topup';

/** A top-up's invoice wish from the top-up form: its type, and the saved title of the name typed. */
function wishOf(p: Topup, titles: Title[] | null): { type?: InvoiceType; titleRid?: string } {
  const name = p.invoice_title.trim();
  return {
    type: isInvoiceType(p.invoice_type) ? p.invoice_type : undefined,
    titleRid: name ? titles?.find((t) => t.name === name)?.rid : undefined,
  };
}

/**
 * 申请开票 (or, with `editing`, change a rejected or waiting application): type, title, and what
 * to invoice — orders chosen one by one, a credited top-up (its type and title as asked for on the
 * top-up form), or, over a confirmed statement, all of its orders not yet invoiced — and the
 * contract and other materials for the finance office.
 */
function ApplyDialog({
  open,
  editing,
  statementRid,
  prestoreRid,
  availableFen,
  onClose,
  onDone,
}: {
  open: boolean;
  editing: Detail | null;
  statementRid: string | null;
  /** Opened from a top-up (?prestore=…): that top-up chosen. */
  prestoreRid: string | null;
  /** What may still be invoiced in all (asset/invoiceHistory). */
  availableFen: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const statement = editing ? (editing.statement?.rid ?? null) : statementRid;
  const [titles, setTitles] = useState<Title[] | null>(null);
  const [orders, setOrders] = useState<Payable[] | null>(null);
  const [topups, setTopups] = useState<Topup[]>([]);
  const [source, setSource] = useState<Source>('orders');
  const [type, setType] = useState<InvoiceType>(1);
  const [titleRid, setTitleRid] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [topupRid, setTopupRid] = useState('');
  const [email, setEmail] = useState('');
  const [remark, setRemark] = useState('');
  const [contract, setContract] = useState<{ rid: string; name: string } | null>(null);
  // Materials already on the application being changed (kept unless removed), and new uploads.
  const [kept, setKept] = useState<string[]>([]);
  const limits = useUploadLimits();
  const others = useUploads(filesApi.uploadFile, {}, limits?.file_max_bytes ?? null, UPLOAD_ACCEPT);
  const { clear } = others;
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setError('');
    setOrders(null);
    const titlesLoaded = api.call(invoicesApi.titles, {}).then((r) => {
      const list = r?.list ?? [];
      setTitles(list);
      setTitleRid(
        editing?.title
          ? (list.find((t) => t.name === editing.title.name)?.rid ?? '')
          : (list.find((t) => t.is_default)?.rid ?? list[0]?.rid ?? ''),
      );
      return list;
    });
    const filter = statement ? { statement_rid: statement } : {};
    void api.call(invoicesApi.orders, filter).then(async (r) => {
      // The orders or top-up of the application being changed are on it, so not offered: add them back.
      const own = (editing?.lines ?? [])
        .filter((l) => l.order_rid && !r?.list.some((o) => o.rid === l.order_rid))
        .map((l) => ({
          rid: l.order_rid!,
          order_no: l.order_no ?? '',
          item_names: [],
          created: '',
          amount_fen: l.amount_fen,
        }));
      const ownTopup = (editing?.lines ?? [])
        .filter((l) => l.prestore_rid)
        .map((l) => ({
          rid: l.prestore_rid!,
          created: '',
          amount_fen: l.amount_fen,
          invoice_type: 0,
          invoice_title: '',
        }));
      setOrders([...own, ...(r?.list ?? [])]);
      const offered = [...ownTopup, ...(r?.topups ?? [])];
      setTopups(offered);
      // A statement's orders go together: all of them, none to pick.
      if (statement) setChosen(new Set([...own, ...(r?.list ?? [])].map((o) => o.rid)));
      // Opened from a top-up: take the invoice asked for on the top-up form.
      const wanted = prestoreRid ? offered.find((p) => p.rid === prestoreRid) : undefined;
      if (wanted) {
        const wish = wishOf(wanted, await titlesLoaded);
        if (wish.type) setType(wish.type);
        if (wish.titleRid) setTitleRid(wish.titleRid);
      }
    });
    setSource(editing?.source === 'topup' || prestoreRid ? 'topup' : 'orders');
    setTopupRid(editing?.lines.find((l) => l.prestore_rid)?.prestore_rid ?? prestoreRid ?? '');
    setType((editing?.type as InvoiceType) ?? 1);
    setChosen(
      new Set((editing?.lines ?? []).map((l) => l.order_rid).filter((rid): rid is string => Boolean(rid))),
    );
    setEmail(editing?.email ?? '');
    setRemark(editing?.remark ?? '');
    setContract(null);
    setKept(editing?.materials.other_file_rids ?? []);
    clear();
  }, [open, editing, statement, prestoreRid, clear]);

  function chooseTopup(p: Topup) {
    setTopupRid(p.rid);
    const wish = wishOf(p, titles);
    if (wish.type) setType(wish.type);
    if (wish.titleRid) setTitleRid(wish.titleRid);
  }

  const ordersFen = (orders ?? []).reduce((n, o) => n + o.amount_fen, 0);
  const topup = topups.find((p) => p.rid === topupRid);
  const total =
    source === 'topup'
      ? (topup?.amount_fen ?? 0)
      : (orders ?? []).filter((o) => chosen.has(o.rid)).reduce((n, o) => n + o.amount_fen, 0);
  const toggle = (rid: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(rid)) next.delete(rid);
      else next.add(rid);
      return next;
    });

  async function uploadContract(file: File) {
    const form = new FormData();
    form.set('file', file);
    const stored = await api.upload<{ rid: string; name: string }>(filesApi.uploadFile, form);
    if (stored) setContract({ rid: stored.rid, name: stored.name });
  }

  const otherRids = [
    ...kept,
    ...others.items.flatMap((i) => (i.state === 'done' && i.stored ? [i.stored.rid] : [])),
  ];

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!titleRid) return setError('请先选择发票抬头');
    if (source === 'topup' && !topup) return setError('请选择要开票的预存记录');
    if (source === 'orders' && chosen.size === 0) return setError('请选择要开票的订单');
    if (otherRids.length > 10) return setError('附件最多10个');
    setBusy(true);
    try {
      const body = {
        type,
        title_rid: titleRid,
        ...(statement
          ? { statement_rid: statement }
          : source === 'topup'
            ? { prestore_rid: topupRid }
            : { order_rids: [...chosen] }),
        email,
        remark,
        contract_file_rid: contract?.rid ?? editing?.materials.contract_file_rid ?? '',
        other_file_rids: otherRids,
      };
      await api.call(
        editing ? invoicesApi.edit : invoicesApi.apply,
        editing ? { ...body, rid: editing.rid } : body,
        {
          throws: true,
        },
      );
      toast.success(editing ? '已重新提交!' : '申请已提交!');
      onDone();
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? '修改开票申请' : '申请开票'}
      width={640}
      footer={
        <>
          <span className="mr-auto text-sm text-slate-600">
            开票金额{' '}
            <strong className="text-hot-600 tabular-nums" data-invoice-total>
              {formatFen(total)}
            </strong>
          </span>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" form="invoice-form" className="btn-primary" disabled={busy || others.busy}>
            {busy && <Spinner />}
            提交申请
          </button>
        </>
      }
    >
      <form id="invoice-form" onSubmit={submit} className="grid gap-3" noValidate>
        {!statement && (
          <Choices
            label="开票内容"
            name="source"
            value={source}
            options={[
              { value: 'orders' as const, label: '已支付的订单' },
              { value: 'topup' as const, label: '预存充值' },
            ]}
            onChange={setSource}
          />
        )}
        <Choices
          label="发票类型"
          name="type"
          value={type}
          options={INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_NAMES[value] }))}
          onChange={setType}
        />
        <Row label="发票抬头" htmlFor="invoice-title" required>
          {titles && titles.length === 0 ? (
            <p className="text-sm text-slate-500">
              还没有发票抬头，请先到
              <a href="/member/invoiceMg" className="mx-1 text-brand-700 underline">
                发票信息
              </a>
              添加
            </p>
          ) : (
            <select
              id="invoice-title"
              className={inputClass}
              value={titleRid}
              onChange={(e) => setTitleRid(e.target.value)}
            >
              {(titles ?? []).map((t) => (
                <option key={t.rid} value={t.rid}>
                  {t.group ? `[课题组] ` : ''}
                  {t.name}
                  {t.tax_no ? `（${t.tax_no}）` : ''}
                </option>
              ))}
            </select>
          )}
          {source === 'topup' &&
            topup?.invoice_title &&
            !titles?.some((t) => t.name === topup.invoice_title.trim()) && (
              <p className="mt-1 text-xs text-hot-600">
                预存时填写的抬头「{topup.invoice_title}」尚未保存，请到
                <a href="/member/invoiceMg" className="mx-1 underline">
                  发票信息
                </a>
                添加后选择
              </p>
            )}
        </Row>
        {source === 'topup' && !statement ? (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">
              开票的预存记录（已入账、尚未开票；预存开票后，用它支付的订单不再重复开票）
            </legend>
            {orders === null ? (
              <p className="text-sm text-slate-400">加载中…</p>
            ) : topups.length === 0 ? (
              <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-500">
                没有可开票的预存：预存入账后即可申请开票
              </p>
            ) : (
              <ul className="grid max-h-56 gap-1.5 overflow-y-auto">
                {topups.map((p) => (
                  <li key={p.rid}>
                    <label className="flex cursor-pointer flex-wrap items-center gap-x-2 gap-y-0.5 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-300">
                      <input
                        type="radio"
                        name="topup"
                        checked={topupRid === p.rid}
                        onChange={() => chooseTopup(p)}
                        className="accent-brand-600"
                        aria-label={`预存 ${formatFen(p.amount_fen)}${p.created ? ` ${shanghaiDate(new Date(p.created))}` : ''}`}
                      />
                      <span className="min-w-0 flex-1">
                        预存充值
                        {p.created && (
                          <span className="ml-2 text-xs text-slate-500 tabular-nums">
                            {shanghaiDate(new Date(p.created))}
                          </span>
                        )}
                      </span>
                      <span className="font-medium tabular-nums">{formatFen(p.amount_fen)}</span>
                      {isInvoiceType(p.invoice_type) && (
                        <span className="w-full pl-6 text-xs text-slate-500">
                          预存时申请：{INVOICE_TYPE_NAMES[p.invoice_type]}
                          {p.invoice_title && ` · ${p.invoice_title}`}
                        </span>
                      )}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">
              {statement
                ? `按对账单开票${editing?.statement ? `（${monthText(editing.statement.month)}）` : ''}：对账单中已结算、尚未开票的订单`
                : '开票订单（实付金额，不含赠送金和优惠券）'}
            </legend>
            {orders === null ? (
              <p className="text-sm text-slate-400">加载中…</p>
            ) : orders.length === 0 ? (
              <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-500">
                {statement
                  ? '该对账单没有可开票的订单：请先结算对账单中的订单'
                  : '没有可开票的订单：订单支付后即可申请开票'}
              </p>
            ) : (
              <ul className="grid max-h-56 gap-1.5 overflow-y-auto">
                {orders.map((o) => (
                  <li key={o.rid}>
                    <label className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-brand-300">
                      <input
                        type="checkbox"
                        checked={chosen.has(o.rid)}
                        disabled={statement !== null}
                        onChange={() => toggle(o.rid)}
                        className="accent-brand-600"
                        aria-label={o.order_no}
                      />
                      <span className="grid min-w-0 flex-1">
                        <span className="tabular-nums">{o.order_no}</span>
                        {o.item_names.length > 0 && (
                          <span className="truncate text-xs text-slate-500" title={o.item_names.join('、')}>
                            {o.item_names.join('、')}
                          </span>
                        )}
                      </span>
                      <span className="font-medium tabular-nums">{formatFen(o.amount_fen)}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {!statement && orders !== null && availableFen !== null && (
              <p className="text-xs text-slate-500" data-invoice-explain>
                {availableFen > ordersFen
                  ? `可开票金额 ${formatFen(availableFen)}，其中可选订单 ${formatFen(ordersFen)}；其余 ${formatFen(availableFen - ordersFen)} 是尚未用于订单的余额，可按「预存充值」开票，或用于支付订单后再按订单开票。`
                  : `可开票金额 ${formatFen(availableFen)}${ordersFen > availableFen ? '：由已开票的预存支付的订单不再重复开票，所选金额不能超过此数' : ''}。`}
              </p>
            )}
          </fieldset>
        )}
        <Row label="接收邮箱" htmlFor="invoice-email">
          <input
            id="invoice-email"
            type="email"
            className={inputClass}
            maxLength={100}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="电子发票发送至此邮箱（选填）"
          />
        </Row>
        <Row label="盖章合同" htmlFor="invoice-contract" hint="金额较大时财务处需要合同（PDF 或图片）">
          <input
            id="invoice-contract"
            type="file"
            accept=".pdf,.jpg,.jpeg,.png"
            className="max-w-full text-sm"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void uploadContract(f);
            }}
          />
          {contract && <span className="text-xs text-accent-700">已上传：{contract.name}</span>}
        </Row>
        <Row
          label="其他材料"
          as="span"
          hint={`报销需要的其他文件（如报销单、说明），放入报销材料包的「其他材料」；最多10个，${UPLOAD_TYPES_TEXT}`}
        >
          <FilePicker
            label="上传其他材料"
            accept={UPLOAD_ACCEPT}
            multiple
            busy={others.busy}
            disabled={otherRids.length >= 10}
            className="btn-ghost h-9 px-3 text-sm"
            onFiles={(files) => files.forEach((f) => void others.add(f))}
          />
          {(kept.length > 0 || others.items.length > 0) && (
            <ul className="mt-2 grid gap-2" aria-label="其他材料">
              {kept.map((rid, i) => (
                <li
                  key={rid}
                  className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm"
                >
                  <span className="min-w-0 flex-1 truncate text-slate-700">已上传的材料 {i + 1}</span>
                  <button
                    type="button"
                    className="rounded px-1.5 text-xs text-slate-500 hover:bg-red-50 hover:text-red-600"
                    onClick={() => setKept((k) => k.filter((r) => r !== rid))}
                  >
                    移除
                  </button>
                </li>
              ))}
              {others.items.map((i) => (
                <UploadRow key={i.key} item={i} onRemove={() => others.remove(i.key)} />
              ))}
            </ul>
          )}
        </Row>
        <Row label="备注" htmlFor="invoice-remark">
          <input
            id="invoice-remark"
            className={inputClass}
            maxLength={200}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Row>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/**
 * /member/invoiceLs: what may still be invoiced, the applications with their state, the invoice
 * and the reimbursement ZIP to download, and 申请开票 / 修改.
 */
function Applications() {
  const list = usePagedList(invoicesApi.list, { size: 10 });
  const [history, setHistory] = useState<History | null>(null);
  const [dialog, setDialog] = useState<{
    editing: Detail | null;
    statement?: string;
    prestore?: string;
  } | null>(null);
  const loadHistory = useCallback(async () => {
    const h = await api.call(invoicesApi.history, {});
    if (h) setHistory(h);
  }, []);
  useEffect(() => void loadHistory(), [loadHistory]);
  // 按对账单开票 on a statement (?statement=…) and 申请开票 on a top-up (?prestore=…) link here:
  // open the dialog for it once.
  useEffect(() => {
    const url = new URL(location.href);
    const statement = url.searchParams.get('statement') ?? undefined;
    const prestore = url.searchParams.get('prestore') ?? undefined;
    if (!statement && !prestore) return;
    setDialog({ editing: null, statement, prestore });
    url.searchParams.delete('statement');
    url.searchParams.delete('prestore');
    window.history.replaceState(null, '', url);
  }, []);

  async function edit(a: Application) {
    const detail = await api.call(invoicesApi.detail, { rid: a.rid });
    if (detail) setDialog({ editing: detail });
  }

  const { data } = list;
  return (
    <div className="grid grid-cols-1 gap-4">
      <section
        className="card grid gap-4 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-center md:p-5"
        aria-label="开票额度"
      >
        <div>
          <p className="text-sm text-slate-500">可开票金额</p>
          <p className="text-2xl font-bold text-hot-600 tabular-nums" data-invoice-available>
            {history ? formatFen(history.available_fen) : '—'}
          </p>
        </div>
        <div>
          <p className="text-sm text-slate-500">已开票 / 申请中</p>
          <p className="text-2xl font-bold text-slate-900 tabular-nums">
            {history ? formatFen(history.invoiced_fen) : '—'}
          </p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setDialog({ editing: null })}>
          申请开票
        </button>
        <p className="text-xs text-slate-400 sm:col-span-3">
          可开票金额为已付给平台的款项（预存、在线支付）与信用欠款之和，减去已开票金额；预存开票后，用该预存支付的订单不再重复开票。
        </p>
      </section>
      <section className="card p-4 md:p-5" aria-label="开票记录">
        {data === null ? (
          <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-400">
            <Spinner /> 加载中…
          </p>
        ) : data.list.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-400">暂无开票记录</p>
        ) : (
          <ul className="grid gap-3">
            {data.list.map((a) => (
              <li
                key={a.rid}
                data-invoice={a.rid}
                className="grid gap-2 rounded-xl p-4 ring-1 ring-slate-200"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-slate-900">
                    {a.type_text}
                    <span className="ml-2 text-sm font-normal text-slate-500">{a.title.name}</span>
                  </p>
                  <span className={`rounded px-2 text-xs leading-6 ${TONE[a.status]}`}>{a.status_text}</span>
                </div>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                  <span>
                    金额 <strong className="text-slate-900 tabular-nums">{formatFen(a.amount_fen)}</strong>
                  </span>
                  {a.invoice_no && <span className="tabular-nums">发票号码 {a.invoice_no}</span>}
                  <span className="text-slate-400">申请于 {shanghaiMinute(a.created)}</span>
                </p>
                {a.reject_reason && (
                  <p className="text-sm text-red-600">
                    {a.status === 'rejected' ? '驳回原因' : '红冲原因'}：{a.reject_reason}
                  </p>
                )}
                <div className="flex flex-wrap justify-end gap-2 text-sm">
                  {(a.status === 'reviewing' || a.status === 'rejected') && (
                    <button type="button" className="btn-ghost h-8 px-3" onClick={() => void edit(a)}>
                      {a.status === 'rejected' ? '修改后重新提交' : '修改'}
                    </button>
                  )}
                  {a.has_file && (
                    <button
                      type="button"
                      className="btn-ghost h-8 px-3"
                      onClick={() =>
                        void saveFile(
                          pathOf(invoicesApi.file, { rid: a.rid }),
                          `发票-${a.invoice_no ?? a.rid}.pdf`,
                        )
                      }
                    >
                      下载发票
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn-primary h-8 px-3"
                    onClick={() =>
                      void saveFile(
                        pathOf(invoicesApi.zip, { rid: a.rid }),
                        `报销材料-${a.invoice_no ?? a.rid}.zip`,
                      )
                    }
                  >
                    下载报销材料
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager page={list.page} pages={list.pages} label="开票记录分页" onPage={list.setPage} />
      </section>
      <ApplyDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        statementRid={dialog?.statement ?? null}
        prestoreRid={dialog?.prestore ?? null}
        availableFen={history?.available_fen ?? null}
        onClose={() => setDialog(null)}
        onDone={() => {
          list.reload({ first: true });
          void loadHistory();
        }}
      />
    </div>
  );
}

export default memberOnly(Applications);
