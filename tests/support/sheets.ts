// Sample sheets for tests (decision 0089): an item's template downloaded as a customer would,
// filled row by row with exceljs, and uploaded to plan/sheet.
import ExcelJS from 'exceljs';
import type { TestContext } from '../setup/api.ts';

export type SheetAnswer = {
  code: number;
  msg: string;
  data: {
    error?: string;
    rows?: number;
    problems?: { row: number; column: string; msg: string }[];
    file?: string;
    list?: {
      item_rid: string;
      count: number;
      samples: { name: string; note: string; parameters: Record<string, string> }[];
    }[];
  };
};

export function sheetHelpers(t: TestContext) {
  async function template(itemRid: string): Promise<ExcelJS.Workbook> {
    const res = await t.api.request(`/api/open/plan/sheet/${itemRid}`);
    if (res.status !== 200) throw new Error(`template ${itemRid}: ${res.status} ${await res.text()}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    return wb;
  }

  /** The template with these rows under its header (each a column title → value). */
  async function filled(
    itemRid: string,
    rows: Record<string, ExcelJS.CellValue>[],
  ): Promise<ExcelJS.Workbook> {
    const wb = await template(itemRid);
    const ws = wb.getWorksheet('样品信息')!;
    const titles = (ws.getRow(1).values as unknown[]).map((v) => (typeof v === 'string' ? v : ''));
    rows.forEach((r, i) => {
      for (const [title, value] of Object.entries(r)) {
        const col = titles.indexOf(title);
        if (col < 1) throw new Error(`no column ${title}`);
        const cell = ws.getCell(i + 2, col);
        cell.value = value;
        // As Excel does when a date is typed or pasted: the cell takes a date format.
        if (value instanceof Date) cell.numFmt = 'yyyy-mm-dd';
      }
    });
    return wb;
  }

  const bytesOf = async (wb: ExcelJS.Workbook) => new Uint8Array(await wb.xlsx.writeBuffer());

  async function upload(
    h: Record<string, string>,
    itemRid: string,
    file: Uint8Array | ExcelJS.Workbook,
    name = 'samples.xlsx',
  ) {
    const bytes = file instanceof Uint8Array ? file : await bytesOf(file);
    const form = new FormData();
    form.set('item_rid', itemRid);
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    const res = await t.api.request('/api/auth/plan/sheet', { method: 'POST', headers: h, body: form });
    return { status: res.status, body: (await res.json()) as SheetAnswer };
  }

  /** The annotated workbook a refusal carries. */
  async function annotated(answer: SheetAnswer): Promise<ExcelJS.Workbook> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(answer.data.file!, 'base64') as unknown as ArrayBuffer);
    return wb;
  }

  return { template, filled, upload, annotated, bytesOf };
}
