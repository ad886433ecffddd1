// Issue 28 in the browser: a member's group payment request is marked 课题组审批中 on her orders,
// can be withdrawn, and closes when she pays the order herself (item 22); the bell tells the
// leader (item 23); transfers and point gifts name the payee before confirming (item 24); every
// confirmation is the site's dialog, never the browser's window.confirm (item 29).
import type { Page } from '@playwright/test';
import { demoItems, newCustomer, staff, type Customer } from './support/orders.ts';
import { expect, test, toast } from './support/session.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};
/** A 1×1 PNG: the voucher picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** Fails the test if the page opens a native prompt (window.confirm/alert) instead of the site's dialog. */
function refuseNativeDialogs(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  return seen;
}

async function shot(page: Page, name: string) {
  if (process.env.GROUP_SHOTS)
    await page.screenshot({ path: `${process.env.GROUP_SHOTS}/${name}.png`, fullPage: true });
}

/** A PI's group with ¥500 in its wallet. */
async function group(pi: Customer, name = '纳米材料课题组') {
  const rid = (
    await pi.call<{ rid: string }>('/api/auth/cluster/add', {
      name,
      institution: '某大学',
      pi_name: '王教授',
    })
  ).data.rid;
  expect(
    await pi.call('/api/auth/cluster/deposit', { rid, amount_fen: 50_000, idempotency_key: `d${rid}` }),
  ).toMatchObject({
    code: 1,
  });
  const code = (await pi.call<{ join_code: string }>('/api/auth/cluster/detail', { rid })).data.join_code;
  return { rid, code };
}

