// Samples on the order page (issue 30, decision 0069): the customer sees each sample of a
// multi-sample order with its ID and status, renames one before the lab receives it and opens
// its trail; staff see the same samples in the console and record a custody event.
import { demoItems, expect, newCustomer, staff, test, toast } from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const SHOTS = process.env.SAMPLES_SHOTS;

test('the customer sees the samples, renames one and reads its trail; staff record an event @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const [a, b] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: a.rid }, { item_rid: b.rid }]);
  const sent = await me.call('/api/auth/order/updateExpress', {
    rid: placed.rid,
    company: '顺丰速运',
    no: 'SF1234567890',
  });
  expect(sent.code).toBe(1);

  await page.goto(`/member/order?rid=${placed.rid}`);
  const list = page.getByRole('list', { name: '样品列表' });
  await expect(list).toBeVisible();
  const first = list.locator(`[data-sample="${placed.order_no}-01"]`);
  await expect(first).toContainText('运输中');
  await expect(list.getByRole('listitem')).not.toHaveCount(0);

  // Rename the first sample.
  await first.getByRole('button', { name: `改名 ${placed.order_no}-01` }).click();
  await first.getByRole('textbox', { name: '样品名称' }).fill('钢样 A-1');
  await first.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '样品名称已修改')).toBeVisible();
  await expect(first).toContainText('钢样 A-1');

  // Its trail: created, posted with the courier, renamed.
  await first.getByRole('button', { name: /流转记录/ }).click();
  const trail = first.getByRole('list', { name: '流转记录' });
  await expect(trail.getByRole('listitem')).toHaveCount(3);
  await expect(trail).toContainText('客户寄出');
  await expect(trail).toContainText('快递：顺丰速运 SF1234567890');
  await expect(trail).toContainText('名称：样品01 → 钢样 A-1');
  if (SHOTS) {
    const section = list.locator('xpath=ancestor::section[1]');
    await section.screenshot({ path: `${SHOTS}/customer-${page.viewportSize()!.width}.png` });
  }

  // Once received, the name is fixed.
  const lab = await staff(request, ip);
  const samples = await me.call<{ samples: { rid: string }[] }>('/api/auth/order/detail', {
    rid: placed.rid,
  });
  const received = await lab.call('/api/admin/sample/event', {
    rid: samples.data.samples[0].rid,
    kind: 'received',
  });
  expect(received.code).toBe(1);
  await page.reload();
  await expect(first).toContainText('已签收');
  await expect(first.getByRole('button', { name: /^改名/ })).toHaveCount(0);

  // The console: the same samples, and a custody event recorded through the dialog, storing the
  // sample in a fridge of the storage tree by the code on its label.
  const room = await lab.call<{ rid: string }>('/api/admin/sample/location/create', {
    kind: 'room',
    name: `A 室 ${placed.order_no}`,
  });
  const fridge = await lab.call<{ code: string }>('/api/admin/sample/location/create', {
    parent_rid: room.data.rid,
    kind: 'fridge',
    name: '冰箱 2',
  });
  expect(fridge.code, JSON.stringify(fridge)).toBe(1);
  await consoleSession(page, '13800000000');
  await page.goto(`/admin/orders/${placed.rid}`);
  const table = page.getByRole('table', { name: '样品' });
  const row = table.locator(`[data-sample="${placed.order_no}-01"]`);
  await expect(row).toContainText('钢样 A-1');
  await row.getByRole('button', { name: '登记流转' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: '事件' }).selectOption({ label: '入库' });
  await dialog.getByRole('textbox', { name: '存放位置码' }).fill(fridge.data.code);
  await dialog.getByRole('button', { name: '记录' }).click();
  await expect(row).toContainText('在库');
  await expect(row).toContainText('冰箱 2');
  await row.getByRole('button', { name: /记录（/ }).click();
  await expect(page.getByRole('list', { name: '样品流转记录' })).toContainText('冰箱 2');
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/console-${page.viewportSize()!.width}.png`, fullPage: true });
});
