// The sample sheet of issue 34 (decision 0089): a 500-row filled template checked in this
// process, as plan/sheet does, once all good and once with an error in every tenth row (the
// annotated file written too). Target: <= 3 s each. Alone: `node scripts/bench/sheet.ts`.
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { readSheet, sheetTemplate } from '../../src/lib/server/plan/sheet.ts';
import type { CatalogueItem } from '../../src/lib/server/catalogue/index.ts';

const ROWS = 500;
const TARGET_MS = 3000;

type Row = [measure: string, result: string, target: string, status: string];

const ITEM = {
  rid: 'bench-xrd',
  name: 'X 射线衍射（XRD）粉末测试',
  typeId: 1,
  options: {
    sampleCount: { min: 1, max: 1000, default: 1 },
    parameters: [
      { name: '扫描范围', required: true, choices: ['5°-90°', '10°-80°', '自定义'] },
      { name: '扫描速度', required: true, choices: ['2°/min', '5°/min', '10°/min'] },
      { name: '附加分析', required: false, choices: ['物相标定', '晶粒尺寸', '结晶度'] },
    ],
  },
} as unknown as CatalogueItem;

async function filled(broken: boolean): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await sheetTemplate(ITEM)) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('样品信息')!;
  for (let i = 0; i < ROWS; i++) {
    const bad = broken && i % 10 === 0;
    ws.getRow(i + 2).values = [
      `钙钛矿薄膜 FAPbI3-${String(i + 1).padStart(3, '0')}`,
      '10°-80°',
      bad ? '3°/min' : '5°/min',
      i % 3 ? '物相标定' : '',
      i % 4 ? `退火 ${i % 7} 小时，手套箱内保存` : '',
    ];
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Two rows: the median of three checks of a good sheet, and of a sheet with 50 wrong rows. */
export async function sheetRows(): Promise<{ rows: Row[]; notes: string[] }> {
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const broken of [false, true]) {
    const bytes = await filled(broken);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const result = await readSheet(bytes, ITEM);
      times.push(performance.now() - started);
      if (result.ok === broken) throw new Error('the sheet bench read the wrong outcome');
    }
    const median = times.sort((a, b) => a - b)[1];
    rows.push([
      `sample sheet: ${ROWS} rows checked${broken ? ', 50 wrong, annotated file written' : ''}`,
      `${Math.round(median)} ms (${(bytes.length / 1024).toFixed(0)} KB)`,
      `<= ${TARGET_MS} ms`,
      median <= TARGET_MS ? 'pass' : 'FAIL',
    ]);
  }
  notes.push('sample sheet: read in process (exceljs), as plan/sheet does before it writes the plan line');
  return { rows, notes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, notes } = await sheetRows();
  for (const r of rows) console.log(r.join(' | '));
  for (const n of notes) console.log(n);
}
