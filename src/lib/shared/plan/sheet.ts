// The sample sheet (decision 0089): an item's xlsx template has one row per sample with the
// sample's name, the item's test parameters (its order form) and a note. Pure rules shared by the
// plan page and the server: the columns, the limits, and the checks of one row.
import type { ItemOptions } from '../catalogue/catalogue.ts';

export const SHEET_MAX_ROWS = 500;
export const SHEET_MAX_BYTES = 2 * 1024 * 1024;
/** The column the server appends to a refused sheet, one row's problems each. */
export const SHEET_ERROR_COLUMN = '错误说明';
export const SHEET_NAME_COLUMN = '样品名称';
export const SHEET_NOTE_COLUMN = '备注';
export const SHEET_NAME_MAX = 40;
export const SHEET_NOTE_MAX = 200;
export const SHEET_VALUE_MAX = 200;

/** One sample of a sheet: its name, its own choices of the item's parameters, and a note. */
export type SheetSample = { name: string; note: string; parameters: Record<string, string> };

export type SheetColumn =
  | { kind: 'name'; title: string; required: true; choices: [] }
  | { kind: 'parameter'; title: string; required: boolean; choices: string[] }
  | { kind: 'note'; title: string; required: false; choices: [] };

/** The template's columns, in order: 样品名称, the item's parameters, 备注. */
export function sheetColumns(options: ItemOptions): SheetColumn[] {
  return [
    { kind: 'name', title: SHEET_NAME_COLUMN, required: true, choices: [] },
    ...options.parameters.map((p): SheetColumn => ({
      kind: 'parameter',
      title: p.name,
      required: p.required,
      choices: p.choices,
    })),
    { kind: 'note', title: SHEET_NOTE_COLUMN, required: false, choices: [] },
  ];
}

/** A problem of one cell: its sheet row (as Excel numbers it), column title and message. */
export type SheetProblem = { row: number; column: string; msg: string };

/** Where a problem is, in words: 第3行「扫描范围」. */
export const problemPlace = (p: { row: number; column: string }) =>
  p.column ? `第${p.row}行「${p.column}」` : `第${p.row}行`;

/**
 * Checks one row's cell texts (already trimmed; a cell the reader could not take as text carries
 * its own problem) against the columns; answers the sample and the row's problems.
 */
export function checkSheetRow(
  columns: SheetColumn[],
  row: number,
  cells: Map<string, string>,
): { sample: SheetSample; problems: SheetProblem[] } {
  const problems: SheetProblem[] = [];
  const sample: SheetSample = { name: '', note: '', parameters: {} };
  const bad = (column: string, msg: string) => problems.push({ row, column, msg });
  for (const c of columns) {
    const value = cells.get(c.title) ?? '';
    if (!value) {
      if (c.required) bad(c.title, `「${c.title}」不能为空`);
      continue;
    }
    if (c.kind === 'name') {
      if (value.length > SHEET_NAME_MAX) bad(c.title, `「${c.title}」不能超过${SHEET_NAME_MAX}个字`);
      sample.name = value;
    } else if (c.kind === 'note') {
      if (value.length > SHEET_NOTE_MAX) bad(c.title, `「${c.title}」不能超过${SHEET_NOTE_MAX}个字`);
      sample.note = value;
    } else if (c.choices.length > 0 && !c.choices.includes(value)) {
      bad(c.title, `「${c.title}」应为${c.choices.join('、')}之一`);
    } else if (value.length > SHEET_VALUE_MAX) {
      bad(c.title, `「${c.title}」不能超过${SHEET_VALUE_MAX}个字`);
    } else sample.parameters[c.title] = value;
  }
  return { sample, problems };
}

/** Two samples of one sheet may not share a name (their labels would read alike). */
export const DUPLICATE_NAME = (first: number) => `样品名称与第${first}行重复`;

/**
 * The parameters every sample shares, which the plan line shows as its own; a parameter the
 * samples choose differently is left to the samples.
 */
export function sharedParameters(samples: SheetSample[]): Record<string, string> {
  if (samples.length === 0) return {};
  const shared: Record<string, string> = { ...samples[0].parameters };
  for (const s of samples.slice(1))
    for (const [k, v] of Object.entries(shared)) if (s.parameters[k] !== v) delete shared[k];
  return shared;
}

/** The file name of an item's template. */
export const sheetFileName = (itemName: string) => `样品信息表-${itemName}.xlsx`;
