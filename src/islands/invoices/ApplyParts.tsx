// The 申请开票 form's larger fields: the title, what to invoice (a top-up, or orders), and the
// materials for the finance office.
import { inputClass, Row } from '../ui/kit.tsx';
import { FilePicker, UploadRow } from '../files/uploads.tsx';
import { formatFen } from '../../lib/shared/money.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT } from '../../lib/shared/orders/demand.ts';
import { monthText } from '../../lib/shared/statements/statements.ts';
import { INVOICE_TYPE_NAMES } from '../../lib/shared/invoices/invoices.ts';
import { isInvoiceType, type ApplyForm, type Detail } from './use-apply-form.ts';

/** The saved titles to choose from; a top-up's title typed on the top-up form but not saved is pointed out. */
export function TitleRow({ form }: { form: ApplyForm }) {
  const { titles, titleRid, setTitleRid, source, topup } = form;
  return (
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
  );
}

/** A credited top-up not yet invoiced, one of them. */
export function TopupChoice({ form }: { form: ApplyForm }) {
  const { orders, topups, topupRid, chooseTopup } = form;
  return (
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
  );
}

/** Paid orders not yet invoiced, chosen one by one; over a statement, all of its orders. */
export function OrderChoice({
  form,
  statement,
  editing,
  availableFen,
}: {
  form: ApplyForm;
  statement: string | null;
  editing: Detail | null;
  availableFen: number | null;
}) {
  const { orders, chosen, toggle, ordersFen } = form;
  return (
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
  );
}

/** The stamped contract, and up to ten other files for the reimbursement ZIP. */
export function MaterialRows({ form }: { form: ApplyForm }) {
  const { contract, uploadContract, kept, setKept, others, otherRids } = form;
  return (
    <>
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
    </>
  );
}
