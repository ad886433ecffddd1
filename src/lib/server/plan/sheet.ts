// The sample sheet (decision 0089): an item's xlsx template, and reading a filled one back.
// A sheet is either taken whole (every row a sample) or refused: with a message alone when the
// file itself is wrong (unreadable, too large, too many rows, another item's template, merged
// cells, other columns), or with the same workbook annotated (a 错误说明 column) when rows are.
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { DomainError } from '../platform/errors.ts';
import type { CatalogueItem } from '../catalogue/index.ts';
import {
  checkSheetRow,
  DUPLICATE_NAME,
  problemPlace,
  sheetColumns,
  SHEET_ERROR_COLUMN,
  SHEET_MAX_BYTES,
  SHEET_MAX_ROWS,
  SHEET_NAME_COLUMN,
  type SheetColumn,
  type SheetProblem,
  type SheetSample,
} from '../../shared/plan/sheet.ts';

/** The hidden sheet that names the item a template was made for. */
const META_SHEET = '_template';
const META_MARK = 'lab-portal-sample-sheet';
const DATA_SHEET = '样品信息';
const GUIDE_SHEET = '填写说明';
/** What an xlsx may unpack to: a 500-row sheet is a few hundred kB; more is a zip bomb. */
const MAX_UNPACKED = 40 * 1024 * 1024;

const BAD_FILE = '文件无法读取，请上传从本站下载的 xlsx 模板（Excel 2007 及以上格式）';

/** The item's template: its columns, a list of choices where a parameter has them, a guide. */
export async function sheetTemplate(it: CatalogueItem): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '检测服务平台';
  const columns = sheetColumns(it.options);
  const ws = wb.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.title,
    key: c.title,
    width: c.kind === 'note' ? 40 : Math.max(14, c.title.length * 2 + 4),
    // Text cells: what the customer types (001, 1-2) stays as typed, never a number or a date.
    style: { numFmt: '@' },
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: c.required ? 'FFFDE2E2' : 'FFEFF6FF' },
    };
    if (c.choices.length > 0) cell.note = `可选：${c.choices.join('、')}`;
    // A drop-down of the choices on the rows a sheet may hold (Excel's list is one quoted,
    // comma-separated formula of at most 255 characters; longer lists keep only the note).
    const list = `"${c.choices.join(',')}"`;
    if (c.choices.length > 0 && list.length <= 255 && !c.choices.some((x) => /[",]/.test(x)))
      for (let r = 2; r <= SHEET_MAX_ROWS + 1; r++)
        ws.getCell(r, i + 1).dataValidation = {
          type: 'list',
          allowBlank: !c.required,
          formulae: [list],
          showErrorMessage: true,
          errorTitle: '请选择',
          error: `「${c.title}」应为${c.choices.join('、')}之一`,
        };
  });
  const guide = wb.addWorksheet(GUIDE_SHEET);
  guide.getColumn(1).width = 90;
  [
    `本表用于「${it.name}」，每行填写一个样品，最多${SHEET_MAX_ROWS}行。`,
    '红色表头为必填列，蓝色为选填列；有下拉选项的列请从选项中选择。',
    '请直接填写文字或数值：不要使用公式、不要合并单元格、不要改动或增加表头。',
    '日期请按文本填写（如 2026-03-01），不要使用 Excel 的日期格式。',
    `上传后如有错误，会返回一份标注了「${SHEET_ERROR_COLUMN}」的表格，改正后可直接再次上传。`,
  ].forEach((line, i) => (guide.getCell(i + 1, 1).value = line));
  const meta = wb.addWorksheet(META_SHEET, { state: 'veryHidden' });
  meta.getCell('A1').value = META_MARK;
  meta.getCell('A2').value = it.rid;
  meta.getCell('A3').value = it.name;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const DATE_PROBLEM = '是日期格式，请将单元格设为文本后按文字填写（如 2026-03-01）';

/** What a cell holds as text, or a problem when it is not plain text or a number. */
function cellText(cell: ExcelJS.Cell): { text: string } | { problem: string } {
  switch (cell.type) {
    case ExcelJS.ValueType.Null:
      return { text: '' };
    case ExcelJS.ValueType.Formula:
      return { problem: '含公式，请复制后“粘贴为数值”再上传' };
    case ExcelJS.ValueType.Date:
      return { problem: DATE_PROBLEM };
    case ExcelJS.ValueType.Error:
      return { problem: '是错误值（如 #N/A），请改为文字' };
    case ExcelJS.ValueType.Number:
      // A date Excel keeps as a day number under a date format (exceljs reads most as Date).
      return /[ymd]/i.test(cell.numFmt ?? '') && !/@/.test(cell.numFmt ?? '')
        ? { problem: DATE_PROBLEM }
        : { text: String(cell.value) };
    default:
      return { text: (cell.text ?? '').replace(/\s+/g, ' ').trim() };
  }
}

/** The workbook, or a refusal when the bytes are not a readable, modest xlsx. */
async function loadWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  if (bytes.byteLength === 0) throw new DomainError('文件是空的，请选择填写好的样品信息表');
  if (bytes.byteLength > SHEET_MAX_BYTES)
    throw new DomainError(`文件不能超过${SHEET_MAX_BYTES / 1024 / 1024}MB`, 200, 'BODY_TOO_LARGE');
  // An xlsx is a zip: look at what it would unpack to before any of it is unpacked.
  let unpacked = 0;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        unpacked += f.originalSize;
        return false;
      },
    });
  } catch {
    throw new DomainError(BAD_FILE);
  }
  if (unpacked > MAX_UNPACKED) throw new DomainError('表格内容过大，请只保留样品信息表的内容');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new DomainError(BAD_FILE);
  }
  return wb;
}

