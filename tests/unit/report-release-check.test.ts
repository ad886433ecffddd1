// Decision 0076: the release check refuses a report that lacks any element CNAS-CL01 7.8.2.1
// requires. One fixture per element, each missing exactly that one; the complete report passes.
import { describe, expect, it } from 'vitest';
import { REPORT_ELEMENTS, releaseCheck, type ReportElement } from '#server/reports/release-check.ts';
import { sampleReportDocument } from '#server/reports/template-sample.ts';
import { RESULTS_RELATE_ONLY, type ReportDocument } from '#shared/reports/document.ts';
import { DEFAULT_STATEMENTS } from '#shared/reports/template.ts';

const complete = (): ReportDocument =>
  sampleReportDocument({
    lab_name: '华测先进材料分析测试中心',
    address: '上海市闵行区东川路 800 号',
    phone: '021-5474 8800',
    accreditation: 'CNAS L12345',
    title: '检测报告',
    logo_rid: null,
    seal_rid: null,
    logo_url: null,
    seal_url: null,
    statements: DEFAULT_STATEMENTS,
    signatories: [{ staff_rid: 'u1', name: '周建国', title: '技术负责人' }],
    updated: null,
  });

/** Each element's fixture: the complete report with only that element taken away. */
const without: Record<ReportElement, (d: ReportDocument) => void> = {
  标题: (d) => void (d.title = '  '),
  实验室名称: (d) => void (d.lab.name = ''),
  实验室地址: (d) => void (d.lab.address = ''),
  报告编号: (d) => void (d.report_no = ''),
  客户信息: (d) => void (d.customer = { name: '', organisation: '', address: '上海' }),
  样品描述: (d) => void (d.samples[1] = { ...d.samples[1], name: '', description: '' }),
  样品状态: (d) => void (d.samples[2] = { ...d.samples[2], condition: '' }),
  收样日期: (d) => void (d.received_on = null),
  检测日期: (d) => void (d.tested_to = '2026-11-20'), // before it started
  签发日期: (d) => void (d.issued_on = ''),
  检测方法: (d) => void (d.items[1] = { ...d.items[1], method: '' }),
  结果及单位: (d) => void (d.results[3].rows[2] = { ...d.results[3].rows[2], value: '' }),
  偏离说明: (d) => void (d.deviations = []),
  仅对所检样品负责声明: (d) => void (d.statements = d.statements.filter((s) => s !== RESULTS_RELATE_ONLY)),
  审核人: (d) => void (d.reviewed_by = []),
  批准人: (d) => void (d.approver = { name: '', title: '技术负责人' }),
  防伪码: (d) => void (d.code = 'ABC'),
};

describe('release check', () => {
  it('passes the complete report', () => {
    expect(releaseCheck(complete())).toEqual([]);
  });

  it.each(REPORT_ELEMENTS)('refuses a report without %s, naming only that', (element) => {
    const d = complete();
    without[element](d);
    expect(releaseCheck(d)).toEqual([element]);
  });

  it('names every missing element of an empty report, in the standard order', () => {
    const d = complete();
    for (const element of REPORT_ELEMENTS) without[element](d);
    expect(releaseCheck(d)).toEqual([...REPORT_ELEMENTS]);
  });

  it('asks more of some elements than being present', () => {
    const noSamples = complete();
    noSamples.samples = [];
    expect(releaseCheck(noSamples)).toEqual(['样品描述', '样品状态']);
    const noResults = complete();
    noResults.results = [];
    expect(releaseCheck(noResults)).toEqual(['结果及单位']);
    const badCode = complete();
    badCode.code = 'ILOU1234'; // letters Crockford's base32 leaves out
    expect(releaseCheck(badCode)).toEqual(['防伪码']);
    const otherLink = complete();
    otherLink.verify_url = 'https://lab.example.cn/verify?r=X&c=ZZZZZZZZ';
    expect(releaseCheck(otherLink)).toEqual(['防伪码']);
  });
});
