// Retention, return and disposal (issue 30, decision 0073): the customer asks for a tested sample
// back instead of its disposal on the order page; staff dispose of a sample whose retention is
// over on 样品处置, with a second staff member as witness, and send the other back.
import { demoItems, expect, newCustomer, staff, test, toast, type Staff } from './support/orders.ts';
import { advanceClock, consoleSession, PASSWORD, registerByApi } from './support/session.ts';

const SHOTS = process.env.DISPOSAL_SHOTS;

const STAFF_PHONE = '13800000000';

/** Receives, stores (in a room of the storage tree), tests each sample through the staff calls. */
async function testAll(lab: Staff, rids: string[]) {
  const room = await lab.call<{ code: string }>('/api/admin/sample/location/create', {
    kind: 'room',
    name: `B 室 ${rids[0]}`,
  });
  expect(room, JSON.stringify(room)).toMatchObject({ code: 1 });
  for (const rid of rids)
    for (const body of [
      { kind: 'received' },
      { kind: 'stored', location: room.data.code },
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

test('staff are refused a disposal before its day, and send a sample back with its courier number', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const [a, b] = await demoItems(request, 1);
  const placed = await me.order([
    { item_rid: a.rid, disposal: 2 },
    { item_rid: b.rid, disposal: 1 },
  ]);
  const lab = await staff(request, ip);
  const d = await me.call<{ samples: { rid: string }[] }>('/api/auth/order/detail', { rid: placed.rid });
  await testAll(
    lab,
    d.data.samples.map((s) => s.rid),
  );
  // The disposal job (every 15 minutes of server time) lists the sample to send back as due. The
  // day of a disposal itself is not waited for here: moving the shared clock by days would end the
  // sessions of the tests running beside this one. The API tests dispose after the day (0073).
  await advanceClock(request, 16 * 60);

  await consoleSession(page, STAFF_PHONE);
  await page.goto('/admin/samples/disposals');
  await expect(page.getByRole('heading', { name: '样品处置' })).toBeVisible();
  const table = page.getByRole('table', { name: '样品处置' });
  const dialog = page.getByRole('dialog');

  // Kept 90 days: listed with its last day, and a disposal today is refused with that day.
  await page.getByRole('tab', { name: '保留中' }).click();
  const kept = table.getByRole('row').filter({ hasText: `${placed.order_no}-01` });
  await expect(kept).toContainText('保留至');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/console-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SHOTS}/console-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await kept.getByRole('button', { name: `销毁 ${placed.order_no}-01` }).click();
  await dialog.getByRole('textbox', { name: '见证人手机号' }).fill('13900000000');
  await dialog.getByLabel('见证人密码').fill(PASSWORD);
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/dialog-1280.png` });
  await dialog.getByRole('button', { name: '确认销毁' }).click();
  await expect(dialog).toContainText(/保留至 ?\d{4}-\d{2}-\d{2}/);
  await dialog.getByRole('button', { name: '取消' }).click();

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

test('staff tick several samples and dispose of them with one witness; each refused one is listed', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const [a, b] = await demoItems(request, 1);
  const placed = await me.order([
    { item_rid: a.rid, disposal: 2 },
    { item_rid: b.rid, disposal: 2 },
  ]);
  const lab = await staff(request, ip);
  const d = await me.call<{ samples: { rid: string }[] }>('/api/auth/order/detail', { rid: placed.rid });
  await testAll(
    lab,
    d.data.samples.map((s) => s.rid),
  );
  // The witness: another staff member, present, with their own password.
  const witness = await registerByApi(request, ip);
  expect(await lab.call('/api/admin/staff/save', { phone: witness, role: 'technician' })).toMatchObject({
    code: 1,
  });

  await consoleSession(page, STAFF_PHONE);
  await page.goto('/admin/samples/disposals');
  await page.getByRole('tab', { name: '保留中' }).click();
  const table = page.getByRole('table', { name: '样品处置' });
  const nos = [`${placed.order_no}-01`, `${placed.order_no}-02`];
  for (const no of nos) await table.getByRole('checkbox', { name: `选择 ${no}` }).check();
  await expect(page.getByText('已选 2 个')).toBeVisible();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/bulk-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SHOTS}/bulk-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.getByRole('button', { name: '批量销毁（2）' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: '待销毁样品' })).toContainText(nos[1]);
  await dialog.getByRole('textbox', { name: '见证人手机号' }).fill(witness);
  await dialog.getByLabel('见证人密码').fill(PASSWORD);
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/bulk-dialog-1280.png` });
  await dialog.getByRole('button', { name: '确认销毁 2 个' }).click();
  // Kept 90 days: each is refused with its own last day, and listed with why; nothing destroyed.
  await expect(page.getByRole('status').filter({ hasText: '已销毁 0 个，2 个未销毁' })).toBeVisible();
  const refused = page.getByRole('alert').filter({ hasText: '以下样品未销毁' });
  for (const no of nos) await expect(refused).toContainText(no);
  await expect(refused).toContainText(/保留至\d{4}-\d{2}-\d{2}，\d{4}-\d{2}-\d{2}起方可销毁/);
  if (SHOTS) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SHOTS}/bulk-refused-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await expect(table.getByRole('row').filter({ hasText: nos[0] })).toContainText('已测完');
});
