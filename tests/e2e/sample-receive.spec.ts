// 样品签收 in the console (decision 0072): a 24-sample order received by typing each ID and Enter
// into the scan field, as a keyboard-wedge scanner does (the field keeps the focus: nothing is
// clicked between scans), one sample left out and flagged missing when the receipt is closed.
import type { Page } from '@playwright/test';
import { demoItems, expect, newCustomer, requiredParameters, staff, test } from './support/orders.ts';
import { consoleSession, registerByApi } from './support/session.ts';

/** A 1×1 PNG: the receipt needs one photo. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Screenshots for a person to look at, when asked (RECEIVE_SHOTS=dir). */
async function shot(page: Page, name: string) {
  if (process.env.RECEIVE_SHOTS)
    await page.screenshot({ path: `${process.env.RECEIVE_SHOTS}/${name}.png`, fullPage: true });
}

test('a technician receives a 24-sample order by scanning, one sample flagged missing', async ({
  page,
  request,
  ip,
}) => {
  test.setTimeout(60_000);
  const customer = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  // 24 samples over as many lines as the item's per-line maximum needs.
  const detail = (await (
    await request.post('/api/open/project/detail', { data: { rid: item.rid } })
  ).json()) as {
    data: { options: { sampleCount: { max: number } } };
  };
  const per = Math.min(24, detail.data.options.sampleCount.max);
  const parameters = await requiredParameters(request, item.rid);
  const lines = Array.from({ length: Math.ceil(24 / per) }, (_, i) => ({
    item_rid: item.rid,
    parameters,
    count: Math.min(per, 24 - i * per),
  }));
  const placed = await customer.call<{ list: { rid: string; order_no: string }[] }>('/api/auth/order/add', {
    items: lines,
    delivery: { type: 0 },
  });
  expect(placed, JSON.stringify(placed)).toMatchObject({ code: 1 });
  const { rid, order_no } = placed.data.list[0];
  const ids = Array.from({ length: 24 }, (_, i) => `${order_no}-${String(i + 1).padStart(2, '0')}`);

  const admin = await staff(request, ip);
  const phone = await registerByApi(request, ip);
  expect(await admin.call('/api/admin/staff/save', { phone, role: 'technician' })).toMatchObject({ code: 1 });
  await consoleSession(page, phone);
  await page.getByRole('link', { name: '样品签收' }).click();
  await expect(page.getByRole('heading', { name: '样品签收' })).toBeVisible();
  const field = page.getByLabel('扫描或输入样品编号、位置码');
  await expect(field).toBeFocused();

  // Every ID but the 17th, typed and entered like a scanner; a click elsewhere on the screen
  // half-way gives the focus back to the field.
  const started = Date.now();
  const left = ids[16];
  for (const [i, id] of ids.entries()) {
    if (id === left) continue;
    if (i === 8) {
      await page.getByRole('heading', { name: '样品签收' }).click();
      await expect(field).toBeFocused();
    }
    await page.keyboard.type(id);
    await page.keyboard.press('Enter');
  }
  const progress = page.getByLabel('签收进度');
  await expect(progress).toContainText('23');
  await expect(progress).toContainText('/ 24');
  const log = page.getByRole('region', { name: '本次扫描记录' });
  await expect(log.locator('[data-outcome="received"]')).toHaveCount(23);
  await expect(page.getByRole('list', { name: '未扫描的样品' })).toHaveText(left);

  // A second scan of one, an unknown code, a malformed one: each says so and changes nothing.
  await page.keyboard.type(ids[0]);
  await page.keyboard.press('Enter');
  await expect(log.locator('[data-outcome="duplicate"]')).toContainText('无需重复扫描');
  await page.keyboard.type(`${order_no}-99`);
  await page.keyboard.press('Enter');
  await page.keyboard.type('hello');
  await page.keyboard.press('Enter');
  await expect(log.locator('[data-outcome="unknown"]')).toHaveCount(2);
  await expect(progress).toContainText('23');
  await shot(page, 'receive-1280');

  // Closing: the receipt dialog as on the order page, warned of the missing one.
  await page.getByRole('button', { name: '完成签收' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`还有 1 个样品未扫描：${left}`);
  await dialog
    .getByLabel('上传收样照片')
    .setInputFiles({ name: '样品.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(dialog.getByRole('button', { name: /查看照片/ })).toBeVisible();
  await dialog.getByRole('button', { name: '确认收样' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: '当前订单' })).toContainText('已收样');
  expect(Date.now() - started).toBeLessThan(60_000);

  // The order says 数量不符 and names the missing sample, which is 异常.
  const after = await admin.call<{
    samples: { sample_no: string; status: string }[];
    receipts: { condition_text: string; condition_note: string; count: number }[];
  }>('/api/admin/order/detail', { rid });
  expect(after.data.receipts.at(-1)).toMatchObject({
    condition_text: '数量不符',
    condition_note: `未收到样品：${left}`,
    count: 23,
  });
  expect(after.data.samples.filter((s) => s.status === 'abnormal').map((s) => s.sample_no)).toEqual([left]);
  expect(after.data.samples.filter((s) => s.status === 'received')).toHaveLength(23);

  // The phone layout with the camera open (headless has no camera: the screen says so).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: '摄像头扫码' }).click();
  await expect(page.getByRole('region', { name: '摄像头扫码' }).getByRole('status')).not.toHaveText(
    '正在打开摄像头…',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'receive-375-camera');
});