/** The data sheet: the one named 样品信息, else the first visible one. */
function dataSheet(wb: ExcelJS.Workbook): ExcelJS.Worksheet {
  const ws =
    wb.getWorksheet(DATA_SHEET) ??
    wb.worksheets.find((w) => w.state === 'visible' && w.name !== GUIDE_SHEET && w.name !== META_SHEET);
  if (!ws) throw new DomainError(BAD_FILE);
  return ws;
}

/** A template of another item is refused by name; a sheet without the mark is read by its header. */
function checkItem(wb: ExcelJS.Workbook, it: CatalogueItem) {
  const meta = wb.getWorksheet(META_SHEET);
  if (!meta || meta.getCell('A1').text !== META_MARK) return;
  const rid = meta.getCell('A2').text;
  if (rid && rid !== it.rid)
    throw new DomainError(
      `该表格是「${meta.getCell('A3').text || rid}」的模板，不能用于「${it.name}」，请下载本项目的模板`,
    );
}

type Header = { columns: Map<number, SheetColumn>; errorColumn: number | null; width: number };

/** The header row: every template column once, nothing else but an earlier 错误说明. */
function readHeader(ws: ExcelJS.Worksheet, it: CatalogueItem): Header {
  const wanted = new Map(sheetColumns(it.options).map((c) => [c.title, c]));
  const columns = new Map<number, SheetColumn>();
  let errorColumn: number | null = null;
  const row = ws.getRow(1);
  const width = Math.max(row.cellCount, ws.actualColumnCount);
  for (let i = 1; i <= width; i++) {
    const cell = row.getCell(i);
    if (cell.isMerged) throw new DomainError('表头有合并单元格，请使用本站模板的表头');
    const read = cellText(cell);
    const title = 'text' in read ? read.text : '';
    if (!title) continue;
    if (title === SHEET_ERROR_COLUMN) {
      errorColumn = i;
      continue;
    }
    const c = wanted.get(title);
    if (!c)
      throw new DomainError(
        `表头「${title}」不是「${it.name}」模板的列，请下载本项目的最新模板，不要改动表头`,
      );
    if ([...columns.values()].includes(c)) throw new DomainError(`表头「${title}」重复`);
    columns.set(i, c);
  }
  const missing = [...wanted.values()].filter((c) => ![...columns.values()].includes(c));
  if (missing.length > 0)
    throw new DomainError(
      `表格缺少「${missing.map((c) => c.title).join('」「')}」列，请下载「${it.name}」的最新模板`,
    );
  return { columns, errorColumn, width };
}

export type SheetResult =
  | { ok: true; samples: SheetSample[] }
  | { ok: false; problems: SheetProblem[]; rows: number; annotated: Buffer };

