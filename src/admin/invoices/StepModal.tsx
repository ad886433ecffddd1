import { consoleApi, staffAction } from '../session.ts';
import { Field, FormModal, input } from '../ui.tsx';
import { isTaxInvoice } from '../../lib/shared/invoices/invoices.ts';
import { invoicesAdminApi } from '../../lib/shared/invoices/api.ts';
import type { Row, StepKind } from './columns.tsx';

/** A step on one application with what its modal has been given so far. */
export type Step = { row: Row; kind: StepKind; reason: string; number: string; file: File | null };

/**
 * The modal of a step: 上传发票 (the 20-digit number and the file from the tax platform), 驳回
 * (a reason) or 红冲 (a reason and, for a tax invoice, the red-letter invoice's number).
 */
export default function StepModal({
  step,
  onChange,
  onClose,
  reload,
}: {
  step: Step | null;
  onChange: (patch: Partial<Step>) => void;
  onClose: () => void;
  reload: () => Promise<void>;
}) {
  async function issue(row: Row, number: string, file: File | null): Promise<string | null> {
    if (!file) return '请上传税务平台开具的发票文件';
    const form = new FormData();
    form.set('rid', row.rid);
    form.set('file', file);
    try {
      const stored = await consoleApi.upload<{ rid: string }>(invoicesAdminApi.upload, form, undefined, {
        throws: true,
      });
      return staffAction(
        invoicesAdminApi.issue,
        { rid: row.rid, invoice_no: number, file_rid: stored?.rid ?? '' },
        '已开具',
        reload,
      );
    } catch (e) {
      return e instanceof Error ? e.message : '上传失败';
    }
  }

  return (
    <FormModal
      open={step !== null}
      title={step?.kind === 'issue' ? '上传发票' : step?.kind === 'reject' ? '驳回开票申请' : '红冲发票'}
      submitText={step?.kind === 'issue' ? '确认开具' : step?.kind === 'reject' ? '驳回' : '红冲'}
      danger={step?.kind !== 'issue'}
      onClose={onClose}
      onSubmit={async () => {
        const { row, kind, reason, number, file } = step!;
        if (kind === 'issue') return issue(row, number, file);
        if (kind === 'reject')
          return staffAction(invoicesAdminApi.reject, { rid: row.rid, reason }, '已驳回', reload);
        return staffAction(
          invoicesAdminApi.reverse,
          { rid: row.rid, reason, reversal_no: number },
          '已提交红冲',
          reload,
        );
      }}
    >
      {step?.kind === 'issue' && (
        <>
          <Field label="发票号码（20位）">
            <input
              className={input}
              name="invoice_no"
              inputMode="numeric"
              maxLength={20}
              value={step.number}
              onChange={(e) => onChange({ number: e.target.value })}
            />
          </Field>
          <Field label="发票文件" hint="税务平台下载的 PDF 或 OFD">
            <input
              type="file"
              name="file"
              accept=".pdf,.ofd"
              className="text-sm"
              onChange={(e) => onChange({ file: e.target.files?.[0] ?? null })}
            />
          </Field>
        </>
      )}
      {step && step.kind !== 'issue' && (
        <Field label={step.kind === 'reject' ? '驳回原因' : '红冲原因'}>
          <input
            className={input}
            name="reason"
            maxLength={200}
            value={step.reason}
            onChange={(e) => onChange({ reason: e.target.value })}
          />
        </Field>
      )}
      {step?.kind === 'reverse' && isTaxInvoice(step.row.type) && (
        <Field
          label="红字发票号码"
          hint={
            step.row.status === 'issued'
              ? '留空：先标记为红冲中，在税务平台开具红字发票后再填写'
              : '税务平台开具的红字发票号码（20位）'
          }
        >
          <input
            className={input}
            name="reversal_no"
            inputMode="numeric"
            maxLength={20}
            value={step.number}
            onChange={(e) => onChange({ number: e.target.value })}
          />
        </Field>
      )}
    </FormModal>
  );
}
