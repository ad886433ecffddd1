// Spreadsheet submission and repeat orders in the browser (decision 0089): the plan line's
// template downloaded, a wrong sheet refused with its 错误说明 file, a filled one uploaded and its
// samples listed; 再来一单 from the order list placing the same order again in two clicks.
import ExcelJS from 'exceljs';
import { demoItems, expect, newCustomer, test, toast } from './support/orders.ts';

const XRD = 'X 射线衍射（XRD）粉末测试';

/** The downloaded template with these rows (样品名称, 扫描范围, 扫描速度) under its header. */
async function fill(path: string, rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.getWorksheet('样品信息')!;
  rows.forEach((r, i) => r.forEach((v, j) => (ws.getCell(i + 2, j + 1).value = v)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a sample sheet on the plan: template, a refusal with its error file, then the samples', async ({
  page,
  customer,
}) => {
  await customer.call('/api/auth/plan/add', {
    item_rid: 'xrd-powder',
    parameters: { 扫描范围: '10°-80°', 扫描速度: '5°/min' },
  });
  await page.goto('/experiment/plan');
  const sheet = page.getByLabel(`「${XRD}」样品信息表`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    sheet.getByRole('link', { name: '下载模板' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`样品信息表-${XRD}.xlsx`);
  const template = await download.path();

  const input = page.getByLabel(`上传「${XRD}」样品信息表`);
  await input.setInputFiles({
    name: 'samples.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await fill(template, [
      ['Fe2O3-1', '10°-80°', '5°/min'],
      ['', '10°-80°', '3°/min'],
    ]),
  });
  const alert = sheet.getByRole('alert');
  await expect(alert).toContainText('第3行「样品名称」：「样品名称」不能为空；共2处错误');
  await expect(alert).toContainText('第3行「扫描速度」：「扫描速度」应为2°/min、5°/min、10°/min之一');
  const [errors] = await Promise.all([
    page.waitForEvent('download'),
    alert.getByRole('button', { name: '下载错误说明表' }).click(),
  ]);
  expect(errors.suggestedFilename()).toBe(`错误说明-${XRD}.xlsx`);

  await input.setInputFiles({
    name: 'samples.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await fill(template, [
      ['Fe2O3-1', '10°-80°', '5°/min'],
      ['Fe2O3-2', '10°-80°', '2°/min'],
      ['TiO2', '5°-90°', '5°/min'],
    ]),
  });
  await expect(toast(page, '已导入3个样品')).toBeVisible();
  await expect(alert).toHaveCount(0);
  await expect(page.getByLabel(`「${XRD}」样品数量`)).toHaveText('3 个样品（来自表格）');
  const samples = page.getByRole('table', { name: `「${XRD}」的样品` });
  await expect(samples.getByRole('row')).toHaveCount(4);
  await expect(samples.getByRole('row').nth(2)).toContainText('Fe2O3-2');
  await expect(samples.getByRole('row').nth(2)).toContainText('扫描速度：2°/min');
});

test('再来一单 from the order list places the same order again in two clicks', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  const first = await me.order([{ item_rid: item.rid, count: 2 }]);

  await page.goto('/member/order');
  const card = page.getByRole('listitem', { name: `订单 ${first.order_no}` });
  await card.getByRole('button', { name: `订单 ${first.order_no} 再来一单` }).click(); // 1
  await expect(page).toHaveURL(/\/experiment\/plan$/);
  await expect(page.getByRole('status').filter({ hasText: `已按订单 ${first.order_no}填入` })).toBeVisible();
  await expect(page.getByLabel(`「${item.name}」小计`)).toHaveText(
    `¥${((item.price_fen * 2) / 100).toFixed(2)}`,
  );
  await page.getByRole('button', { name: '提交订单' }).click(); // 2
  await expect(page.getByRole('region', { name: '订单已提交' })).toBeVisible();

  const orders = await me.call<{ list: { order_no: string; amount_fen: number }[] }>(
    '/api/auth/order/list4person',
    {
      page: 1,
      size: 10,
    },
  );
  expect(orders.data.list).toHaveLength(2);
  expect(orders.data.list.map((o) => o.amount_fen)).toEqual([first.amount_fen, first.amount_fen]);
});
