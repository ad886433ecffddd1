// The console's label reprint for an order and a sample's custody trail as a PDF (decision 0074):
// POST downloads with the console's token, so the staff guard audits the reprint by its order.
import { useState } from 'react';
import { savePdf } from '../files.ts';
import { button } from '../ui.tsx';
import {
  LABEL_FORMAT_TEXT,
  sampleLabelsAdminApi,
  type LabelFormat,
} from '../../lib/shared/samples/labels.ts';

/** 打印标签: the order's labels again, in either format; each print counts on the samples. */
export function ReprintLabels({
  order,
  onDone,
}: {
  order: { rid: string; order_no: string };
  onDone: () => unknown;
}) {
  const [busy, setBusy] = useState(false);
  async function print(format: LabelFormat) {
    setBusy(true);
    const name = `样品标签-${order.order_no}-${LABEL_FORMAT_TEXT[format].file}.pdf`;
    const saved = await savePdf(sampleLabelsAdminApi.labels.path, { rid: order.rid, format }, name);
    setBusy(false);
    if (saved) await onDone();
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1" role="group" aria-label="打印标签">
      {(['a4', 'thermal'] as const).map((f) => (
        <button key={f} type="button" className={button.ghost} disabled={busy} onClick={() => void print(f)}>
          打印标签（{LABEL_FORMAT_TEXT[f].button}）
        </button>
      ))}
    </span>
  );
}

/** 导出 PDF: one sample's whole custody trail. */
export function TrailPdfButton({ rid, sampleNo }: { rid: string; sampleNo: string }) {
  return (
    <button
      type="button"
      className={button.link}
      aria-label={`导出PDF ${sampleNo} 的流转记录`}
      onClick={() =>
        void savePdf(sampleLabelsAdminApi.trailPdf.path, { rid }, `样品流转记录-${sampleNo}.pdf`)
      }
    >
      导出PDF
    </button>
  );
}
