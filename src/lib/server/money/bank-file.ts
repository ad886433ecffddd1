// Reading a bank statement file (银行流水, decision 0088): its bytes decoded (UTF-8, else GBK as the
// banks' online banking exports), the header row found by its column names, and each incoming
// transfer turned into a row with a stable key. Pure: the import (bank-import.ts) stores the rows.
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { DomainError } from '../platform/errors.ts';
import { yuanToFen } from '../../shared/money.ts';

/** The columns a row needs or uses, each by the names the big four banks' exports give it. */
const COLUMNS = {
  date: ['交易时间', '交易日期', '记账日期', '入账日期', '记账时间', '日期'],
  time: ['时间', '交易时刻'],
  credit: [
    '贷方发生额（收入）',
    '贷方发生额(收入)',
    '贷方发生额',
    '贷方金额',
    '收入金额',
    '转入金额',
    '收入',
  ],
  debit: ['借方发生额（支取）', '借方发生额(支取)', '借方发生额', '借方金额', '支出金额', '转出金额', '支出'],
  amount: ['交易金额', '发生额', '金额'],
  direction: ['借/贷', '借贷标志', '借贷方向', '收支方向', '收/支'],
  name: ['对方单位名称', '对方户名', '对方账户名称', '对方名称', '对方单位', '付款人名称', '付款方户名'],
  account: ['对方账号', '对方账户', '付款人账号', '付款方账号'],
  bank: ['对方开户机构', '对方开户行', '对方行名', '对方开户行名', '付款行名'],
  remark: ['摘要', '用途', '附言', '交易附言', '备注', '个性化信息', '交易用途'],
  serial: ['账户明细编号-交易流水号', '交易流水号', '流水号', '银行流水号', '交易序号'],
  balance: ['余额', '账户余额', '交易后余额'],
} as const;

type Key = keyof typeof COLUMNS;

type BankFormat = 'icbc' | 'ccb' | 'generic';

type BankLine = {
  line: number;
  rowKey: string;
  bookedOn: string;
  bookedTime: string;
  amountFen: number;
  payerName: string;
  payerAccount: string;
  payerBank: string;
  remark: string;
  serial: string;
};

export type ParsedStatement = {
  format: BankFormat;
  /** Incoming transfers. */
  rows: BankLine[];
  /** Outgoing ones (not top-ups), counted. */
  outgoing: number;
  /** Lines below the header that are not transactions (totals, notes), with why. */
  skipped: { line: number; reason: string }[];
};

const BANK_FILE_UNREADABLE =
  '未识别到银行流水的表头：请上传网上银行导出的 CSV 明细（需含交易日期、收入/贷方金额和对方户名列）';

