// Retention, return and disposal (issue 30, decision 0073): the customer asks for a tested sample
// back instead of its disposal on the order page; staff dispose of a sample whose retention is
// over on 样品处置, with a second staff member as witness, and send the other back.
import { demoItems, expect, newCustomer, staff, test, toast, type Staff } from './support/orders.ts';
import { advanceClock, consoleSession, devLogin, PASSWORD } from './support/session.ts';

const SHOTS = process.env.DISPOSAL_SHOTS;

// The disposal test moves the shared server clock past a day boundary (a retention is counted in
// whole days), which ends the sessions of tests running beside it: this file's tests run in turn.
// Other files running at the same time can still be hit: see decision 0073, "Browser test".
test.describe.configure({ mode: 'serial' });
const STAFF_PHONE = '13800000000';

/** Receives, stores, tests each sample through the staff calls. */
async function testAll(lab: Staff, rids: string[]) {
  for (const rid of rids)
    for (const body of [
      { kind: 'received' },
      { kind: 'stored', location: 'B 室 样品柜 1' },
      { kind: 'taken', technician: '李工', instrument: 'XRD-1' },
      { kind: 'tested' },
    ]) {
      const res = await lab.call('/api/admin/sample/event', { rid, ...body });
      expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
    }
}

test('the customer asks for a tested sample back instead of its disposal @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const [a, b] = await demoItems(request, 1);
  const placed = await me.order([
    { item_rid: a.rid, disposal: 0 },
    { item_rid: b.rid, disposal: 0 },
  ]);
  const lab = await staff(request, ip);
  const d = await me.call<{ samples: { rid: string }[] }>('/api/auth/order/detail', { rid: placed.rid });
  await testAll(
    lab,
    d.data.samples.map((s) => s.rid),
  );

  await page.goto(`/member/order?rid=${placed.rid}`);
  const first = page.getByRole('list', { name: '样品列表' }).locator(`[data-sample="${placed.order_no}-01"]`);
  await expect(first).toContainText('已测完');
  await expect(first).toContainText(/实验室销毁：保留至 \d{4}-\d{2}-\d{2}/);
  await first.getByRole('button', { name: `申请寄回 ${placed.order_no}-01` }).click();
  await expect(first.getByRole('group', { name: '确认申请寄回' })).toContainText('寄回运费由您承担');
  if (SHOTS) await first.screenshot({ path: `${SHOTS}/customer-${page.viewportSize()!.width}.png` });
  await first.getByRole('button', { name: '确认寄回' }).click();
  await expect(toast(page, '已申请寄回')).toBeVisible();
  await expect(first).toContainText('待退回');
  await expect(first.getByRole('button', { name: /^申请寄回/ })).toHaveCount(0);
  await first.getByRole('button', { name: /流转记录/ }).click();
  await expect(first.getByRole('list', { name: '流转记录' })).toContainText('安排退回');
});

test('staff dispose of a due sample with a witness and send another back', async ({ page, request, ip }) => {
  const me = await newCustomer(page, request, ip);
  const [a, b] = await demoItems(request, 1);
  const placed = await me.order([
    { item_rid: a.rid, disposal: 2 },
    { item_rid: b.rid, disposal: 1 },
  ]);
  let lab = await staff(request, ip);
  // The shortest retention the setting allows (1 day), put back at the end.
  expect(await lab.call('/api/admin/sample/retention/save', { keep_days: 1 })).toMatchObject({ code: 1 });
  const d = await me.call<{ samples: { rid: string }[] }>('/api/auth/order/detail', { rid: placed.rid });
  await testAll(
    lab,
    d.data.samples.map((s) => s.rid),
  );
  expect(await lab.call('/api/admin/sample/retention/save', { keep_days: 90 })).toMatchObject({ code: 1 });
  const asked = await lab.call<{ list: { sample_no: string; disposable_from: string }[] }>(
    '/api/admin/sample/disposals',
    { view: 'upcoming', size: 50 },
  );
  const kept = asked.data.list.find((r) => r.sample_no === `${placed.order_no}-01`)!;
  // The server's clock to the first day of disposal (two days at most: decision 0063's clock).
  const clock = await request.post('/api/dev/clock', { data: { advance_seconds: 1 } });
  const now = Date.parse(((await clock.json()) as { data: { now: string } }).data.now);
  // The dev clock moves at most a day per call.
  let left = Math.ceil((Date.parse(`${kept.disposable_from}T00:00:00+08:00`) - now) / 1000) + 60;
  for (; left > 0; left -= 86_400) await advanceClock(request, Math.min(left, 86_400));

  // A second staff member to witness: a technician with a password.
  const witness = await devLogin(request, ip);
  lab = await staff(request, ip);
  expect(await lab.call('/api/admin/staff/save', { phone: witness.phone, role: 'technician' })).toMatchObject(
    { code: 1 },
  );

  await consoleSession(page, STAFF_PHONE);
  await page.goto('/admin/samples/disposals');
  await expect(page.getByRole('heading', { name: '样品处置' })).toBeVisible();
  // Past its last day kept, the disposal job (every 15 minutes of server time) lists it 待销毁.
  const table = page.getByRole('table', { name: '样品处置' });
  const row = table.getByRole('row').filter({ hasText: `${placed.order_no}-01` });
  await expect(row).toContainText('待销毁');
  await expect(row).toContainText('保留至');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/console-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SHOTS}/console-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await row.getByRole('button', { name: `销毁 ${placed.order_no}-01` }).click();
  const dialog = page.getByRole('dialog');
  // The disposer cannot witness their own disposal.
  await dialog.getByRole('textbox', { name: '见证人手机号' }).fill(STAFF_PHONE);
  await dialog.getByLabel('见证人密码').fill('not-my-password');
  await dialog.getByRole('button', { name: '确认销毁' }).click();
  await expect(dialog).toContainText('见证人不能是操作人本人');
  await dialog.getByRole('textbox', { name: '见证人手机号' }).fill(witness.phone);
  await dialog.getByLabel('见证人密码').fill(PASSWORD);
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/dialog-1280.png` });
  await dialog.getByRole('button', { name: '确认销毁' }).click();
  await expect(page.getByRole('status').filter({ hasText: '样品已销毁' })).toBeVisible();
  await page.getByRole('tab', { name: '已处置' }).click();
  await expect(table.getByRole('row').filter({ hasText: `${placed.order_no}-01` })).toContainText('已销毁');

  const trail = await lab.call<{ events: { kind: string; detail: string }[] }>('/api/admin/sample/trail', {
    rid: d.data.samples[0].rid,
  });
  expect(trail.data.events.at(-1)).toMatchObject({ kind: 'disposed' });
  expect(trail.data.events.at(-1)!.detail).toContain('见证人：');

  // The one the customer chose to have sent back is due: staff send it with the courier number.
  await page.getByRole('tab', { name: '待处置' }).click();
  const back = table.getByRole('row').filter({ hasText: `${placed.order_no}-02` });
  await back.getByRole('button', { name: `寄回 ${placed.order_no}-02` }).click();
  await dialog.getByRole('textbox', { name: '快递公司' }).fill('顺丰速运');
  await dialog.getByRole('textbox', { name: '快递单号' }).fill('SF9876543210');
  await dialog.getByRole('button', { name: '确认已寄回' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已记录寄回' })).toBeVisible();
  await page.getByRole('tab', { name: '已处置' }).click();
  await expect(table.getByRole('row').filter({ hasText: `${placed.order_no}-02` })).toContainText('已退回');
});
