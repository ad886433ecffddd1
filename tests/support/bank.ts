// Bank statement files for the import tests (decision 0088): ICBC's 历史明细 export in GBK, as
// online banking saves it, and CCB's 账户明细 in UTF-8.

let gbkTable: Map<string, number[]> | undefined;

/** Text in GBK bytes (the table built from the platform's GBK decoder, so no encoder is needed). */
export function gbk(text: string): Uint8Array {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++)
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const ch = decoder.decode(Uint8Array.of(lead, trail));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
      }
  }
  const out: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out.push(ch.charCodeAt(0));
    else {
      const bytes = gbkTable.get(ch);
      if (!bytes) throw new Error(`no GBK code for ${ch}`);
      out.push(...bytes);
    }
  }
  return Uint8Array.from(out);
}

export type IcbcRow = {
  at: string;
  credit?: string;
  debit?: string;
  name: string;
  account: string;
  purpose?: string;
  balance: string;
};

/** ICBC 企业网银「历史明细」CSV: a title and account lines, the header, the rows, a total line. */
export function icbcCsv(rows: IcbcRow[]): string {
  const q = (v: string) => (v.includes(',') ? `"${v}"` : v);
  return [
    '中国工商银行 账户历史明细',
    '账号: 1202020109000012345,户名: 某某检测中心,币种: 人民币',
    '起始日期: 2026-11-01,截止日期: 2026-11-30',
    '凭证号,本方账号,对方账号,交易时间,借/贷,借方发生额,贷方发生额,对方行号,摘要,用途,对方单位名称,余额,个性化信息',
    ...rows.map((r) =>
      [
        '',
        '1202020109000012345',
        `\t${r.account}`,
        r.at,
        r.credit ? '贷' : '借',
        q(r.debit ?? ''),
        q(r.credit ?? ''),
        '102100099996',
        r.credit ? '汇入' : '汇出',
        r.purpose ?? '',
        r.name,
        q(r.balance),
        '',
      ].join(','),
    ),
    `合计,,,,,,,,,,,,`,
  ].join('\r\n');
}

/** CCB 企业网银「账户明细」CSV (UTF-8 with a BOM), with its serial column. */
export function ccbCsv(
  rows: { at: string; credit: string; name: string; account: string; remark: string; serial: string }[],
): Uint8Array {
  const text = [
    '交易时间,借方发生额（支取）,贷方发生额（收入）,余额,币种,对方户名,对方账号,对方开户机构,记账日期,摘要,备注,账户明细编号-交易流水号',
    ...rows.map((r) =>
      [
        r.at,
        '',
        r.credit,
        '100000.00',
        '人民币',
        r.name,
        r.account,
        '建设银行北京分行',
        r.at.slice(0, 8),
        '转账',
        r.remark,
        r.serial,
      ].join(','),
    ),
  ].join('\n');
  return new TextEncoder().encode(`\ufeff${text}`);
}
