// On-site (预约现场) orders (decision 0078): no samples by default; staff record the customer's own
// samples brought to the session from the console's order page, and the customer sees them on
// the order page with their trail, without a labels section.
import { expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';
import { addDays } from '../../src/lib/shared/slots.ts';
import { shanghaiDate } from '../../src/lib/shared/time.ts';

const SHOTS = process.env.ON_SITE_SHOTS;
const STAFF_PHONE = '13800000000';

test('staff record the customer’s own samples at an on-site session @mobile', async ({
  page,
  request,
  ip,
}) => {
  const customerPage = await page.context().newPage();
  const me = await newCustomer(customerPage, request, ip);
  // Five weeks on, a Wednesday (phone) or Friday (desktop) nobody else's test uses.
  const today = shanghaiDate(new Date());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const phone = page.viewportSize()!.width < 640;
  const day = addDays(today, -((weekday + 6) % 7) + 35 + (phone ? 2 : 4));
  const device = 'dev-confocal-lsm980';
  const week = (await (
    await request.post('/api/open/device/query4timeExtra', { data: { rid: device, date: day } })
  ).json()) as { data: { days: { slots: { start: string; end: string; status: string }[] }[] } };
  const slot = week.data.days[0].slots.find((x) => x.status === 'free')!;
  const booked = await me.call<{ order_rid: string }>('/api/auth/reservation/add', {
    device_rid: device,
    start: slot.start,
    end: slot.end,
  });
  expect(booked, JSON.stringify(booked)).toMatchObject({ code: 1 });
  const rid = booked.data.order_rid;
  await staff(request, ip);

  await consoleSession(page, STAFF_PHONE);
  await page.goto(`/admin/orders/${rid}`);
  const section = page.getByRole('region', { name: /^样品/ });
  await expect(section).toContainText('客户现场自带的样品可在此登记');
  await section.getByRole('button', { name: '登记现场样品' }).click();
  const dialog = page.getByRole('dialog', { name: '登记现场样品' });
  await dialog.getByRole('textbox', { name: '样品名称' }).fill('共聚焦细胞样品');
  await dialog.getByRole('textbox', { name: '数量' }).fill('2');
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/dialog-${page.viewportSize()!.width}.png` });
  await dialog.getByRole('button', { name: '登记' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已登记 2 个现场样品' })).toBeVisible();
  const table = section.getByRole('table', { name: '样品' });
  await expect(table.getByRole('row').filter({ hasText: '共聚焦细胞样品-1' })).toContainText('已签收');
  await expect(table.getByRole('row').filter({ hasText: '共聚焦细胞样品-2' })).toContainText('已签收');
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/console-${page.viewportSize()!.width}.png`, fullPage: true });

  // The customer's order page lists them, with no labels to print.
  await customerPage.goto(`/member/order?rid=${rid}`);
  const list = customerPage.getByRole('list', { name: '样品列表' });
  await expect(list).toContainText('共聚焦细胞样品-1');
  await expect(list).toContainText('已签收');
  await expect(customerPage.getByRole('button', { name: /打印样品标签/ })).toHaveCount(0);
  if (SHOTS)
    await customerPage.screenshot({
      path: `${SHOTS}/customer-${customerPage.viewportSize()!.width}.png`,
      fullPage: true,
    });
});
