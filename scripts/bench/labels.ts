// The label PDF of issue 30 (decision 0070): 96 sample labels rendered in this process, as the
// label route does, in both formats. Target: 96 labels in <= 2 s.
import { renderSampleLabels, type LabelFormat } from '../../src/lib/server/samples/labels-pdf.ts';

const COUNT = 96;
const TARGET_MS = 2000;

type Row = [measure: string, result: string, target: string, status: string];

/** One row per format: the median of three renders after a first one (which loads the font). */
export async function labelRows(): Promise<{ rows: Row[]; notes: string[] }> {
  const labels = Array.from({ length: COUNT }, (_, i) => ({
    sampleNo: `LP20261121048213-${String(i + 1).padStart(2, '0')}`,
    name: i % 3 ? `钙钛矿薄膜 FAPbI3／ITO 玻璃基底 第 ${i + 1} 片（退火后，手套箱内保存）` : `粉末 ${i + 1}`,
    itemName: i % 2 ? 'XRD 物相分析' : '扫描电镜 SEM 形貌 + EDS 能谱',
    orderDate: '2026-11-21',
  }));
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const format of ['a4', 'thermal'] as LabelFormat[]) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      bytes = (await renderSampleLabels(labels, format)).length;
      times.push(performance.now() - started);
    }
    const [first, ...rest] = times;
    const median = rest.sort((a, b) => a - b)[1];
    rows.push([
      `labels PDF: ${COUNT} samples, ${format}`,
      `${Math.round(median)} ms (${(bytes / 1024).toFixed(0)} KB)`,
      `<= ${TARGET_MS} ms`,
      median <= TARGET_MS ? 'pass' : 'FAIL',
    ]);
    // Only the very first render reads and unwraps the font file; a server pays it once.
    if (format === 'a4') notes.push(`labels PDF: the process's first render ${Math.round(first)} ms`);
  }
  return { rows, notes };
}
