// 专属顾问 end to end (issue 33, finding 11; decision 0090): the administrator finds a new institution
// customer on 客户, gives them a business manager as advisor on the customer's page (kept in the
// assignment history, and in the page's 历史 naming who did it, decision 0095); the manager finds
// the customer under 我的客户; the customer sees the advisor's name and phone in the member centre.
import { expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession, devLogin } from './support/session.ts';
import { shot } from './support/shots.ts';

const ADMIN_PHONE = '13800000000';

test('an advisor given on the customer page shows in 我的客户 and in the customer’s member centre', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const admin = await staff(request, ip);
  const { phone: managerPhone } = await devLogin(request, ip);
  expect((await admin.call('/api/admin/staff/save', { phone: managerPhone, role: 'manager' })).code).toBe(1);

  const staffPage = await page.context().newPage();
  await staffPage.setViewportSize({ width: 1280, height: 900 });
  await consoleSession(staffPage, ADMIN_PHONE);
  await staffPage
    .getByRole('complementary', { name: '后台导航' })
    .getByRole('link', { name: '客户', exact: true })
    .click();
  await staffPage.getByLabel('搜索客户').fill(me.phone);
  // The row of this customer: until the search answers, the list holds everyone's newest customers.
  await staffPage
    .getByRole('table', { name: '客户' })
    .getByRole('row')
    .filter({ hasText: me.phone })
    .getByRole('link')
    .first()
    .click();
  const advisor = staffPage.getByRole('region', { name: '专属顾问' });
  await expect(advisor.locator('[data-advisor]')).toHaveText('未分配');

  await advisor.getByRole('button', { name: '指定顾问' }).click();
  const dialog = staffPage.getByRole('dialog', { name: '指定专属顾问' });
  const choice = dialog.getByRole('combobox', { name: '业务经理' });
  const label = await choice.locator('option', { hasText: managerPhone }).textContent();
  await choice.selectOption({ label: label! });
  await dialog.getByLabel('备注').fill('华东区');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(staffPage.locator('[data-console-toast]')).toContainText('已指定专属顾问');
  await expect(advisor.locator('[data-advisor]')).toContainText(managerPhone);
  await expect(advisor.getByRole('list', { name: '顾问变更记录' })).toContainText('华东区');
  // The customer's own history: the step, who took it, and the advisor before → after.
  const history = staffPage.getByRole('region', { name: '历史' });
  const entry = history.getByRole('list', { name: '变更历史' }).locator(':scope > li').first();
  await expect(entry).toContainText('指定或取消专属顾问');
  await expect(entry).toContainText('演示业务经理');
  await expect(entry).toContainText('说明：华东区');
  await expect(entry.getByRole('list', { name: '变更内容' })).toContainText(`专属顾问：—→`);
  await expect(entry.getByRole('list', { name: '变更内容' })).toContainText(managerPhone);
  await history.scrollIntoViewIfNeeded();
  await shot(staffPage, 'customer-history-1280');
  await staffPage.setViewportSize({ width: 375, height: 812 });
  await expect(entry).toBeVisible();
  expect(await staffPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(staffPage, 'customer-history-375');
  await staffPage.setViewportSize({ width: 1280, height: 900 });

  // The manager's own list.
  await consoleSession(staffPage, managerPhone);
  await staffPage
    .getByRole('complementary', { name: '后台导航' })
    .getByRole('link', { name: '我的客户' })
    .click();
  await expect(staffPage.getByRole('table', { name: '我的客户' })).toContainText(me.phone);

  // The customer's member centre names the advisor.
  await page.goto('/member/center');
  await expect(page.getByRole('region', { name: '专属顾问' })).toContainText(managerPhone);
});
