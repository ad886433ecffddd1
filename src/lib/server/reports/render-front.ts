// The first page of a report (decision 0076): the lab's header with its logo, the title and the
// report number, a revised version's notice, and the customer and dates beside the QR code of the
// verify link with its 防伪码.
import type { PDFImage } from 'pdf-lib';
import { drawQr } from '../samples/index.ts';
import { INK, MARGIN_X, MUTED, NOTICE_BG, NOTICE_RULE, WIDTH, type Writer } from './render-writer.ts';
import type { ReportDocument } from '../../shared/reports/document.ts';

/** 2026-11-28 → 2026年11月28日. */
export const dateText = (iso: string | null) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[1]}年${m[2]}月${m[3]}日` : '—';
};

export const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** The lab's header, the title and report number, a revision's notice, the QR with the 防伪码. */
export function drawFront(w: Writer, d: ReportDocument, logo: PDFImage | null) {
  let x = MARGIN_X;
  const top = w.y;
  if (logo) {
    const h = 44;
    const lw = Math.min(110, (logo.width / logo.height) * h);
    const lh = (logo.height / logo.width) * lw;
    w.page.drawImage(logo, { x, y: top - lh, width: lw, height: lh });
    x += lw + 12;
  }
  const textW = MARGIN_X + WIDTH - x;
  let y = top - 15;
  for (const line of w.wrap(d.lab.name, 15, textW)) {
    w.text(line, x, y, 15, INK, true);
    y -= 19;
  }
  const contact = [d.lab.address, d.lab.phone && `电话：${d.lab.phone}`].filter(Boolean).join('　');
  for (const line of [
    ...w.wrap(contact, 8.5, textW),
    ...(d.lab.accreditation ? w.wrap(d.lab.accreditation, 8.5, textW) : []),
  ]) {
    y -= 1;
    w.text(line, x, y, 8.5, MUTED);
    y -= 11.5;
  }
  w.y = Math.min(y + 4, top - 48);
  w.page.drawLine({
    start: { x: MARGIN_X, y: w.y },
    end: { x: MARGIN_X + WIDTH, y: w.y },
    thickness: 1.2,
    color: INK,
  });
  w.y -= 36;
  for (const line of w.wrap(d.title, 22, WIDTH)) {
    w.centred(line, w.y, 22, INK, true);
    w.y -= 28;
  }
  w.centred(`报告编号：${d.report_no}`, w.y + 4, 10.5, INK);
  w.y -= 10;

  if (d.revision) {
    const size = 9.2;
    const lead = 13.5;
    const text = `本报告为报告 ${d.revision.replaces} 的修订版，自签发之日起替代原报告，原报告作废。修改原因：${d.revision.reason}`;
    const lines = w.wrap(text, size, WIDTH - 24);
    const h = lines.length * lead + 12;
    w.room(h + 8);
    w.y -= 8;
    w.page.drawRectangle({
      x: MARGIN_X,
      y: w.y - h,
      width: WIDTH,
      height: h,
      color: NOTICE_BG,
      borderColor: NOTICE_RULE,
      borderWidth: 0.8,
    });
    lines.forEach((line, i) =>
      w.text(line, MARGIN_X + 12, w.y - 6 - size * 0.88 - i * lead, size, INK, i === 0),
    );
    w.y -= h;
  }

  // The customer and dates at the left, the QR code with its 防伪码 at the right.
  w.y -= 12;
  const qrBox = 112;
  const fieldsTop = w.y;
  const tested =
    d.tested_from === d.tested_to
      ? dateText(d.tested_from)
      : `${dateText(d.tested_from)} 至 ${dateText(d.tested_to)}`;
  const customer = d.customer.organisation || d.customer.name;
  w.fields(
    [
      ['委托单位', customer],
      ...(d.customer.organisation && d.customer.name
        ? [['联系人', d.customer.name] as [string, string]]
        : []),
      ['委托方地址', d.customer.address],
      ['订单编号', d.order_no],
      ['收样日期', dateText(d.received_on)],
      ['检测日期', tested],
      ['签发日期', dateText(d.issued_on)],
    ],
    WIDTH - qrBox - 10,
  );
  const qrSize = 86;
  const qrX = MARGIN_X + WIDTH - qrBox + (qrBox - qrSize) / 2;
  // Drawn on the first page, where the fields start (they fit it: the front is short).
  const first = w.pages[0];
  const page = w.page;
  w.page = first;
  drawQr(first, d.verify_url, qrX, fieldsTop, qrSize);
  const codeText = d.code.length === 8 ? `${d.code.slice(0, 4)} ${d.code.slice(4)}` : d.code;
  const cx = MARGIN_X + WIDTH - qrBox / 2;
  const label = '防伪码';
  w.text(label, cx - w.width(label, 8.5) / 2, fieldsTop - qrSize - 14, 8.5, MUTED);
  w.text(codeText, cx - w.width(codeText, 12) / 2, fieldsTop - qrSize - 29, 12, INK, true);
  const hint = '扫码核验报告真伪';
  w.text(hint, cx - w.width(hint, 7.5) / 2, fieldsTop - qrSize - 41, 7.5, MUTED);
  w.page = page;
  if (w.page === first) w.y = Math.min(w.y, fieldsTop - qrSize - 46);
}
