// Four eyes on large manual credits and top-ups (issue 18; decision 0045): at or above
// MONEY_SECOND_APPROVAL_YUAN a 人工入账 waits and a top-up's first approval credits nothing; only
// another staff member's approval moves the money, once; a rejection moves nothing.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PNG } from '../support/orders.ts';
import { expectLedgerSound, wallet } from '../support/money.ts';
import type { MoneyApproval } from '#shared/money/responses.ts';

const t = await setupApi();
const o = orderHelpers(t);
const THRESHOLD = t.services.env.MONEY_SECOND_APPROVAL_YUAN * 100;

const finance = () => o.anotherStaff();
const credit = (userRid: string, fen: number, key: string) =>
  o.admin<{ balance_fen: number; pending: boolean; approval_rid: string | null }>('balance/credit', {
    user_rid: userRid,
    amount_fen: fen,
    idempotency_key: key,
    note: '线下转账到账',
  });

describe('manual credits above the threshold', () => {
  it('credits at once below the threshold', async () => {
    const me = await o.customer();
    const res = await credit(me.rid, THRESHOLD - 1, 'below-1');
    expect(res.body).toMatchObject({
      code: 1,
      msg: '充值成功',
      data: { pending: false, approval_rid: null },
    });
    expect((await wallet(t.services, me.id)).cash).toBe(THRESHOLD - 1);
  });

  it('waits at the threshold; the requester cannot approve; another staff member moves it once', async () => {
    const me = await o.customer();
    const asked = await credit(me.rid, THRESHOLD, 'four-eyes-1');
    expect(asked.body).toMatchObject({
      code: 1,
      msg: '金额达到 ¥50000.00，已提交复核，需另一位同事批准后入账',
      data: { pending: true, balance_fen: 0 },
    });
    const rid = asked.body.data.approval_rid!;
    // The same submission again is the same request.
    expect((await credit(me.rid, THRESHOLD, 'four-eyes-1')).body.data).toMatchObject({
      approval_rid: rid,
      duplicate: true,
    });
    expect((await wallet(t.services, me.id)).cash).toBe(0);

    const own = await o.admin('money/approval/approve', { rid });
    expect(own.body).toMatchObject({ code: 0, msg: '不能批准自己提交的入账，请另一位同事复核' });
    expect((await wallet(t.services, me.id)).cash).toBe(0);

    const second = await finance();
    const list = await t.post<{ list: MoneyApproval[] }>(
      '/api/admin/money/approval/list',
      { status: 'pending' },
      second,
    );
    expect(list.body.data.list.find((a) => a.rid === rid)).toMatchObject({
      amount_fen: THRESHOLD,
      note: '线下转账到账',
      customer: { phone: me.phone },
      decided_by: null,
    });
    const approved = await t.post('/api/admin/money/approval/approve', { rid }, second);
    expect(approved.body).toMatchObject({
      code: 1,
      msg: '已批准入账',
      data: { status: 'approved', balance_fen: THRESHOLD },
    });
    expect((await t.post('/api/admin/money/approval/approve', { rid }, second)).body.msg).toBe(
      '该笔已批准入账',
    );
    expect((await wallet(t.services, me.id)).cash).toBe(THRESHOLD);
    await expectLedgerSound(t.services);
  });

  it('refuses a request key sent again with an amount below the threshold', async () => {
    const me = await o.customer();
    expect((await credit(me.rid, THRESHOLD, 'reused-key-1')).body.data).toMatchObject({ pending: true });
    expect((await credit(me.rid, 100, 'reused-key-1')).body).toMatchObject({
      code: 0,
      msg: '该请求标识已用于另一笔充值',
    });
    expect((await wallet(t.services, me.id)).cash).toBe(0);
  });

  it('moves nothing when rejected, and asks for a reason', async () => {
    const me = await o.customer();
    const rid = (await credit(me.rid, THRESHOLD * 2, 'reject-1')).body.data.approval_rid!;
    const second = await finance();
    expect((await t.post('/api/admin/money/approval/reject', { rid, reason: ' ' }, second)).body.msg).toBe(
      '[驳回原因]不能为空',
    );
    const rejected = await t.post(
      '/api/admin/money/approval/reject',
      { rid, reason: '未查到该笔到账' },
      second,
    );
    expect(rejected.body).toMatchObject({ code: 1, msg: '已驳回', data: { status: 'rejected' } });
    expect((await t.post('/api/admin/money/approval/approve', { rid }, second)).body.msg).toBe('该笔已驳回');
    expect((await wallet(t.services, me.id)).cash).toBe(0);
  });

  it('refuses the key of one request for another amount', async () => {
    const me = await o.customer();
    await credit(me.rid, THRESHOLD, 'reuse-1');
    expect((await credit(me.rid, THRESHOLD + 100, 'reuse-1')).body).toMatchObject({
      code: 0,
      msg: '该请求标识已用于另一笔充值',
    });
  });
});

describe('top-ups above the threshold', () => {
  it('take a first approval and a second by someone else before the money lands', async () => {
    const me = await o.customer();
    const amount = THRESHOLD;
    const added = await t.post<{ rid: string }>(
      '/api/auth/prestoreApply/add',
      { amount_fen: amount, bonus_kind: 1, invoice_type: 0, payer: '某大学' },
      me.h,
    );
    const rid = added.body.data.rid;
    const pic = await o.upload('/api/auth/file/upload4pic', me.h, PNG, '转账凭证.png');
    const voucher = {
      payer_name: '某大学',
      bank: '工商银行',
      serial: 'SN2026112501',
      amount_fen: amount,
      paid_on: '2026-11-20',
      file_rid: pic.body.data.rid,
    };
    expect(
      (
        await t.post(
          '/api/auth/prestoreApply/edit',
          { rid, amount_fen: amount, bonus_kind: 1, invoice_type: 0, payer: '某大学', voucher },
          me.h,
        )
      ).body.code,
    ).toBe(1);

    const first = await o.admin('prestore/approve', { rid });
    expect(first.body).toMatchObject({
      code: 1,
      msg: '金额较大，已初审，需另一位同事复核后入账',
      data: { status: 'reviewing', first_approved: true, awaiting_second: true },
    });
    expect((await wallet(t.services, me.id)).cash).toBe(0);
    expect((await o.admin('prestore/approve', { rid })).body).toMatchObject({
      code: 0,
      msg: '不能复核自己初审的预存，请另一位同事复核入账',
    });
    const listed = await o.admin<{ list: { rid: string; first_approved: boolean }[] }>('prestore/list', {
      status: 'reviewing',
      phone: me.phone,
    });
    expect(listed.body.data.list.find((r) => r.rid === rid)?.first_approved).toBe(true);

    const second = await finance();
    const done = await t.post('/api/admin/prestore/approve', { rid }, second);
    expect(done.body).toMatchObject({
      code: 1,
      msg: '已入账',
      data: { status: 'credited', awaiting_second: false, first_approved: false },
    });
    expect((await wallet(t.services, me.id)).cash).toBe(amount);
    // Once credited, neither can approve again.
    expect((await t.post('/api/admin/prestore/approve', { rid }, second)).body.code).toBe(0);
    await expectLedgerSound(t.services);
  });
});
