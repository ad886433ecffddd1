// The test report as a PDF (issue 31, decision 0076): one ReportDocument drawn on A4 with pdf-lib
// and the embedded CJK font subsets. Every page carries the report number and 第 x 页 / 共 y 页;
// the first the lab's header, the title, the QR code of the verify link with the 防伪码, then
// the samples, items and methods, results, instruments, raw-data hashes, deviations, statements,
// the approval block under the seal, and 报告结束. Long tables continue on the next page under
// their header; long text wraps. A finished PDF an analysis produced follows as the attachment,
// each of its pages scaled into the same frame and stamped. Pure: bytes in, bytes out; the
// release flow signs the result (signing.ts), which adds the signature dictionary.
import { PDFDocument, type PDFImage } from 'pdf-lib';
import { embedCjkFonts } from '../agreement/index.ts';
import { dateText, drawFront, unique } from './render-front.ts';
import {
  A4,
  BOTTOM,
  INK,
  MARGIN_X,
  MUTED,
  RULE,
  SUBSTITUTES_TEXT,
  TOP,
  WIDTH,
  Writer,
  embedPicture,
  type Cell,
} from './render-writer.ts';
import { DomainError } from '../platform/errors.ts';
import {
  RESULTS_RELATE_ONLY,
  type ReportDocument,
  type ReportResult,
} from '../../shared/reports/document.ts';

/** The pictures a report prints: the lab's logo and its seal (PNG or JPEG bytes). */
export type ReportArt = { logo?: Uint8Array; seal?: Uint8Array };

const NOT_ACCREDITED = '▲';
const OUT_OF_RANGE = '※';
const END_MARK = '—— 报告结束 ——';
const BLANK_BELOW = '以下空白';
const SECTION_NUMBERS = '一二三四五六七八九十';
/**
 * Every character the renderer's own words use (labels, headings, notes), embedded whatever the
 * document says; the render test fails on a □, so a new word without its characters is caught.
 */
const STATIC_TEXT =
  '–—‘’“”※□▲　、。《》「」『』【】一七三上下不与专为之九二于五人代以仪件份传伪位作依信修偏八六共其内准出分前加包十单原发取成' +
  '可号名后告员品器四因围在地址均坏声备始委定实审室密已年序废态总息或所托扫批报损据描收改数文新方无日明是替月期本束析果标样核' +
  '检正每汇法注测版状用由电白的目真码离称空章第签系结编联能自至范见规订认设话该说请读起超述重防附非页项验！（），：；？续' +
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';

/** Every string a value holds, for the font subsets. */
function allText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(allText).join('');
  if (value && typeof value === 'object') return Object.values(value).map(allText).join('');
  return '';
}

/** The item as a report prints it: ▲ for outside the accreditation, the subcontractor named. */
function itemLabel(d: ReportDocument, name: string) {
  const item = d.items.find((i) => i.name === name);
  return `${name}${item && !item.accredited ? ` ${NOT_ACCREDITED}` : ''}`;
}

