// Bank statement import (issue 33; decision 0088): finance uploads the bank's CSV export (GBK or
// UTF-8), incoming transfers are matched against top-ups waiting for review by amount and payer or
// reference, a confirmation credits the top-up through its approval — once, however often the
// file is imported — and the rows that match nothing stay listed for finance.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PNG, type Customer } from '../support/orders.ts';
import { expectLedgerSound, wallet } from '../support/money.ts';
import { ccbCsv, gbk, icbcCsv } from '../support/bank.ts';
import type { z } from 'zod';
import type { BankImportedSchema, BankRowSchema } from '#shared/money/bank.ts';

const t = await setupApi();
const o = orderHelpers(t);

type Row = z.output<typeof BankRowSchema>;
type Imported = z.output<typeof BankImportedSchema>;

async function importFile(bytes: Uint8Array, name = '历史明细.csv', h?: Record<string, string>) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'text/csv' }));
  const res = await t.api.request('/api/admin/bank/import', {
    method: 'POST',
    body: form,
    headers: h ?? (await o.staff()),
  });
  return (await res.json()) as { code: number; msg: string; data: Imported };
}

const rows = async (filter: Record<string, unknown> = {}) =>
  (await o.admin<{ list: Row[]; total: number }>('bank/rows', { size: 100, ...filter })).body.data;

/** A top-up waiting for review, its voucher sent (payer, serial), as a customer makes one. */
async function waitingTopUp(c: Customer, fen: number, payer: string, serial: string) {
  const wish = { amount_fen: fen, bonus_kind: 1, invoice_type: 0, payer };
  const added = await t.post<{ rid: string }>('/api/auth/prestoreApply/add', wish, c.h);
  const pic = await o.upload('/api/auth/file/upload4pic', c.h, PNG, '凭证.png');
  const voucher = {
    payer_name: payer,
    bank: '工商银行',
    serial,
    amount_fen: fen,
    paid_on: '2026-11-20',
    file_rid: pic.body.data.rid,
  };
  const sent = await t.post(
    '/api/auth/prestoreApply/edit',
    { rid: added.body.data.rid, ...wish, voucher },
    c.h,
  );
  expect(sent.body, sent.body.msg).toMatchObject({ code: 1 });
  return added.body.data.rid;
}

