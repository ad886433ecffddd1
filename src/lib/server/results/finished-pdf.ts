// A finished report (成品报告, decision 0081) is appended page by page to the signed report at
// release, so it must be a PDF that pdf-lib reads and embeds: checked when it is uploaded, not
// when the signatory releases weeks later.
import { PDFDocument } from 'pdf-lib';
import { DomainError } from '../platform/errors.ts';

export const FINISHED_PDF_UNREADABLE = '成品报告须为可读取的 PDF 文件（不能加密或损坏），请重新导出后上传';

/** Refuses bytes that are not a PDF pdf-lib can open and embed (encrypted, damaged, no pages). */
export async function checkFinishedPdf(bytes: Uint8Array): Promise<void> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    if (pdf.getPageCount() === 0) throw new Error('no pages');
    // Embedding reads every page's content and resources, as the release will.
    await (await PDFDocument.create()).embedPdf(pdf, pdf.getPageIndices());
  } catch {
    throw new DomainError(FINISHED_PDF_UNREADABLE);
  }
}
