// The order page's 打印样品标签 (decision 0074): the order's labels as a PDF, on A4 sheets of
// 3×8 labels or one 40×30 mm thermal label a page, to stick on the tubes before posting. The
// order e-mail links here (#labels): the download needs the token only the browser holds.
import { useEffect, useRef, useState } from 'react';
import Section from './Section.tsx';
import { Spinner } from '../ui/kit.tsx';
import { saveFile } from '../../lib/client/download.ts';
import { pathOf } from '../../lib/shared/api/endpoint.ts';
import { LABEL_FORMAT_TEXT, sampleLabelsApi, type LabelFormat } from '../../lib/shared/samples/labels.ts';
import type { OrderSample } from '../../lib/shared/samples/responses.ts';
import { LAB_SAMPLE_TYPE_ID } from '../../lib/shared/orders/order-status.ts';

export function SampleLabels({
  order,
}: {
  order: { rid: string; order_no: string; type_id: number; status: string; samples: OrderSample[] };
}) {
  const [busy, setBusy] = useState<LabelFormat | null>(null);
  // A part-used A4 sheet: the first free position (1–24, left to right, top down).
  const [start, setStart] = useState(1);
  const ref = useRef<HTMLDivElement>(null);
  // Labels go on samples to be posted (送样检测); samples recorded at an on-site session have none.
  const shown =
    order.type_id === LAB_SAMPLE_TYPE_ID && order.samples.length > 0 && order.status !== 'cancelled';
  // Opened from the order e-mail's link: bring the buttons into view.
  useEffect(() => {
    if (shown && location.hash === '#labels') ref.current?.scrollIntoView({ block: 'center' });
  }, [shown]);
  if (!shown) return null;
  const toPost = order.samples.filter((s) => s.status === 'awaiting_post').length;

  async function print(format: LabelFormat) {
    setBusy(format);
    const skip = format === 'a4' && start > 1 ? `&skip=${start - 1}` : '';
    const url = `${pathOf(sampleLabelsApi.labels, { rid: order.rid })}?format=${format}${skip}`;
    await saveFile(url, `样品标签-${order.order_no}-${LABEL_FORMAT_TEXT[format].file}.pdf`);
    setBusy(null);
  }

  return (
    <div id="labels" ref={ref} className="scroll-mt-20">
      <Section
        title="打印样品标签"
        aside={<span className="text-sm text-slate-500">{order.samples.length} 张，每个样品一张</span>}
      >
        <p className="text-sm text-slate-700">
          贴在样品管上，寄送前打印。
          {toPost > 0 && <span className="text-amber-700">还有 {toPost} 个样品待寄送。</span>}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {(['a4', 'thermal'] as const).map((f) => (
            <button
              key={f}
              type="button"
              className={f === 'a4' ? 'btn-primary' : 'btn-ghost'}
              disabled={busy !== null}
              onClick={() => void print(f)}
            >
              {busy === f && <Spinner />}
              打印样品标签（{LABEL_FORMAT_TEXT[f].button}）
            </button>
          ))}
          <label className="flex items-center gap-1.5 text-sm whitespace-nowrap text-slate-600">
            A4 从第
            <select
              className="h-9 w-16 rounded-md border border-slate-300 bg-white px-1.5 text-sm text-slate-800"
              value={start}
              onChange={(e) => setStart(Number(e.target.value))}
            >
              {Array.from({ length: 24 }, (_, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
            格开始
          </label>
        </div>
        <ul className="mt-3 grid gap-1 text-xs text-slate-500">
          <li>
            {LABEL_FORMAT_TEXT.a4.stock}；{LABEL_FORMAT_TEXT.thermal.stock}。
          </li>
          <li>打印时请选择“实际大小”（不要“适合页面”），标签才能对准标签纸。</li>
          <li>用过一部分的 A4 标签纸：选择第一个空格的位置（从左到右、从上到下数）。</li>
          <li>每个标签有二维码和条形码，实验室扫码签收；请按编号对应贴好，勿贴错样品。</li>
        </ul>
      </Section>
    </div>
  );
}