describe('bank statement import', () => {
  it('reads an ICBC GBK export, proposes the top-up, credits it once however often the file comes back', async () => {
    const me = await o.customer();
    const other = await o.customer();
    const rid = await waitingTopUp(me, 123_456, '北方理工大学', 'ICBC20261120001');
    // Same amount, another payer and nothing else in common: not proposed.
    await waitingTopUp(other, 777_700, '南方化工有限公司', 'X1');
    const file = gbk(
      icbcCsv([
        {
          at: '2026-11-20 10:12:30',
          credit: '1,234.56',
          name: '北方理工大学',
          account: '6222020200001111',
          purpose: '预存测试费',
          balance: '51,234.56',
        },
        {
          at: '2026-11-21 09:00:00',
          credit: '7,777.00',
          name: '某某贸易公司',
          account: '6222020200002222',
          purpose: '货款',
          balance: '59,011.56',
        },
        {
          at: '2026-11-22 15:30:00',
          debit: '500.00',
          name: '某某物业',
          account: '6222020200003333',
          balance: '58,511.56',
        },
      ]),
    );
    const first = await importFile(file);
    expect(first).toMatchObject({
      code: 1,
      msg: '已导入2条新流水，1条有匹配建议',
      data: {
        format: 'icbc',
        format_text: '工商银行',
        repeated: false,
        rows: 2,
        new_rows: 2,
        proposed: 1,
        outgoing: 1,
      },
    });
    expect(first.data.skipped).toEqual([{ line: 8, reason: '不是交易明细（没有交易日期）' }]);

    const proposed = (await rows({ status: 'open', match: 'proposed' })).list;
    const row = proposed.find((r) => r.proposed?.rid === rid)!;
    expect(row).toMatchObject({
      booked_on: '2026-11-20',
      booked_time: '10:12:30',
      amount_fen: 123_456,
      payer_name: '北方理工大学',
      payer_account: '6222020200001111',
      remark: '汇入 预存测试费',
      status_text: '待处理',
      proposed: { rid, customer: { phone: me.phone }, reasons: ['户名一致', '转账日期一致'] },
    });
    const unmatched = (await rows({ status: 'open', match: 'none' })).list;
    expect(unmatched.map((r) => r.payer_name)).toContain('某某贸易公司');
    expect(unmatched.find((r) => r.payer_name === '某某贸易公司')?.candidates).toEqual([]);

    const confirmed = await o.admin('bank/confirm', { rid: row.rid, prestore_rid: rid });
    expect(confirmed.body).toMatchObject({ code: 1, msg: '已入账', data: { rid, status: 'credited' } });
    expect((await wallet(t.services, me.id)).cash).toBe(123_456);

    // The same file again, twice: nothing new, nothing credited again.
    for (let i = 0; i < 2; i++)
      expect(await importFile(file, '历史明细(1).csv')).toMatchObject({
        code: 1,
        msg: '该文件已导入过，没有新的流水',
        data: { repeated: true, new_rows: 0 },
      });
    // A longer export holding the same transfers (other bytes): only the new row is added.
    const longer = gbk(
      icbcCsv([
        {
          at: '2026-11-20 10:12:30',
          credit: '1,234.56',
          name: '北方理工大学',
          account: '6222020200001111',
          purpose: '预存测试费',
          balance: '51,234.56',
        },
        {
          at: '2026-11-21 09:00:00',
          credit: '7,777.00',
          name: '某某贸易公司',
          account: '6222020200002222',
          purpose: '货款',
          balance: '59,011.56',
        },
        {
          at: '2026-11-28 11:00:00',
          credit: '10.00',
          name: '零星客户',
          account: '6222020200004444',
          balance: '59,021.56',
        },
      ]),
    );
    expect((await importFile(longer, '十一月.csv')).data).toMatchObject({
      repeated: false,
      rows: 3,
      new_rows: 1,
    });

    const again = await o.admin('bank/confirm', { rid: row.rid, prestore_rid: rid });
    expect(again.body).toMatchObject({ code: 0, msg: '该申请已入账，不能再操作' });
    expect((await wallet(t.services, me.id)).cash).toBe(123_456);
    const linked = (await rows({ status: 'linked' })).list.filter((r) => r.prestore?.rid === rid);
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ status_text: '已对应', prestore: { status: 'credited' } });
    await expectLedgerSound(t.services);
  });

  it('reads a CCB UTF-8 export by its serial and a reference in the remark; ignores a row with a reason', async () => {
    const me = await o.customer();
    const rid = await waitingTopUp(me, 200_000, '东方研究院', 'CCB-REF-998877');
    const file = ccbCsv([
      {
        at: '20261123 14:05:00',
        credit: '2000.00',
        name: '东方研究院财务处',
        account: '1100 2233 4455',
        remark: '预存 CCB-REF-998877',
        serial: 'CCB0001',
      },
      {
        at: '20261123 16:00:00',
        credit: '88.00',
        name: '个人',
        account: '6217000000000001',
        remark: '退款',
        serial: 'CCB0002',
      },
    ]);
    const done = await importFile(file, '账户明细.csv');
    expect(done.data).toMatchObject({ format: 'ccb', new_rows: 2, proposed: 1 });
    const list = (await rows({ status: 'open' })).list;
    const row = list.find((r) => r.serial === 'CCB0001')!;
    expect(row).toMatchObject({
      payer_account: '110022334455',
      proposed: { rid, reasons: ['附言/流水号对应'] },
    });
    const stray = list.find((r) => r.serial === 'CCB0002')!;
    expect((await o.admin('bank/ignore', { rid: stray.rid, reason: '' })).body.msg).toBe('[原因]不能为空');
    expect((await o.admin('bank/ignore', { rid: stray.rid, reason: '客户退款，非预存' })).body).toMatchObject(
      {
        code: 1,
        data: { status: 'ignored', note: '客户退款，非预存' },
      },
    );
    expect((await o.admin('bank/confirm', { rid: stray.rid, prestore_rid: rid })).body.msg).toBe(
      '该流水已忽略，不能入账',
    );
    // Another top-up cannot be paid by a row of a different amount.
    const small = await waitingTopUp(me, 100_000, '东方研究院', 'Z2');
    expect((await o.admin('bank/confirm', { rid: row.rid, prestore_rid: small })).body.msg).toBe(
      '流水金额 2000.00 元与预存金额 1000.00 元不一致',
    );
    expect((await o.admin('bank/confirm', { rid: row.rid, prestore_rid: rid })).body.code).toBe(1);
    expect((await wallet(t.services, me.id)).cash).toBe(200_000);
  });

  it('refuses a file that is no bank statement, in Chinese, and staff without the approval permission', async () => {
    const bad = await importFile(new TextEncoder().encode('姓名,电话\n张三,138\n'), '名单.csv');
    expect(bad).toMatchObject({
      code: 0,
      msg: '未识别到银行流水的表头：请上传网上银行导出的 CSV 明细（需含交易日期、收入/贷方金额和对方户名列）',
    });
    const empty = await importFile(new Uint8Array(), '空.csv');
    expect(empty.code).toBe(0);
    const tech = await o.anotherStaff('technician');
    const refused = await importFile(gbk(icbcCsv([])), 'x.csv', tech);
    expect(refused.code).toBe(0);
    expect((await t.post('/api/admin/bank/rows', {}, tech)).body.code).toBe(0);
  });
});