function drawBody(w: Writer, d: ReportDocument, attachmentCount: number, attachmentPages: number) {
  let n = 0;
  const section = (title: string) => w.heading(`${SECTION_NUMBERS[n++]}、${title}`);

  section('样品信息');
  w.table(
    [
      { head: '样品编号', width: 0.25 },
      { head: '样品名称', width: 0.22 },
      { head: '样品描述', width: 0.37 },
      { head: '样品状态', width: 0.16, align: 'center' },
    ],
    d.samples.map((s) => [s.sample_no, s.name, s.description, s.condition]),
  );

  section('检测项目与方法');
  const methods = d.items.map((item, i): Cell[] => {
    const notes = [
      item.accredited ? '' : `${NOT_ACCREDITED} 非认可项目`,
      item.subcontracted_to ? `分包：由${item.subcontracted_to}检测` : '',
    ].filter(Boolean);
    return [String(i + 1), itemLabel(d, item.name), item.method, notes.join('；') || '—'];
  });
  w.table(
    [
      { head: '序号', width: 0.08, align: 'center' },
      { head: '检测项目', width: 0.3 },
      { head: '检测方法（依据）', width: 0.34 },
      { head: '说明', width: 0.28 },
    ],
    methods,
  );
  const notes = [
    d.items.some((i) => !i.accredited)
      ? `${NOT_ACCREDITED} 非认可项目：该项目不在本实验室的认可范围内。`
      : '',
    d.items.some((i) => i.subcontracted_to)
      ? '分包项目由所注明的分包实验室检测，其结果由本实验室汇总报告。'
      : '',
  ].filter(Boolean);
  for (const note of notes) w.para(note, { size: 8.5, lead: 12.5, color: MUTED });

  section('检测结果');
  const rows: Cell[][] = d.results.flatMap((r: ReportResult) =>
    r.rows.map((row): Cell[] => [
      r.sample_no,
      itemLabel(d, r.item_name),
      row.name,
      row.out_of_range ? { text: `${row.value} ${OUT_OF_RANGE}`, bold: true } : row.value,
      row.unit || '—',
      row.remark || '',
    ]),
  );
  rows.push([{ text: BLANK_BELOW, color: MUTED }, '', '', '', '', '']);
  w.table(
    [
      { head: '样品编号', width: 0.22 },
      { head: '检测项目', width: 0.2 },
      { head: '结果名称', width: 0.18 },
      { head: '结果', width: 0.12, align: 'right' },
      { head: '单位', width: 0.08, align: 'center' },
      { head: '备注', width: 0.2 },
    ],
    rows,
  );
  if (d.results.some((r) => r.rows.some((row) => row.out_of_range)))
    w.para(`${OUT_OF_RANGE} 结果超出该项目规定的范围，说明见备注。`, { size: 8.5, lead: 12.5, color: MUTED });
  if (attachmentPages > 0)
    w.para(
      `附件：分析报告原件${attachmentCount > 1 ? ` ${attachmentCount} 份` : ''}共 ${attachmentPages} 页，附于本报告正文之后，每页均标注报告编号与页码。`,
      {
        size: 9,
        lead: 13,
      },
    );

  section('检测仪器与人员');
  w.table(
    [
      { head: '样品编号', width: 0.22 },
      { head: '检测项目', width: 0.2 },
      { head: '仪器设备', width: 0.28 },
      { head: '检测人', width: 0.13, align: 'center' },
      { head: '检测日期', width: 0.17, align: 'center' },
    ],
    d.results.map((r) => [
      r.sample_no,
      itemLabel(d, r.item_name),
      r.instrument || '—',
      r.tested_by,
      r.tested_at.slice(0, 10),
    ]),
  );

  const files = d.results.flatMap((r) =>
    r.raw_files.map((f) => [
      r.sample_no,
      r.item_name,
      f.finished ? `${f.name}（成品报告，见附件）` : f.name,
      f.sha256,
    ]),
  );
  if (files.length > 0) {
    section('原始数据');
    w.table(
      [
        { head: '样品编号', width: 0.22 },
        { head: '检测项目', width: 0.18 },
        { head: '文件名', width: 0.35 },
        { head: 'SHA-256（前 16 位）', width: 0.25 },
      ],
      files.map(([no, item, name, sha]) => [no, item, name, sha.slice(0, 16)]),
    );
  }

  section('偏离说明');
  const deviations = d.deviations.filter((t) => t.trim());
  (deviations.length ? deviations : ['无']).forEach((t, i, all) =>
    w.para(t, { hanging: all.length > 1 ? `${i + 1}. ` : '' }),
  );

  section('声明');
  const statements = unique([RESULTS_RELATE_ONLY, ...d.statements]);
  statements.forEach((t, i) => w.para(t, { hanging: `${i + 1}. ` }));
}

/** 检测 / 审核 / 批准, the seal over the approver, then 报告结束 (unless the attachment follows). */
function drawApproval(w: Writer, d: ReportDocument, seal: PDFImage | null, endHere: boolean) {
  const height = 128;
  w.room(height + 30);
  w.y -= 30;
  const colW = WIDTH / 3;
  const testers = unique(d.results.map((r) => r.tested_by)).join('、') || '—';
  const reviewers = unique(d.reviewed_by).join('、') || '—';
  const columns: [string, string[]][] = [
    ['检测', w.wrap(testers, 10, colW - 50)],
    ['审核', w.wrap(reviewers, 10, colW - 50)],
    ['批准', [d.approver.name, ...w.wrap(d.approver.title, 8.5, colW - 50)]],
  ];
  columns.forEach(([label, lines], i) => {
    const x = MARGIN_X + i * colW;
    w.text(`${label}：`, x, w.y, 10, MUTED);
    lines.forEach((line, j) =>
      w.text(
        line,
        x + 40,
        w.y - j * 14,
        j > 0 && i === 2 ? 8.5 : 10,
        j > 0 && i === 2 ? MUTED : INK,
        j === 0,
      ),
    );
    w.page.drawLine({
      start: { x: x + 38, y: w.y - 4 },
      end: { x: x + colW - 12, y: w.y - 4 },
      thickness: 0.5,
      color: RULE,
    });
  });
  const dateLine = `签发日期：${dateText(d.issued_on)}`;
  w.text(dateLine, MARGIN_X + WIDTH - w.width(dateLine, 9.5), w.y - 48, 9.5, INK);
  w.text('（检验检测专用章）', MARGIN_X + WIDTH - w.width('（检验检测专用章）', 8), w.y - 62, 8, MUTED);
  if (seal) {
    // Over the issue date, as a stamp lands on paper (the approver's name stays readable).
    const size = 104;
    w.page.drawImage(seal, {
      x: MARGIN_X + WIDTH - size - 4,
      y: w.y - 45 - size / 2,
      width: size,
      height: size,
      opacity: 0.9,
    });
  }
  w.y -= height - 30;
  if (endHere) {
    w.y -= 6;
    w.centred(END_MARK, w.y, 10, INK);
  }
}

