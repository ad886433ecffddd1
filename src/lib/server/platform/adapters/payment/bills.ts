// The providers' trade bill files (decision 0028), parsed without I/O: WeChat Pay's CSV-like text
// (every field prefixed with a backtick, a summary section at the end) and Alipay's ZIP of GBK
// CSV files (业务明细, with #-comment lines around the table).
import { inflateRawSync } from 'node:zlib';
import { yuanToFen } from '../../../../shared/money.ts';
import type { BillLine } from './types.ts';

const fenOf = (text: string | undefined, what: string): number => {
  const fen = yuanToFen((text ?? '').replace(/^-/, ''));
  if (fen === null) throw new Error(`bill: ${what} is not an amount: ${text}`);
  return fen;
};

/** Header names compared without spaces and with full-width brackets as ASCII. */
const norm = (name: string) => name.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');

function rowReader(header: string[]) {
  const names = header.map(norm);
  return (row: string[]) =>
    (...candidates: string[]) => {
      for (const c of candidates) {
        const i = names.indexOf(norm(c));
        if (i >= 0 && row[i] !== undefined && row[i] !== '') return row[i];
      }
      return undefined;
    };
}

/**
 * WeChat Pay's trade bill (bill_type ALL): the detail header, detail rows, then the summary
 * header (总交易单数…) and its row. Fields are read by header name (the column order differs
 * between bill types) with the leading backtick removed. The summary's count must match the rows,
 * so a cut-off download is refused rather than reconciled.
 */
export function parseWechatBill(text: string): BillLine[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(',').map((f) => f.trim().replace(/^`/, '')));
  if (rows.length === 0) return [];
  const summaryAt = rows.findIndex((r) => r[0] === '总交易单数');
  if (summaryAt < 0) throw new Error('WeChat Pay bill: no summary section');
  const details = rows.slice(1, summaryAt);
  const expected = Number(rows[summaryAt + 1]?.[0]);
  if (expected !== details.length)
    throw new Error(`WeChat Pay bill: ${details.length} rows, the summary says ${expected}`);
  const read = rowReader(rows[0]);
  const lines: BillLine[] = [];
  for (const row of details) {
    const get = read(row);
    const state = get('交易状态');
    const base = { tradeNo: get('商户订单号') ?? '', providerTradeNo: get('微信订单号') ?? '' };
    if (state === 'SUCCESS') {
      lines.push({ kind: 'payment', ...base, amountFen: fenOf(get('订单金额', '应结订单金额'), '订单金额') });
    } else if (state === 'REFUND') {
      const status = get('退款状态');
      lines.push({
        kind: 'refund',
        ...base,
        refundNo: get('商户退款单号') ?? '',
        amountFen: fenOf(get('申请退款金额', '退款金额'), '退款金额'),
        refundStatus: status === 'SUCCESS' ? 'succeeded' : status === 'PROCESSING' ? 'processing' : 'failed',
      });
    }
  }
  return lines;
}

/**
 * Alipay's 业务明细 CSV (already decoded): #-comment lines, the header (支付宝交易号,商户订单号,
 * 业务类型…), rows until the next #-line. Fields are padded with spaces and tabs. A 交易 row is a
 * payment (订单金额), a 退款 row a refund (商家实收 is negative; 退款批次号/请求号 is our number).
 */
function parseAlipayBill(text: string): BillLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.replace(/^\s+/, '').startsWith('支付宝交易号'));
  if (headerAt < 0) throw new Error('Alipay bill: no detail table');
  const read = rowReader(lines[headerAt].split(',').map((f) => f.trim()));
  const out: BillLine[] = [];
  for (const line of lines.slice(headerAt + 1)) {
    if (line.startsWith('#')) break;
    if (line.trim() === '') continue;
    const get = read(line.split(',').map((f) => f.trim().replace(/^`/, '')));
    const kind = get('业务类型');
    const base = { tradeNo: get('商户订单号') ?? '', providerTradeNo: get('支付宝交易号') ?? '' };
    if (kind === '交易') {
      out.push({ kind: 'payment', ...base, amountFen: fenOf(get('订单金额(元)'), '订单金额') });
    } else if (kind === '退款') {
      out.push({
        kind: 'refund',
        ...base,
        refundNo: get('退款批次号/请求号') ?? '',
        amountFen: fenOf(get('商家实收(元)'), '商家实收'),
        refundStatus: 'succeeded',
      });
    }
  }
  return out;
}

/**
 * The files of a ZIP archive (stored or deflated), read from its central directory. Small and
 * enough for Alipay's bill archive; names are returned as raw bytes' latin1 text (Alipay writes
 * them in GBK), so callers choose files by content.
 */
function unzip(archive: Buffer): { name: string; data: Buffer }[] {
  const eocd = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a ZIP archive');
  const count = archive.readUInt16LE(eocd + 10);
  let at = archive.readUInt32LE(eocd + 16);
  const files: { name: string; data: Buffer }[] = [];
  for (let n = 0; n < count; n++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('ZIP: bad central directory');
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('latin1');
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const raw = archive.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`ZIP: unsupported method ${method}`);
    files.push({ name, data: method === 0 ? Buffer.from(raw) : inflateRawSync(raw) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** Alipay's bill archive: the 业务明细 file (not its 汇总 summary), decoded from GBK. */
export function alipayBillFromZip(archive: Buffer): BillLine[] {
  const gbk = new TextDecoder('gbk');
  for (const file of unzip(archive)) {
    const text = gbk.decode(file.data);
    if (text.split(/\r?\n/).some((l) => l.replace(/^\s+/, '').startsWith('支付宝交易号')))
      return parseAlipayBill(text);
  }
  throw new Error('Alipay bill archive holds no 业务明细 table');
}
