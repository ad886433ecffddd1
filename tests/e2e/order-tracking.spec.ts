// The customer's order page as a WeChat message opens it on a phone (issue 34, decision 0093):
// each sample's stage (在途 → 已签收 → 测试中 → 已出报告), where it is, its promise and its report
// PDF; and the 样品信息表 uploaded on a placed order before the lab receives the samples.
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { demoItems, expect, newCustomer, staff, test, toast } from './support/orders.ts';

const SHOTS = process.env.TRACKING_SHOTS;
const XRD = 'X 射线衍射（XRD）粉末测试';

/** Nothing on the page is wider than the screen (a phone must not scroll sideways). */
const noSideways = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('each sample from the courier to its report, read on a phone from the message link @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const [a] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: a.rid, count: 2 }]);
  const sent = await me.call('/api/auth/order/updateExpress', {
    rid: placed.rid,
    company: '顺丰速运',
    no: 'SF1234567890',
  });
  expect(sent.code).toBe(1);

  // The link a message carries lands on the samples.
  await page.goto(`/member/order?rid=${placed.rid}#samples`);
  const section = page.getByRole('region', { name: '样品进度' });
  const first = section.locator(`[data-sample="${placed.order_no}-01"]`);
  const second = section.locator(`[data-sample="${placed.order_no}-02"]`);
  await expect(first.getByLabel('阶段：在途')).toBeVisible();
  await expect(first).toContainText('运输中，寄往实验室（顺丰速运 SF1234567890）');
  await expect(section.getByRole('list', { name: '样品进度' }).first()).toBeVisible();
  await expect(section).toBeInViewport();

  // The lab signs for both and takes the second to an instrument.
  const lab = await staff(request, ip);
  await lab.move('order/receive', { rid: placed.rid });
  await lab.move('order/start', { rid: placed.rid });
  const detail = await me.call<{ samples: { rid: string }[] }>('/api/auth/order/detail', { rid: placed.rid });
  const taken = await lab.call('/api/admin/sample/event', {
    rid: detail.data.samples[1].rid,
    kind: 'taken',
    technician: '李工',
    instrument: 'Bruker D8 Advance',
  });
  expect(taken.code, JSON.stringify(taken)).toBe(1);
  await page.reload();
  await expect(first.getByLabel('阶段：已签收')).toBeVisible();
  await expect(second.getByLabel('阶段：测试中')).toBeVisible();
  await expect(second).toContainText('实验室测试中（Bruker D8 Advance）');
  await expect(second.getByRole('list', { name: '样品进度' }).locator('[aria-current="step"]')).toHaveText(
    '测试中',
  );
  await expect(section.locator('[data-tally]')).toContainText('已签收 1');
  expect(await noSideways(page)).toBe(true);
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/testing-${page.viewportSize()!.width}.png` });

  // The report is released: both samples say so and offer the signed PDF.
  const version = await lab.release(placed.rid);
  await page.reload();
  await expect(first.getByLabel('阶段：已出报告')).toBeVisible();
  await expect(second.getByLabel('阶段：已出报告')).toBeVisible();
  await expect(first).toContainText('报告已出具');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first
      .getByRole('button', { name: `${version.report_no} PDF（${placed.order_no}-01 的检测报告）` })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`检测报告-${version.report_no}.pdf`);
  expect(await noSideways(page)).toBe(true);
  // The stages' colours and the steps pass WCAG 2.2 AA as the rest of the member pages do.
  const axe = await new AxeBuilder({ page })
    .include('#samples')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  if (SHOTS) {
    await section.screenshot({ path: `${SHOTS}/reported-${page.viewportSize()!.width}.png` });
    await page.screenshot({ path: `${SHOTS}/page-${page.viewportSize()!.width}.png`, fullPage: true });
  }
});

/** The downloaded template with these rows (样品名称, 扫描范围, 扫描速度) under its header. */
async function fill(path: string, rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.getWorksheet('样品信息')!;
  rows.forEach((r, i) => r.forEach((v, j) => (ws.getCell(i + 2, j + 1).value = v)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a sample sheet on a placed order: a refusal with its error file, then the samples named @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const placed = await me.order([{ item_rid: 'xrd-powder', count: 2 }]);
  await page.goto(`/member/order?rid=${placed.rid}`);
  const sheet = page.getByRole('listitem', { name: `「${XRD}」样品信息表` });
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    sheet.getByRole('link', { name: '下载模板' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe(`样品信息表-${XRD}.xlsx`);
  const path = await template.path();

  const input = page.getByLabel(`上传「${XRD}」样品信息表`);
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await input.setInputFiles({
    name: 'samples.xlsx',
    mimeType: xlsx,
    buffer: await fill(path, [
      ['Fe2O3-1', '10°-80°', '5°/min'],
      ['Fe2O3-1', '10°-80°', '2°/min'],
    ]),
  });
  const alert = sheet.getByRole('alert');
  await expect(alert).toContainText('第3行「样品名称」：样品名称与第2行重复；共1处错误');
  const [errors] = await Promise.all([
    page.waitForEvent('download'),
    alert.getByRole('button', { name: '下载错误说明表' }).click(),
  ]);
  expect(errors.suggestedFilename()).toBe(`错误说明-${XRD}.xlsx`);
  if (SHOTS) await sheet.screenshot({ path: `${SHOTS}/sheet-refused-${page.viewportSize()!.width}.png` });

  await input.setInputFiles({
    name: 'samples.xlsx',
    mimeType: xlsx,
    buffer: await fill(path, [
      ['Fe2O3-1', '10°-80°', '5°/min'],
      ['TiO2', '5°-90°', '2°/min'],
    ]),
  });
  await expect(toast(page, '已导入2个样品')).toBeVisible();
  const list = page.getByRole('list', { name: '样品列表' });
  await expect(list.locator(`[data-sample="${placed.order_no}-01"]`)).toContainText('Fe2O3-1');
  await expect(list.locator(`[data-sample="${placed.order_no}-02"]`)).toContainText('TiO2');
  expect(await noSideways(page)).toBe(true);
  if (SHOTS) {
    const section = page.getByRole('region', { name: '样品进度' });
    await section.screenshot({ path: `${SHOTS}/sheet-taken-${page.viewportSize()!.width}.png` });
  }

  // Once the lab signs for a sample, the sheet is no longer offered.
  const lab = await staff(request, ip);
  await lab.move('order/receive', { rid: placed.rid });
  await page.reload();
  await expect(list.locator(`[data-sample="${placed.order_no}-01"]`)).toContainText('已签收');
  await expect(page.getByLabel(`上传「${XRD}」样品信息表`)).toHaveCount(0);
});