/**
 * @public The report as PDF bytes. `art`: the template's logo and seal; `attachments`: the finished
 * PDFs the analyses produced (decision 0081), whose pages follow the report's own, each scaled into
 * the same frame (the header and footer bands stay free for the stamp) and stamped with the report
 * number and 第 x 页 / 共 y 页 like every page, and which 附件 it is.
 */
export async function renderReport(
  doc: ReportDocument,
  art: ReportArt = {},
  attachments: Uint8Array[] = [],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const attached: PDFDocument[] = [];
  for (const bytes of attachments) {
    try {
      attached.push(await PDFDocument.load(bytes, { updateMetadata: false }));
    } catch {
      throw new DomainError('附件不是可读取的 PDF 文件（可能已加密或损坏），请重新上传', 200, 'REFUSED');
    }
  }
  const attachmentPages = attached.reduce((n, a) => n + a.getPageCount(), 0);
  const fonts = await embedCjkFonts(pdf, allText(doc) + RESULTS_RELATE_ONLY + STATIC_TEXT + SUBSTITUTES_TEXT);
  const w = new Writer(pdf, fonts);
  const [logo, seal] = await Promise.all([embedPicture(pdf, art.logo), embedPicture(pdf, art.seal)]);

  drawFront(w, doc, logo);
  drawBody(w, doc, attached.length, attachmentPages);
  drawApproval(w, doc, seal, attachmentPages === 0);
  const coverPages = w.pages.length;

  const frameW = WIDTH;
  const frameH = TOP - BOTTOM - 8;
  let appended = 0;
  for (const [k, source] of attached.entries()) {
    const embedded = await pdf.embedPdf(source, source.getPageIndices());
    embedded.forEach((p, i) => {
      const page = pdf.addPage(A4);
      w.pages.push(page);
      w.page = page;
      const scale = Math.min(frameW / p.width, frameH / p.height, 1.2);
      const box = {
        x: MARGIN_X + (frameW - p.width * scale) / 2,
        y: BOTTOM + 4 + (frameH - p.height * scale) / 2,
        width: p.width * scale,
        height: p.height * scale,
      };
      page.drawPage(p, box);
      page.drawRectangle({ ...box, borderColor: RULE, borderWidth: 0.5 });
      const which = attached.length > 1 ? `附件 ${k + 1}` : '附件';
      w.text(`${which} 第 ${i + 1} 页 / 共 ${embedded.length} 页`, MARGIN_X, BOTTOM - 24, 8, MUTED);
      if (++appended === attachmentPages) w.centred(END_MARK, BOTTOM - 24, 9, INK);
    });
  }

  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    w.page = page;
    const size = 8.5;
    const right = `报告编号：${doc.report_no}\u3000\u3000第 ${i + 1} 页 / 共 ${total} 页`;
    w.text(right, MARGIN_X + WIDTH - w.width(right, size), TOP + 22, size, INK);
    if (i > 0) {
      const name = w.wrap(doc.lab.name, size, WIDTH - w.width(right, size) - 16)[0] ?? '';
      w.text(name, MARGIN_X, TOP + 22, size, MUTED);
    }
    page.drawLine({
      start: { x: MARGIN_X, y: TOP + 14 },
      end: { x: MARGIN_X + WIDTH, y: TOP + 14 },
      thickness: 0.6,
      color: RULE,
    });
    page.drawLine({
      start: { x: MARGIN_X, y: BOTTOM - 10 },
      end: { x: MARGIN_X + WIDTH, y: BOTTOM - 10 },
      thickness: 0.4,
      color: RULE,
    });
    if (i < coverPages) {
      const foot = [doc.lab.name, doc.lab.phone && `电话 ${doc.lab.phone}`].filter(Boolean).join('　');
      w.text(w.wrap(foot, 7.5, WIDTH)[0] ?? '', MARGIN_X, BOTTOM - 24, 7.5, MUTED);
    }
  });

  pdf.setTitle(`${doc.title} ${doc.report_no}`);
  pdf.setAuthor(doc.lab.name);
  pdf.setSubject(doc.order_no);
  pdf.setCreator(doc.lab.name);
  pdf.setProducer('pdf-lib');
  pdf.setLanguage('zh-CN');
  // The issue date, not the clock: the same document renders to the same bytes.
  const issued = new Date(`${doc.issued_on.slice(0, 10)}T00:00:00+08:00`);
  if (!Number.isNaN(issued.getTime())) {
    pdf.setCreationDate(issued);
    pdf.setModificationDate(issued);
  }
  // Plain cross-reference table: the signature's placeholder is found and filled in place.
  return pdf.save({ useObjectStreams: false });
}
