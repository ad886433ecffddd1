// The annual 大型科研仪器开放共享 statistics (issue 35, decision 0092): per instrument, the
// evaluation form's figures for a calendar year, from the utilisation report (hours) and the
// revenue report by instrument (income, from the ledger) — nothing entered by hand — as xlsx.
import ExcelJS from 'exceljs';
import type { Services } from '../platform/services.ts';
import { deviceDirectory } from '../catalogue/index.ts';
import { fenToYuan } from '../../shared/money.ts';
import { ANNUAL_COLUMNS, round2, type AnnualRow } from '../../shared/analytics/utilisation.ts';
import { utilisationReport } from './utilisation.ts';
import { revenueReport } from './revenue.ts';

/** The year's rows, one per instrument in the catalogue's order, and a total row. */
export async function annualRows(s: Services, year: number): Promise<AnnualRow[]> {
  const range = { from: `${year}-01-01`, to: `${year}-12-31` };
  const [hours, income] = await Promise.all([
    utilisationReport(s, range),
    revenueReport(s, { ...range, group: 'instrument' }),
  ]);
  const d = deviceDirectory('d');
  const devices = new Map(
    (await s.db.select({ rid: d.rid, model: d.model, location: d.location }).from(d)).map((x) => [x.rid, x]),
  );
  const fen = new Map(income.rows.map((r) => [r.key, r.net_fen]));
  const rows: AnnualRow[] = hours.rows.map((h, i) => {
    const dev = devices.get(h.rid);
    return {
      no: i + 1,
      name: h.name,
      model: dev?.model ?? '',
      location: dev?.location ?? '',
      available_hours: h.available_hours,
      downtime_hours: h.downtime_hours,
      used_hours: h.used_hours,
      external_hours: h.external_hours ?? '',
      share_pct:
        h.external_hours !== null && h.used_hours > 0 ? round2((100 * h.external_hours) / h.used_hours) : '',
      utilisation_pct: h.utilisation_pct ?? '',
      external_users: h.external_users ?? '',
      income_yuan: fenToYuan(fen.get(h.rid) ?? 0),
    };
  });
  const sum = (k: 'available_hours' | 'downtime_hours' | 'used_hours') =>
    round2(hours.rows.reduce((n, r) => n + r[k], 0));
  const used = sum('used_hours');
  const external = hours.institution
    ? round2(hours.rows.reduce((n, r) => n + (r.external_hours ?? 0), 0))
    : null;
  const incomeFen = hours.rows.reduce((n, r) => n + (fen.get(r.rid) ?? 0), 0);
  rows.push({
    no: '合计',
    name: '',
    model: '',
    location: '',
    available_hours: sum('available_hours'),
    downtime_hours: sum('downtime_hours'),
    used_hours: used,
    external_hours: external ?? '',
    share_pct: external !== null && used > 0 ? round2((100 * external) / used) : '',
    utilisation_pct:
      sum('available_hours') > 0 ? Math.round((1000 * used) / sum('available_hours')) / 10 : '',
    external_users: '',
    income_yuan: fenToYuan(incomeFen),
  });
  return rows;
}

/** The workbook: a title, the form's header and a row per instrument. */
export async function annualWorkbook(s: Services, year: number): Promise<Uint8Array<ArrayBuffer>> {
  const rows = await annualRows(s, year);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(`${year}年开放共享统计`);
  ws.addRow([`${year}年度大型科研仪器开放共享统计`]);
  ws.mergeCells(1, 1, 1, ANNUAL_COLUMNS.length);
  ws.getRow(1).font = { bold: true, size: 14 };
  const header = ws.addRow(ANNUAL_COLUMNS.map(([, label]) => label));
  header.font = { bold: true };
  for (const r of rows) ws.addRow(ANNUAL_COLUMNS.map(([k]) => (k === 'income_yuan' ? Number(r[k]) : r[k])));
  ws.columns.forEach((c, i) => (c.width = i === 1 ? 28 : 16));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
