// Research groups in the browser (issue 17, decision 0033): a PI creates a group and moves money
// into its wallet, a student joins by the invitation link, pays an order from the group wallet
// within the limit the PI set, and an order beyond it waits until the PI approves it.
import { demoItems, newCustomer, staff } from './support/orders.ts';
import { expect, test, toast, consoleSession } from './support/session.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};

test('create a group, a member joins by link, pays within the limit, the leader approves beyond it', async ({
  page,
  browser,
  request,
  ip,
}, testInfo) => {
  const lab = await staff(request, ip);
  const pi = await newCustomer(page, request, ip, ENTERPRISE);
  await lab.credit(pi.phone, 100_000);

  await page.goto('/member/communityMg');
  await page.getByRole('button', { name: '创建课题组' }).click();
  const create = page.getByRole('dialog', { name: '创建课题组' });
  await create.getByLabel('课题组名称').fill('纳米材料课题组');
  await create.getByLabel('所属单位').fill('某大学材料学院');
  await create.getByLabel('负责人（PI）').fill('王教授');
  await create.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '课题组已创建')).toBeVisible();
  const panel = page.locator('[data-group]').first();
  await panel.getByRole('button', { name: '转入资金' }).click();
  const deposit = page.getByRole('dialog', { name: '从我的余额转入课题组' });
  await deposit.getByLabel('转入金额（元）').fill('500');
  await deposit.getByRole('button', { name: '确定' }).click();
  await expect(panel.locator('[data-group-balance]')).toHaveText('¥500.00');
  const code = (await panel.locator('[data-join-code]').textContent())!.trim();

  // The student, in a browser of their own, follows the invitation link.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' });
  const student = await other.newPage();
  const me = await newCustomer(student, request, ip, ENTERPRISE);
  await student.goto(`/member/communityJn?code=${code}`);
  await expect(student.getByLabel('用邀请码加入')).toHaveValue(code);
  await student.getByRole('button', { name: '加入', exact: true }).click();
  await expect(toast(student, '已加入「纳米材料课题组」')).toBeVisible();

  // The PI lets the student pay up to ¥300 a month without asking.
  await page.reload();
  const row = panel.locator('[data-member]', { hasText: '成员' });
  await row.getByRole('button', { name: '设置限额' }).click();
  const limits = page.getByRole('dialog', { name: /设置.*支付限额/ });
  await limits.getByLabel('单笔限额（元）').fill('300');
  await limits.getByLabel('每月限额（元）').fill('300');
  await limits.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '限额已保存')).toBeVisible();

  const [item] = await demoItems(request, 1);
  const small = await me.order([{ item_rid: item.rid }]);
  const large = await me.order([{ item_rid: item.rid }]);
  await lab.move('order/quote', { rid: small.rid, quoted_fen: 20_000 });
  await lab.move('order/quote', { rid: large.rid, quoted_fen: 25_000 });

  for (const [order, done] of [
    [small, '课题组支付成功'],
    [large, '超出课题组为您设置的支付限额，已提交组长审批'],
  ] as const) {
    await student.goto('/member/unpaid');
    await student.locator(`[data-order="${order.rid}"]`).getByRole('button', { name: '去支付' }).click();
    const dialog = student.getByRole('dialog', { name: '支付订单' });
    await dialog.getByRole('radio', { name: /课题组支付/ }).check();
    await dialog.getByLabel('项目或经费（选填）').fill('国自然 52000000');
    await dialog.getByRole('button', { name: '课题组支付' }).click();
    await expect(toast(student, done)).toBeVisible();
  }

  await page.reload();
  const waiting = panel.locator('[data-group-payment]', { hasText: large.order_no });
  await expect(waiting).toContainText('待审批');
  await waiting.getByRole('button', { name: '批准' }).click();
  await expect(toast(page, '已批准并支付')).toBeVisible();
  await expect(panel.locator('[data-group-balance]')).toHaveText('¥50.00');
  await expect(waiting).toContainText('已支付');
  await other.close();

  // Staff issue the group's statement to date; the PI opens it from the group and confirms it.
  const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
  const groupRid = await panel.getAttribute('data-group');
  expect(await lab.call('/api/admin/statement/issue', { group_rid: groupRid, month })).toMatchObject({
    code: 1,
  });
  await panel.getByRole('link', { name: '月度对账单' }).click();
  await expect(page.getByRole('heading', { name: '课题组「纳米材料课题组」的对账单' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^纳米材料课题组.*对账单$/ })).toBeVisible();
  const lines = page.getByRole('list', { name: '订单明细' });
  await expect(lines).toContainText(small.order_no);
  await expect(lines).toContainText(large.order_no);
  // A group's wallet owes nothing and is not invoiced: no settling, no 按对账单开票.
  await expect(page.getByRole('button', { name: '结算所选订单' })).toHaveCount(0);
  await page.getByRole('button', { name: '确认无误' }).click();
  await page.getByRole('dialog', { name: '确认对账单' }).getByRole('button', { name: '确认无误' }).click();
  await expect(toast(page, '已确认对账单')).toBeVisible();
  await expect(page.getByRole('link', { name: '按对账单开票' })).toHaveCount(0);
});

