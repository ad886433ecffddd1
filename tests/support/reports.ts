// Report versions in API tests (decision 0077): a builder as the composition will register one,
// making a small real PDF (pdf-lib) that prints the number and the 防伪码 it was given, and a
// ReportDocument with every element, the customer's printed name among them.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { RESULTS_RELATE_ONLY, type ReportDocument } from '#shared/reports/document.ts';
import type { ReportBuilder, ReportBuildInput } from '#server/reports/index.ts';

/** The customer as the report prints them (the account's own name may be erased later). */
export const PRINTED_CUSTOMER = {
  name: '张三明',
  organisation: '北京理工大学',
  address: '北京市海淀区中关村南大街5号',
};

function reportDocument(v: ReportBuildInput, orderNo: string): ReportDocument {
  return {
    title: '检测报告',
    report_no: v.report_no,
    code: v.code,
    verify_url: v.verify_url,
    lab: {
      name: '科研检测服务平台实验室',
      address: '上海市闵行区东川路800号',
      phone: '021-00000000',
      accreditation: 'CNAS L0000',
    },
    customer: PRINTED_CUSTOMER,
    order_no: orderNo,
    samples: [{ sample_no: `${orderNo}-01`, name: '样品01', description: '粉末 1 管', condition: '完好' }],
    received_on: '2026-01-05',
    tested_from: '2026-01-06',
    tested_to: '2026-01-07',
    issued_on: '2026-01-08',
    items: [{ name: 'X射线衍射（XRD）', method: 'JY/T 0587-2020', accredited: true, subcontracted_to: null }],
    results: [
      {
        sample_no: `${orderNo}-01`,
        item_name: 'X射线衍射（XRD）',
        method: 'JY/T 0587-2020',
        instrument: 'Bruker D8 Advance',
        tested_by: '李工',
        tested_at: '2026-01-06T10:00:00+08:00',
        rows: [{ name: '物相', value: '见附件', unit: '', remark: '', out_of_range: false }],
        raw_files: [{ name: 'xrd-01.xy', sha256: 'a'.repeat(64) }],
      },
    ],
    deviations: ['无'],
    statements: [RESULTS_RELATE_ONLY],
    reviewed_by: ['王审核'],
    approver: { name: '赵签字', title: '授权签字人' },
    revision: v.revision,
  };
}

/** A one-page PDF saying the number and the code (ASCII: the standard fonts have no Chinese). */
async function simplePdf(v: ReportBuildInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(`Report ${v.report_no}`, { x: 50, y: 780, size: 18, font });
  page.drawText(`Code ${v.code}`, { x: 50, y: 750, size: 12, font });
  page.drawText(v.verify_url, { x: 50, y: 730, size: 9, font });
  return pdf.save();
}

/**
 * A builder for tests: each version's code is kept in `codes` (by report number), as a holder
 * reads it off the paper; `pdfs` keeps the bytes issued.
 */
export function testBuilder(orderNoOf: (orderId: number) => Promise<string>) {
  const codes = new Map<string, string>();
  const pdfs = new Map<string, Uint8Array>();
  const builder: ReportBuilder = async (_s, v) => {
    const bytes = await simplePdf(v);
    codes.set(v.report_no, v.code);
    pdfs.set(v.report_no, bytes);
    return { doc: reportDocument(v, await orderNoOf(v.orderId)), pdf: bytes };
  };
  return { builder, codes, pdfs };
}
