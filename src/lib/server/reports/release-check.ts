// The release check (issue 31, decision 0076): what CNAS-CL01 7.8.2.1 requires a report to say,
// read off the ReportDocument before it is rendered and signed. A report missing any element is
// not released; the answer names each missing one in Chinese, in the order of the standard.
// Pure: no I/O.
import { RESULTS_RELATE_ONLY, type ReportDocument } from '../../shared/reports/document.ts';

/** The elements checked, in the order the refusal lists them. */
export const REPORT_ELEMENTS = [
  '标题',
  '实验室名称',
  '实验室地址',
  '报告编号',
  '客户信息',
  '样品描述',
  '样品状态',
  '收样日期',
  '检测日期',
  '签发日期',
  '检测方法',
  '结果及单位',
  '偏离说明',
  '仅对所检样品负责声明',
  '审核人',
  '批准人',
  '防伪码',
] as const;
export type ReportElement = (typeof REPORT_ELEMENTS)[number];

const filled = (text: string | null | undefined) => Boolean(text?.trim());
const isDate = (text: string | null | undefined) =>
  Boolean(text && /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text.slice(0, 10))));
/** 8 characters of Crockford's base32 (no I, L, O, U): 40 bits. */
const CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

const checks: Record<ReportElement, (d: ReportDocument) => boolean> = {
  标题: (d) => filled(d.title),
  实验室名称: (d) => filled(d.lab.name),
  实验室地址: (d) => filled(d.lab.address),
  报告编号: (d) => filled(d.report_no),
  // Who the report is for: a name or an organisation (7.8.2.1 e).
  客户信息: (d) => filled(d.customer.name) || filled(d.customer.organisation),
  // What was tested, each sample identified and described (f); a data analysis describes its data.
  样品描述: (d) =>
    d.samples.length > 0 &&
    d.samples.every((s) => filled(s.sample_no) && (filled(s.description) || filled(s.name))),
  样品状态: (d) => d.samples.length > 0 && d.samples.every((s) => filled(s.condition)),
  收样日期: (d) => isDate(d.received_on),
  检测日期: (d) =>
    isDate(d.tested_from) && isDate(d.tested_to) && d.tested_from.slice(0, 10) <= d.tested_to.slice(0, 10),
  签发日期: (d) => isDate(d.issued_on),
  // Every item with its method, and every result with the method it was tested by (g).
  检测方法: (d) =>
    d.items.length > 0 &&
    d.items.every((i) => filled(i.name) && filled(i.method)) &&
    d.results.every((r) => filled(r.method)),
  // Results with their units (i): a unit may be '' only for a dimensionless or textual value.
  结果及单位: (d) =>
    d.results.length > 0 &&
    d.results.every((r) => r.rows.length > 0 && r.rows.every((row) => filled(row.name) && filled(row.value))),
  偏离说明: (d) => d.deviations.length > 0 && d.deviations.every(filled),
  仅对所检样品负责声明: (d) => d.statements.some((s) => s.trim() === RESULTS_RELATE_ONLY),
  审核人: (d) => d.reviewed_by.some(filled),
  批准人: (d) => filled(d.approver.name) && filled(d.approver.title),
  防伪码: (d) => CODE.test(d.code) && filled(d.verify_url) && d.verify_url.includes(d.code),
};

/** @public The Chinese names of the elements `doc` lacks; [] when it may be released. */
export function releaseCheck(doc: ReportDocument): ReportElement[] {
  return REPORT_ELEMENTS.filter((element) => !checks[element](doc));
}

/** @public The refusal the release flow answers with, naming what is missing. */
export const releaseRefusal = (missing: readonly string[]) =>
  `报告缺少以下必备内容，不能签发：${missing.join('、')}`;