test("the leader keeps the group's invoice title; a member invoices an order to it @mobile", async ({
  page,
  browser,
  request,
  ip,
}, testInfo) => {
  const lab = await staff(request, ip);
  const pi = await newCustomer(page, request, ip, ENTERPRISE);
  const created = await pi.call<{ rid: string }>('/api/auth/cluster/add', {
    name: '纳米材料课题组',
    institution: '某大学材料学院',
    pi_name: '王教授',
  });
  const detail = await pi.call<{ join_code: string }>('/api/auth/cluster/detail', { rid: created.data.rid });

  await page.goto('/member/invoiceMg');
  await page.getByRole('button', { name: '新增抬头' }).click();
  const form = page.getByRole('dialog', { name: '新增发票抬头' });
  await form.getByRole('radio', { name: '课题组「纳米材料课题组」' }).check();
  await expect(form.getByLabel('设为默认抬头')).toHaveCount(0);
  await form.getByLabel('单位名称').fill('某大学');
  await form.getByLabel('税号').fill('91350100M000100Y43');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '添加成功')).toBeVisible();
  const kept = page.getByRole('list', { name: '课题组抬头' }).locator('[data-title]');
  await expect(kept).toContainText('由课题组「纳米材料课题组」的组长和助理维护');
  await expect(kept.getByRole('button', { name: '编辑' })).toBeVisible();
  if (process.env.GROUP_SHOTS)
    await page.screenshot({
      path: `${process.env.GROUP_SHOTS}/titles-${testInfo.project.name}.png`,
      fullPage: true,
    });

  // A member, in a browser of their own, sees it read-only and invoices an order they paid to it.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' });
  const student = await other.newPage();
  const me = await newCustomer(student, request, ip, ENTERPRISE);
  expect(await me.call('/api/auth/cluster/apply', { code: detail.data.join_code })).toMatchObject({
    code: 1,
  });
  const [item] = await demoItems(request, 1);
  const order = await me.order([{ item_rid: item.rid }]);
  await lab.credit(me.phone, 10_000);
  await lab.move('order/quote', { rid: order.rid, quoted_fen: 10_000 });
  expect(await me.call('/api/auth/web/order/pay', { rid: order.rid })).toMatchObject({ code: 1 });

  await student.goto('/member/invoiceMg');
  const shared = student.getByRole('list', { name: '课题组抬头' }).locator('[data-title]');
  await expect(shared).toContainText('某大学');
  await expect(shared.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await student.goto('/member/invoiceLs');
  await student.getByRole('button', { name: '申请开票' }).click();
  const apply = student.getByRole('dialog', { name: '申请开票' });
  await apply.getByLabel('发票抬头').selectOption({ label: '[课题组] 某大学（91350100M000100Y43）' });
  await apply.getByLabel('收据').check();
  await apply.getByLabel(order.order_no).check();
  await apply.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(student, '申请已提交')).toBeVisible();
  await expect(student.locator('[data-invoice]').first()).toContainText('某大学');
  await other.close();
});

test("the console finds a group by its leader's phone and shows its members, wallet and payments", async ({
  page,
  request,
  ip,
}) => {
  const lab = await staff(request, ip);
  const pi = await newCustomer(page, request, ip, ENTERPRISE);
  const rid = (
    await pi.call<{ rid: string }>('/api/auth/cluster/add', {
      name: '光催化课题组',
      institution: '某大学化学学院',
      pi_name: '陈教授',
    })
  ).data.rid;
  await lab.credit(pi.phone, 80_000);
  expect(
    await pi.call('/api/auth/cluster/deposit', { rid, amount_fen: 80_000, idempotency_key: `d${rid}` }),
  ).toMatchObject({ code: 1 });

  await consoleSession(page, '13800000000');
  await page.getByRole('complementary', { name: '后台导航' }).getByRole('link', { name: '课题组' }).click();
  await page.getByLabel('搜索课题组').fill(pi.phone);
  const row = page.getByRole('row').filter({ hasText: '光催化课题组' });
  await expect(row).toContainText('¥800.00');
  await expect(row).toContainText('1 人');
  await row.getByRole('button', { name: '查看' }).click();
  const detail = page.getByRole('dialog', { name: '课题组「光催化课题组」' });
  await expect(detail.getByRole('region', { name: '成员' })).toContainText('组长');
  await expect(detail).toContainText('该月没有支付申请');
  if (process.env.GROUP_SHOTS)
    await page.screenshot({ path: `${process.env.GROUP_SHOTS}/console-group.png`, fullPage: true });
  // Finance (here an admin) issues the group's statement to date from it.
  await detail.getByRole('button', { name: /^出具.*对账单$/ }).click();
  await expect(page.locator('[data-console-toast="ok"]')).toHaveText('已出具对账单');
});
