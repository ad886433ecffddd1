// The report the renderer, signing tests and the bench draw (decision 0076): the template's sample
// document (3 samples, 2 items, 30 result rows, a non-accredited item, an out-of-range value) with a
// lab, its logo and seal, and a finished PDF of a few pages as an analysis's attachment.
import sharp from 'sharp';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { sampleReportDocument } from '../../src/lib/server/reports/template-sample.ts';
import { DEFAULT_STATEMENTS, type ReportTemplate } from '../../src/lib/shared/reports/template.ts';
import type { ReportDocument } from '../../src/lib/shared/reports/document.ts';

const TEMPLATE: ReportTemplate = {
  lab_name: '华测先进材料分析测试中心（上海）有限公司',
  address: '上海市闵行区东川路 800 号 材料楼 B 座 3 层',
  phone: '021-5474 8800',
  accreditation: 'CNAS 认可实验室 注册号 CNAS L12345　CMA 资质认定证书编号 231012345678',
  title: '检测报告',
  logo_rid: null,
  seal_rid: null,
  logo_url: null,
  seal_url: null,
  statements: DEFAULT_STATEMENTS,
  signatories: [{ staff_rid: 'u1', name: '周建国', title: '授权签字人 / 技术负责人' }],
  updated: null,
};

export const reportDocument = (options: { revision?: boolean } = {}): ReportDocument =>
  sampleReportDocument(TEMPLATE, options);

/** A red round seal and a blue logo, as PNGs. */
export async function reportArt() {
  const seal = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><circle cx="150" cy="150" r="138" fill="none" stroke="#d00" stroke-width="10"/><path d="M150 95 l16 48 h50 l-40 30 15 48 -41 -30 -41 30 15 -48 -40 -30 h50z" fill="#d00"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  const logo = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120"><rect width="200" height="120" rx="16" fill="#1e4fa0"/><rect x="40" y="30" width="120" height="60" rx="8" fill="#fff"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  return { logo: new Uint8Array(logo), seal: new Uint8Array(seal) };
}

/** A finished PDF of `pages` US Letter pages, as an instrument's software writes one. */
export async function attachmentPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`XRD pattern report, page ${i + 1}`, { x: 50, y: 740, size: 20, font });
    page.drawRectangle({
      x: 50,
      y: 120,
      width: 512,
      height: 580,
      borderWidth: 1.5,
      borderColor: rgb(0, 0, 0),
    });
    for (let k = 0; k < 40; k++)
      page.drawLine({
        start: { x: 60 + k * 12.5, y: 130 },
        end: { x: 60 + k * 12.5, y: 130 + ((k * 37) % 520) },
        thickness: 1,
      });
  }
  return doc.save();
}
