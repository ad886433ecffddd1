import { useState, type FormEvent } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { Choices, inputClass, Row, Spinner } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { formatFen } from '../../lib/shared/money.ts';
import { INVOICE_TYPE_NAMES, INVOICE_TYPES } from '../../lib/shared/invoices/invoices.ts';
import { invoicesApi } from '../../lib/shared/invoices/api.ts';
import { useApplyForm, type Detail } from './use-apply-form.ts';
import { MaterialRows, OrderChoice, TitleRow, TopupChoice } from './ApplyParts.tsx';

/**
 * 申请开票 (or, with `editing`, change a rejected or waiting application): type, title, and what
 * to invoice — orders chosen one by one, a credited top-up (its type and title as asked for on the
 * top-up form), or, over a confirmed statement, all of its orders not yet invoiced — and the
 * contract and other materials for the finance office.
 */
export default function ApplyDialog({
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
  const form = useApplyForm({ open, editing, statement, prestoreRid });
  const {
    source,
    type,
    titleRid,
    chosen,
    topup,
    topupRid,
    email,
    remark,
    contract,
    others,
    otherRids,
    total,
    error,
    setError,
  } = form;
  const [busy, setBusy] = useState(false);

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
            onChange={form.setSource}
          />
        )}
        <Choices
          label="发票类型"
          name="type"
          value={type}
          options={INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_NAMES[value] }))}
          onChange={form.setType}
        />
        <TitleRow form={form} />
        {source === 'topup' && !statement ? (
          <TopupChoice form={form} />
        ) : (
          <OrderChoice form={form} statement={statement} editing={editing} availableFen={availableFen} />
        )}
        <Row label="接收邮箱" htmlFor="invoice-email">
          <input
            id="invoice-email"
            type="email"
            className={inputClass}
            maxLength={100}
            value={email}
            onChange={(e) => form.setEmail(e.target.value)}
            placeholder="电子发票发送至此邮箱（选填）"
          />
        </Row>
        <MaterialRows form={form} />
        <Row label="备注" htmlFor="invoice-remark">
          <input
            id="invoice-remark"
            className={inputClass}
            maxLength={200}
            value={remark}
            onChange={(e) => form.setRemark(e.target.value)}
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