test('a waiting group payment is marked on the order, withdrawn, and closed when she pays herself @mobile', async ({
  page,
  browser,
  request,
  ip,
}, testInfo) => {
  const lab = await staff(request, ip);
  const studentPage = page;
  const student = await newCustomer(studentPage, request, ip, ENTERPRISE);
  const piContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' });
  const piPage = await piContext.newPage();
  const pi = await newCustomer(piPage, request, ip, ENTERPRISE);
  await lab.credit(pi.phone, 50_000);
  const g = await group(pi);
  expect(await student.call('/api/auth/cluster/apply', { code: g.code })).toMatchObject({ code: 1 });
  const [item] = await demoItems(request, 1);
  const order = await student.order([{ item_rid: item.rid }]);
  await lab.move('order/quote', { rid: order.rid, quoted_fen: 20_000 });

  // She asks the group to pay (a new member's limit is 0: it waits).
  await studentPage.goto('/member/unpaid');
  const row = studentPage.locator(`[data-order="${order.rid}"]`);
  await row.getByRole('button', { name: '去支付' }).click();
  const dialog = studentPage.getByRole('dialog', { name: '支付订单' });
  await dialog.getByRole('radio', { name: /课题组支付/ }).check();
  await dialog.getByRole('button', { name: '课题组支付' }).click();
  await expect(toast(studentPage, '已提交组长审批')).toBeVisible();
  const mark = row.locator('[data-group-request]');
  await expect(mark).toContainText('课题组审批中');
  await expect(mark).toContainText('已申请由「纳米材料课题组」支付 ¥200.00');
  await shot(studentPage, `waiting-mark-${testInfo.project.name}`);

  // The leader's bell says it waits.
  await piPage.goto('/member/communityMg');
  await expect
    .poll(async () =>
      (await pi.call<{ list: { title: string }[] }>('/api/auth/message/list', {})).data.list.map(
        (m) => m.title,
      ),
    )
    .toContain('待审批的课题组支付');

  // She withdraws it: the mark goes; the leader's list says 已撤回.
  await mark.getByRole('button', { name: '撤回申请' }).click();
  await expect(toast(studentPage, '已撤回支付申请')).toBeVisible();
  await expect(mark).toHaveCount(0);
  await piPage.reload();
  const request0 = piPage.locator('[data-group-payment]', { hasText: order.order_no });
  await expect(request0).toContainText('已撤回');

  // Asked again, then she pays it from her own balance: the pay dialog says the request will close.
  expect(await student.call('/api/auth/cluster/pay', { rid: g.rid, order_rid: order.rid })).toMatchObject({
    data: { status: 'pending' },
  });
  await lab.credit(student.phone, 20_000);
  await piPage.reload();
  await studentPage.reload();
  await expect(mark).toBeVisible();
  await row.getByRole('button', { name: '去支付' }).click();
  await expect(dialog).toContainText('该订单已申请由「纳米材料课题组」支付，正在等待组长审批');
  await shot(studentPage, `pay-dialog-waiting-${testInfo.project.name}`);
  await dialog.getByRole('radio', { name: /余额支付/ }).check();
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await expect(toast(studentPage, '操作成功')).toBeVisible();

  // Her payment closes the request (the worker, or the leader's 批准 if it comes first: tested in
  // tests/api/group-requests.test.ts); the leader's list says 已关闭 and no group money moved.
  const closed = piPage
    .locator('[data-group-payment]', { hasText: order.order_no })
    .filter({ hasText: '已关闭' });
  await expect(async () => {
    await piPage.reload();
    await expect(closed).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(piPage.locator('[data-group-balance]')).toHaveText('¥500.00');
  await shot(piPage, `leader-closed-${testInfo.project.name}`);
  await piContext.close();
});

test('a transfer and a point gift name the payee before the confirm step, and refuse an unknown one', async ({
  page,
  request,
  ip,
}, testInfo) => {
  const me = await newCustomer(page, request, ip);
  const finance = await staff(request, ip);
  await finance.credit(me.phone, 100_000);
  const friend = await newCustomer(await page.context().newPage(), request, ip);

  await page.goto('/member/prestore#transfer');
  await expect(page.locator('astro-island[component-url*="Prestore"]')).not.toHaveAttribute('ssr', '', {
    timeout: 60_000,
  });
  await page.getByLabel('收款账户').fill('13000000000');
  await page.getByLabel('转账金额').fill('10');
  await page.getByRole('button', { name: '转账', exact: true }).last().click();
  await expect(page.getByRole('alert')).toHaveText('收款账户不存在，请核对账号或手机号');
  await expect(page.getByRole('dialog', { name: '确认转账' })).toHaveCount(0);
  await page.getByLabel('收款账户').fill(friend.phone);
  await page.getByRole('button', { name: '转账', exact: true }).last().click();
  const confirm = page.getByRole('dialog', { name: '确认转账' });
  await expect(confirm.getByTestId('transfer-payee')).toHaveText(`*三 ${masked(friend.phone)}`);
  await shot(page, `transfer-payee-${testInfo.project.name}`);
  await confirm.getByRole('button', { name: '确认转账' }).click();
  await expect(toast(page, '转账成功')).toBeVisible();

  // The point gift: the same check in its two-step dialog.
  expect(
    await finance.call('/api/admin/points/adjust', {
      user_rid: (await finance.call<{ rid: string }>('/api/admin/user/find', { phone: me.phone })).data.rid,
      points: 300,
      reason: '活动奖励',
      idempotency_key: `p${me.phone}`,
    }),
  ).toMatchObject({ code: 1 });
  await page.goto('/member/integral');
  await page.getByRole('button', { name: '转赠' }).click();
  const give = page.getByRole('dialog', { name: '转赠积分' });
  await give.getByLabel('对方账户').fill('13000000000');
  await give.getByLabel('转赠积分').fill('100');
  await give.getByRole('button', { name: '下一步' }).click();
  await expect(give.getByRole('alert')).toHaveText('收款账户不存在，请核对账号或手机号');
  await give.getByLabel('对方账户').fill(friend.phone);
  await give.getByRole('button', { name: '下一步' }).click();
  const sure = page.getByRole('dialog', { name: '确认转赠' });
  await expect(sure.getByTestId('transfer-payee')).toHaveText(`*三 ${masked(friend.phone)}`);
  await shot(page, `gift-payee-${testInfo.project.name}`);
  await sure.getByRole('button', { name: '确认转赠' }).click();
  await expect(toast(page, '转赠 100 积分!')).toBeVisible();

  // Both reached the friend's bell.
  await expect
    .poll(async () =>
      (await friend.call<{ list: { title: string }[] }>('/api/auth/message/list', {})).data.list.map(
        (m) => m.title,
      ),
    )
    .toEqual(expect.arrayContaining(['收到转账', '收到积分转赠']));
});

test('confirmations use the site dialog: prestore cancel and refund, title delete, group remove, handover, leave, dissolve', async ({
  page,
  browser,
  request,
  ip,
}, testInfo) => {
  const native = refuseNativeDialogs(page);
  const lab = await staff(request, ip);
  const pi = await newCustomer(page, request, ip, ENTERPRISE);

  // 取消预存申请 and 申请退款 on 预存记录.
  const unpaid = await pi.call<{ rid: string }>('/api/auth/prestoreApply/add', {
    amount_fen: 100_000,
    bonus_kind: 1,
    payer: '某材料科技有限公司',
  });
  expect(unpaid.code).toBe(1);
  const paid = await pi.call<{ rid: string }>('/api/auth/prestoreApply/add', {
    amount_fen: 100_000,
    bonus_kind: 1,
    payer: '某材料科技有限公司',
  });
  const pic = await pi.upload('/api/auth/file/upload4pic', {
    name: '回单.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  expect(
    await pi.call('/api/auth/prestoreApply/edit', {
      rid: paid.data.rid,
      amount_fen: 100_000,
      bonus_kind: 1,
      payer: '某材料科技有限公司',
      voucher: {
        payer_name: '某材料科技有限公司',
        bank: '工商银行',
        serial: `SN${Date.now()}`,
        amount_fen: 100_000,
        paid_on: '2026-11-20',
        file_rid: pic,
      },
    }),
  ).toMatchObject({ code: 1 });
  expect(await lab.call('/api/admin/prestore/approve', { rid: paid.data.rid })).toMatchObject({ code: 1 });
  await page.goto('/member/prestore#detail');
  await page.getByRole('tab', { name: /预存记录/ }).click();
  await page.locator('[data-prestore="unpaid"]').getByRole('button', { name: '取消申请' }).click();
  const cancel = page.getByRole('dialog', { name: '取消预存申请' });
  await expect(cancel).toContainText('确定取消这笔 ¥1000.00 的预存申请吗？');
  await shot(page, `confirm-prestore-${testInfo.project.name}`);
  await cancel.getByRole('button', { name: '取消申请' }).click();
  await expect(toast(page, '已取消')).toBeVisible();
  await page.locator('[data-prestore="credited"]').getByRole('button', { name: '申请退款' }).click();
  await page.getByRole('dialog', { name: '申请退款' }).getByRole('button', { name: '申请退款' }).click();
  await expect(toast(page, '退款申请已提交')).toBeVisible();

  // Deleting an invoice title.
  expect(
    await pi.call('/api/auth/invoice/add', {
      kind: 2,
      name: '某材料科技有限公司',
      tax_no: '91350100M000100Y43',
    }),
  ).toMatchObject({ code: 1 });
  await page.goto('/member/invoiceMg');
  await page
    .locator('[data-title]', { hasText: '某材料科技有限公司' })
    .getByRole('button', { name: '删除' })
    .click();
  await page.getByRole('dialog', { name: '删除抬头' }).getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();

  // The group: remove one member, hand over to another; she leaves; a second group is dissolved.
  const g = await group(pi);
  const people: Customer[] = [];
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' });
  const memberPage = await context.newPage();
  const memberNative = refuseNativeDialogs(memberPage);
  for (const p of [memberPage, await context.newPage()]) {
    const c = await newCustomer(p, request, ip, { ...ENTERPRISE, name: people.length ? '李四' : '王五' });
    expect(await c.call('/api/auth/cluster/apply', { code: g.code })).toMatchObject({ code: 1 });
    people.push(c);
  }
  await page.goto('/member/communityMg');
  const panel = page.locator(`[data-group="${g.rid}"]`);
  await panel.locator('[data-member]', { hasText: '李四' }).getByRole('button', { name: '移出' }).click();
  const remove = page.getByRole('dialog', { name: '移出成员' });
  await expect(remove).toContainText('确定将「李四」移出课题组吗？');
  await remove.getByRole('button', { name: '移出' }).click();
  await expect(toast(page, '已移出')).toBeVisible();
  await panel.locator('[data-member]', { hasText: '王五' }).getByRole('button', { name: '转让组长' }).click();
  await page.getByRole('dialog', { name: '转让组长' }).getByRole('button', { name: '转让' }).click();
  await expect(toast(page, '已发出转让')).toBeVisible();

  await memberPage.goto('/member/communityJn');
  await memberPage.getByRole('button', { name: '退出课题组' }).click();
  const leave = memberPage.getByRole('dialog', { name: '退出课题组' });
  await expect(leave).toContainText('确定退出「纳米材料课题组」吗？');
  await shot(memberPage, `confirm-leave-${testInfo.project.name}`);
  await leave.getByRole('button', { name: '退出', exact: true }).click();
  await expect(toast(memberPage, '已退出')).toBeVisible();

  const empty = (
    await pi.call<{ rid: string }>('/api/auth/cluster/add', {
      name: '光催化课题组',
      institution: '某大学',
      pi_name: '陈教授',
    })
  ).data.rid;
  await page.reload();
  await page.locator(`[data-group="${empty}"]`).getByRole('button', { name: '解散课题组' }).click();
  const dissolve = page.getByRole('dialog', { name: '解散课题组' });
  await expect(dissolve).toContainText('解散后「光催化课题组」不可恢复。确定解散吗？');
  await shot(page, `confirm-dissolve-${testInfo.project.name}`);
  await dissolve.getByRole('button', { name: '解散' }).click();
  await expect(toast(page, '课题组已解散')).toBeVisible();

  expect([...native, ...memberNative]).toEqual([]);
  await context.close();
});
