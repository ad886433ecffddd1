import { useEffect, useState } from 'react';
import Dialog from '../ui/Dialog.tsx';
import { inputClass, Spinner, TextField, Row } from '../ui/kit.tsx';
import { api } from '../../lib/client/api.ts';
import { toast } from '../../lib/client/toast.ts';
import { fenToYuan, yuanToFen } from '../../lib/shared/money.ts';
import { shanghaiDate } from '../../lib/shared/time.ts';
import { useUploadLimits, useUploads, UploadRow } from '../files/uploads.tsx';
import type { Prestore } from './types.ts';
import { moneyApi } from '../../lib/shared/money/api.ts';
import { filesApi } from '../../lib/shared/files/api.ts';

const PICTURES = '.png,.jpg,.jpeg,.webp,.gif';

/**
 * 上传转账凭证: who paid, from which bank, the transaction serial, the amount and date, and a
 * picture of the bank's receipt. Sent with the application (prestoreApply/edit), which then
 * waits for finance (待审核).
 */
export default function VoucherDialog({
  application,
  onClose,
  onSent,
}: {
  application: Prestore | null;
  onClose: () => void;
  onSent: () => void;
}) {
  const limits = useUploadLimits();
  const uploads = useUploads(filesApi.uploadPic, {}, limits?.pic_max_bytes ?? null, PICTURES);
  const [form, setForm] = useState({ payer_name: '', bank: '', serial: '', amount: '', paid_on: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const { clear } = uploads;

  useEffect(() => {
    if (!application) return;
    const v = application.voucher;
    setForm({
      payer_name: v?.payer_name ?? application.payer,
      bank: v?.bank ?? '',
      serial: '',
      amount: fenToYuan(application.amount_fen),
      paid_on: v?.paid_on ?? shanghaiDate(new Date()),
    });
    setError('');
    clear();
  }, [application, clear]);

  const picture = uploads.items.findLast((i) => i.state === 'done')?.stored;
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function send() {
    if (!application) return;
    const amount = yuanToFen(form.amount);
    if (!form.payer_name.trim() || !form.bank.trim() || !form.serial.trim())
      return setError('请完整填写付款户名、付款银行和交易流水号');
    if (amount === null || amount !== application.amount_fen)
      return setError(`转账金额应与预存金额 ${fenToYuan(application.amount_fen)} 元一致`);
    if (!form.paid_on) return setError('请选择转账日期');
    if (!picture) return setError('请上传转账凭证图片');
    setError('');
    setBusy(true);
    try {
      await api.call(
        moneyApi.prestoreEdit,
        {
          rid: application.rid,
          amount_fen: application.amount_fen,
          bonus_kind: application.bonus_kind,
          invoice_type: application.invoice_type,
          invoice_title: application.invoice_title,
          payer: application.payer,
          voucher: {
            payer_name: form.payer_name,
            bank: form.bank,
            serial: form.serial,
            amount_fen: amount,
            paid_on: form.paid_on,
            file_rid: picture.rid,
          },
        },
        { throws: true },
      );
      toast.success('凭证已提交，请等待审核!');
      onSent();
    } catch (e) {
      setError(e instanceof Error ? e.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={application !== null}
      onClose={onClose}
      title="上传转账凭证"
      width={560}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={busy || uploads.busy}
            onClick={() => void send()}
          >
            {busy && <Spinner />}提交审核
          </button>
        </>
      }
    >
      {application && (
        <div className="grid gap-3.5">
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
            预存金额{' '}
            <strong className="text-slate-900 tabular-nums">¥{fenToYuan(application.amount_fen)}</strong>
            ，请按实际转账信息填写。
          </p>
          <TextField
            label="付款户名"
            name="payer_name"
            required
            maxLength={100}
            value={form.payer_name}
            onChange={set('payer_name')}
          />
          <TextField
            label="付款银行"
            name="bank"
            required
            maxLength={100}
            placeholder="如：工商银行"
            value={form.bank}
            onChange={set('bank')}
          />
          <TextField
            label="交易流水号"
            name="serial"
            required
            maxLength={64}
            value={form.serial}
            onChange={set('serial')}
          />
          <TextField
            label="转账金额"
            name="voucher_amount"
            required
            inputMode="decimal"
            value={form.amount}
            onChange={set('amount')}
            hint="单位：元"
          />
          <TextField
            label="转账日期"
            name="paid_on"
            type="date"
            required
            value={form.paid_on}
            onChange={set('paid_on')}
          />
          <Row
            label="凭证图片"
            htmlFor="voucher-file"
            required
            hint={`支持 PNG、JPG、WEBP、GIF${limits ? `，不超过 ${Math.round(limits.pic_max_bytes / 1048576)}MB` : ''}`}
          >
            <input
              id="voucher-file"
              type="file"
              accept={PICTURES}
              className={`${inputClass} h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-700`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void uploads.add(file);
                e.target.value = '';
              }}
            />
            {uploads.items.length > 0 && (
              <ul className="mt-2 grid gap-2">
                {uploads.items.map((i) => (
                  <UploadRow key={i.key} item={i} onRemove={() => uploads.remove(i.key)} />
                ))}
              </ul>
            )}
          </Row>
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
