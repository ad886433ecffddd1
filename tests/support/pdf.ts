import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page, as a PDF reader extracts it (through the ToUnicode maps). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false })
    .promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  await doc.destroy();
  return text;
}