/** Reads a filled sheet for an item: every row's sample, or every row's problems in the file. */
export async function readSheet(bytes: Uint8Array, it: CatalogueItem): Promise<SheetResult> {
  const wb = await loadWorkbook(bytes);
  checkItem(wb, it);
  const ws = dataSheet(wb);
  const header = readHeader(ws, it);

  // The rows with anything in the template's columns (blank rows in between are skipped).
  const filled: number[] = [];
  const last = ws.actualRowCount > 0 ? ws.rowCount : 0;
  for (let r = 2; r <= last; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues) continue;
    let any = false;
    for (const i of header.columns.keys()) {
      const cell = row.getCell(i);
      if (cell.isMerged)
        throw new DomainError(
          `${problemPlace({ row: r, column: header.columns.get(i)!.title })}是合并单元格，请取消合并后再上传`,
        );
      const read = cellText(cell);
      if (!('text' in read) || read.text) any = true;
    }
    if (any) filled.push(r);
    if (filled.length > SHEET_MAX_ROWS)
      throw new DomainError(`一次最多上传${SHEET_MAX_ROWS}个样品，请分成多个表格或多个订单`);
  }
  if (filled.length === 0) throw new DomainError(`表格中没有样品，请从第2行起每行填写一个样品`);

  const columns = [...header.columns.values()];
  const samples: SheetSample[] = [];
  const problems: SheetProblem[] = [];
  const firstRowOfName = new Map<string, number>();
  for (const r of filled) {
    const row = ws.getRow(r);
    const cells = new Map<string, string>();
    const cellProblems: SheetProblem[] = [];
    for (const [i, c] of header.columns) {
      const read = cellText(row.getCell(i));
      if ('text' in read) cells.set(c.title, read.text);
      else cellProblems.push({ row: r, column: c.title, msg: `「${c.title}」${read.problem}` });
    }
    const checked = checkSheetRow(columns, r, cells);
    const rowProblems = [
      ...cellProblems,
      ...checked.problems.filter((p) => !cellProblems.some((q) => q.column === p.column)),
    ];
    const seen = firstRowOfName.get(checked.sample.name);
    if (checked.sample.name && seen !== undefined)
      rowProblems.push({ row: r, column: SHEET_NAME_COLUMN, msg: DUPLICATE_NAME(seen) });
    else if (checked.sample.name) firstRowOfName.set(checked.sample.name, r);
    problems.push(...rowProblems);
    samples.push(checked.sample);
  }
  if (problems.length === 0) return { ok: true, samples };
  return { ok: false, problems, rows: filled.length, annotated: await annotate(wb, ws, header, problems) };
}

const RED = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE2E2' } } as const;

/**
 * The same workbook with each row's problems in a 错误说明 column (an earlier one is reused and
 * emptied) and the wrong cells filled red; uploaded again once fixed, that column is ignored.
 */
async function annotate(
  wb: ExcelJS.Workbook,
  ws: ExcelJS.Worksheet,
  header: Header,
  problems: SheetProblem[],
): Promise<Buffer> {
  const col = header.errorColumn ?? header.width + 1;
  const byTitle = new Map([...header.columns].map(([i, c]) => [c.title, i]));
  const headCell = ws.getRow(1).getCell(col);
  headCell.value = SHEET_ERROR_COLUMN;
  headCell.font = { bold: true, color: { argb: 'FFB91C1C' } };
  ws.getColumn(col).width = 50;
  for (let r = 2; r <= ws.rowCount; r++) {
    const cell = ws.getRow(r).getCell(col);
    if (cell.value !== null) cell.value = null;
  }
  const byRow = new Map<number, SheetProblem[]>();
  for (const p of problems) byRow.set(p.row, [...(byRow.get(p.row) ?? []), p]);
  for (const [r, list] of byRow) {
    const row = ws.getRow(r);
    const note = row.getCell(col);
    note.value = list.map((p) => p.msg).join('；');
    note.font = { color: { argb: 'FFB91C1C' } };
    for (const p of list) {
      const i = byTitle.get(p.column);
      if (i !== undefined) row.getCell(i).fill = RED;
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The answer to a sheet with wrong rows (plan and order page alike): the first problem and the
 * count in words, every problem (the first 200) and the annotated workbook in base64.
 */
export function sheetRefusal(done: { problems: SheetProblem[]; rows: number; annotated: Buffer }) {
  const first = done.problems[0];
  return {
    code: 0 as const,
    msg: `${problemPlace(first)}：${first.msg}；共${done.problems.length}处错误，请下载错误说明表改正后重新上传`,
    data: {
      error: 'SHEET_ERRORS',
      rows: done.rows,
      problems: done.problems.slice(0, 200),
      file: done.annotated.toString('base64'),
    },
  };
}
