// Storage locations in the console (decision 0071): a technician builds a small tree (room →
// fridge → shelf → box), is refused a duplicate name, moves the fridge to another room, archives a
// box, and prints the fridge's QR label as a 40×30 mm page.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expect, staff, test, type Staff } from './support/orders.ts';
import { consoleSession, registerByApi } from './support/session.ts';

async function technician(request: APIRequestContext, ip: string, admin: Staff) {
  const phone = await registerByApi(request, ip);
  const saved = await admin.call('/api/admin/staff/save', { phone, role: 'technician' });
  expect(saved, JSON.stringify(saved)).toMatchObject({ code: 1 });
  return phone;
}

/** Screenshots for a person to look at, when asked (LOCATION_SHOTS=dir). */
async function shot(page: Page, name: string) {
  if (process.env.LOCATION_SHOTS)
    await page.screenshot({ path: `${process.env.LOCATION_SHOTS}/${name}.png`, fullPage: true });
}

/** axe-core's WCAG 2.2 AA violations on the page as it stands (as in a11y.spec.ts). */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** One location's own row in the tree (not the rows of what it holds). */
const rowOf = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
/** A room's row with everything under it. */
const branchOf = (page: Page, room: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('group', { name: room, exact: true }) })
    .first();

async function add(page: Page, parent: string | null, name: string, kind?: string, note?: string) {
  if (parent) await rowOf(page, parent).getByRole('button', { name: '添加下级' }).click();
  else await page.getByRole('button', { name: '新建房间' }).click();
  const dialog = page.getByRole('dialog');
  if (kind) await dialog.getByLabel('类型').selectOption({ label: kind });
  await dialog.getByLabel('名称').fill(name);
  if (note) await dialog.getByLabel('温度/条件（可选）').fill(note);
  await dialog.getByRole('button', { name: '添加' }).click();
}

test('a technician builds a storage tree, moves and archives locations, and prints a label', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const tech = await technician(request, ip, admin);
  // The server's database is shared by the run's tests: names of this test only.
  const tag = ip.split('.').at(-1);
  const room = `实验楼 A${tag}`;
  const cold = `冷库 ${tag}`;
  await consoleSession(page, tech);
  await page.getByRole('link', { name: '存储位置' }).click();
  await expect(page.getByRole('heading', { name: '存储位置' })).toBeVisible();

  await add(page, null, room);
  await expect(rowOf(page, room)).toBeVisible();
  await add(page, room, '-80 冰箱 1', '冰箱', '-80 ℃');
  await add(page, '-80 冰箱 1', '第 1 层');
  await add(page, '第 1 层', '盒 A');
  await add(page, '第 1 层', '盒 B');
  await expect(rowOf(page, '盒 B')).toBeVisible();
  await expect(rowOf(page, '-80 冰箱 1')).toContainText('-80 ℃');
  await expect(rowOf(page, '-80 冰箱 1')).toContainText(/LOC-[2-9A-Z]{8}/);

  // A second 第 1 层 in the same fridge: refused in the dialog, in Chinese.
  await rowOf(page, '-80 冰箱 1').getByRole('button', { name: '添加下级' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称').fill('第 1 层');
  await dialog.getByRole('button', { name: '添加' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('同一上级位置下已有名为「第 1 层」的位置，请换一个名称');
  await dialog.getByRole('button', { name: '取消' }).click();
  await shot(page, 'locations-1280');
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(rowOf(page, '盒 A')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'locations-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Collapse and expand.
  await rowOf(page, '-80 冰箱 1').getByRole('button', { name: '收起-80 冰箱 1' }).click();
  await expect(rowOf(page, '盒 A')).toBeHidden();
  await rowOf(page, '-80 冰箱 1').getByRole('button', { name: '展开-80 冰箱 1' }).click();
  await expect(rowOf(page, '盒 A')).toBeVisible();

  // The fridge moves to another room, with what it holds.
  await add(page, null, cold);
  await rowOf(page, '-80 冰箱 1').getByRole('button', { name: '移动' }).click();
  await page.getByRole('dialog').getByLabel('移到').selectOption({ label: cold });
  await page.getByRole('dialog').getByRole('button', { name: '移动' }).click();
  await expect(branchOf(page, cold).getByRole('group', { name: '盒 A', exact: true })).toBeVisible();
  // The first room keeps only its own row.
  await expect(branchOf(page, room).getByRole('group')).toHaveCount(1);

  // A box archived disappears, and shows again (marked) with the archived ones.
  await rowOf(page, '盒 B').getByRole('button', { name: '归档' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '归档' }).click();
  await expect(rowOf(page, '盒 B')).toBeHidden();
  await page.getByLabel('显示已归档').check();
  await expect(rowOf(page, '盒 B')).toContainText('已归档');

  // The fridge's label: its QR (an inline SVG), code and path; printed as one 40×30 mm page.
  const code = (await rowOf(page, '-80 冰箱 1').textContent())?.match(/LOC-[2-9A-Z]{8}/)?.[0];
  await rowOf(page, '-80 冰箱 1').getByRole('link', { name: '打印标签' }).click();
  await expect(page.getByRole('heading', { name: '打印位置标签' })).toBeVisible();
  const preview = page.locator('.label-preview');
  await expect(preview.getByRole('img', { name: `二维码 ${code}` }).locator('svg')).toBeVisible();
  await expect(preview).toContainText(`${cold} › -80 冰箱 1`);
  await shot(page, 'label-thermal-1280');
  expect(await violations(page)).toEqual([]);
  const thermal = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true }));
  const mm = (pt: number) => Math.round((pt / 72) * 25.4);
  expect(thermal.getPages().map((p) => [mm(p.getWidth()), mm(p.getHeight())])).toEqual([[40, 30]]);
  if (process.env.LOCATION_SHOTS)
    await page.pdf({ path: `${process.env.LOCATION_SHOTS}/label-thermal.pdf`, preferCSSPageSize: true });

  // With the live locations it holds (not the archived box), on A4 label stock: one page.
  await page.getByRole('tab', { name: 'A4 标签纸（3×8）' }).click();
  await page.getByLabel('含全部下级位置').check();
  await expect(preview.locator('.location-label')).toHaveCount(3);
  const a4 = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true }));
  expect(a4.getPages().map((p) => [mm(p.getWidth()), mm(p.getHeight())])).toEqual([[210, 297]]);
  await shot(page, 'label-a4-1280');
  if (process.env.LOCATION_SHOTS)
    await page.pdf({ path: `${process.env.LOCATION_SHOTS}/label-a4.pdf`, preferCSSPageSize: true });
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'label-a4-375');

  // In print only the sheet shows; any other console screen prints as it is.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: '打印位置标签' })).toBeHidden();
  await expect(page.locator('.label-print-root .location-label')).toHaveCount(3);
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: '返回存储位置' }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: '存储位置' })).toBeVisible();
});