/** UTF-8 when the bytes are valid UTF-8 (a BOM or not), else GBK (GB18030), as Chinese banks export. */
export function decodeBankFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** A cell as exported: Excel guards (`="…"`, a leading tab or quote) and spaces removed. */
const cell = (v: string | undefined) =>
  (v ?? '')
    .replace(/^="?|"$/g, '')
    .replace(/^[\t'\s]+|[\s\t]+$/g, '')
    .trim();

const norm = (v: string) => v.replace(/\s/g, '').replace(/\(/g, '（').replace(/\)/g, '）');

function headerIndex(header: string[]): Partial<Record<Key, number>> {
  const names = header.map((h) => norm(cell(h)));
  const found: Partial<Record<Key, number>> = {};
  for (const key of Object.keys(COLUMNS) as Key[])
    for (const wanted of COLUMNS[key]) {
      const i = names.indexOf(norm(wanted));
      if (i >= 0 && !Object.values(found).includes(i)) {
        found[key] = i;
        break;
      }
    }
  return found;
}

const usable = (h: Partial<Record<Key, number>>) =>
  h.date !== undefined && (h.credit !== undefined || h.amount !== undefined) && h.name !== undefined;

function formatOf(header: string[]): BankFormat {
  const names = header.map((h) => norm(cell(h)));
  if (names.includes('账户明细编号-交易流水号') || names.includes(norm('贷方发生额（收入）'))) return 'ccb';
  if (names.includes('对方单位名称') && names.includes('凭证号')) return 'icbc';
  return 'generic';
}

/** 2026-01-05, 2026/1/5, 20260105, 2026年1月5日, with an optional time after it. */
function dateOf(v: string): { date: string; time: string } | null {
  const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?(?:[\sT]+(\d{1,2}[:.]\d{2}(?:[:.]\d{2})?))?/.exec(
    v,
  );
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const date = `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  if (new Date(`${date}T00:00:00Z`).getUTCDate() !== d || y < 2000) return null;
  return { date, time: (m[4] ?? '').replace(/\./g, ':') };
}

/** An amount as banks print it (1,234.50, ¥1234.5, -20.00) in fen, its sign apart; null: none. */
function amountOf(v: string): { fen: number; negative: boolean } | null {
  const t = v.replace(/[,，¥￥\s]|元$/g, '');
  if (t === '' || t === '-' || t === '--') return null;
  const negative = t.startsWith('-');
  const fen = yuanToFen(t.replace(/^[-+]/, ''));
  return fen === null ? null : { fen, negative };
}

const isCredit = (direction: string) => /贷|收|入|^C/i.test(direction);

/**
 * Reads a statement. Each incoming transfer keeps a key that is the same in every file that holds
 * it: the bank's serial when the export has one, else a hash of the row's cells (the balance
 * after it makes two equal transfers differ) with its occurrence among equal rows.
 */
export function parseBankStatement(text: string): ParsedStatement {
  let records: string[][];
  const firstLines = text.split(/\r?\n/).slice(0, 30).join('\n');
  const delimiter =
    (firstLines.match(/\t/g)?.length ?? 0) > (firstLines.match(/,/g)?.length ?? 0) ? '\t' : ',';
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch {
    throw new DomainError(BANK_FILE_UNREADABLE);
  }
  const headerAt = records.findIndex((r) => usable(headerIndex(r)));
  if (headerAt < 0) throw new DomainError(BANK_FILE_UNREADABLE);
  const h = headerIndex(records[headerAt]);
  const at = (r: string[], k: Key) => (h[k] === undefined ? '' : cell(r[h[k]]));
  const result: ParsedStatement = { format: formatOf(records[headerAt]), rows: [], outgoing: 0, skipped: [] };
  const seen = new Map<string, number>();
  records.slice(headerAt + 1).forEach((r, i) => {
    const line = headerAt + 2 + i;
    if (r.every((c) => cell(c) === '')) return;
    const when = dateOf(at(r, 'date'));
    if (!when) return result.skipped.push({ line, reason: '不是交易明细（没有交易日期）' });
    let amount: number | null;
    if (h.credit !== undefined) {
      const credit = amountOf(at(r, 'credit'));
      amount = credit && !credit.negative && credit.fen > 0 ? credit.fen : null;
      if (amount === null && (amountOf(at(r, 'debit'))?.fen ?? 0) > 0) return result.outgoing++;
    } else {
      const a = amountOf(at(r, 'amount'));
      const incoming = h.direction !== undefined ? isCredit(at(r, 'direction')) : !a?.negative;
      if (a && (!incoming || a.negative)) return result.outgoing++;
      amount = a && a.fen > 0 ? a.fen : null;
    }
    if (amount === null) return result.skipped.push({ line, reason: '金额无法识别' });
    const serial = at(r, 'serial');
    const time = when.time || at(r, 'time');
    const content = [
      when.date,
      time,
      amount,
      at(r, 'account'),
      at(r, 'name'),
      at(r, 'remark'),
      at(r, 'balance'),
    ].join('|');
    const n = (seen.get(content) ?? 0) + 1;
    seen.set(content, n);
    const rowKey = serial
      ? `serial:${result.format}:${serial}`
      : `hash:${createHash('sha256').update(`${content}#${n}`).digest('hex').slice(0, 40)}`;
    result.rows.push({
      line,
      rowKey,
      bookedOn: when.date,
      bookedTime: time,
      amountFen: amount,
      payerName: at(r, 'name').slice(0, 200),
      payerAccount: at(r, 'account').replace(/\s/g, '').slice(0, 64),
      payerBank: at(r, 'bank').slice(0, 200),
      remark: remarksOf(records[headerAt], r).join(' ').slice(0, 500),
      serial: serial.slice(0, 100),
    });
  });
  return result;
}

/** Every remark-like column of a row (摘要, 用途, 附言…), joined in the file's order. */
function remarksOf(header: string[], r: string[]): string[] {
  const wanted = new Set(COLUMNS.remark.map(norm));
  return header.flatMap((name, i) => (wanted.has(norm(cell(name))) && cell(r[i]) ? [cell(r[i])] : []));
}
