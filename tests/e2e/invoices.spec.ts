// Invoices in the browser (issue 16, decision 0030): add a title on /member/invoiceMg, apply for
// an invoice over two paid orders on /member/invoiceLs, finance issues it in the console, and the
// customer downloads the reimbursement ZIP and finds the receipt, the test list and agreements.
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { demoItems, newCustomer, staff } from './support/orders.ts';
import { expect, PASSWORD, registerByApi, test, toast } from './support/session.ts';

const ENTERPRISE = {
  organization: 2,
  company: '某材料科技有限公司',
  company_leader: '王总',
  company_leader_phone: '13800002222',
};

test('add a title, apply over two orders, finance issues it, download the ZIP', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const lab = await staff(request, ip);
  const [item] = await demoItems(request, 1);
  const orders = [await me.order([{ item_rid: item.rid }]), await me.order([{ item_rid: item.rid }])];
  await lab.credit(me.phone, 50_000);
  for (const [i, o] of orders.entries()) {
    await lab.move('order/quote', { rid: o.rid, quoted_fen: 10_000 * (i + 1) });
    expect(await me.call('/api/auth/web/order/pay', { rid: o.rid })).toMatchObject({ code: 1 });
  }

  await page.goto('/member/invoiceMg');
  await page.getByRole('button', { name: '新增抬头' }).click();
  const form = page.getByRole('dialog', { name: '新增发票抬头' });
  await form.getByLabel('单位名称').fill('某材料科技有限公司');
  await form.getByLabel('税号').fill('91350100M000100Y44');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText('[税号]格式不正确，请填写18位统一社会信用代码');
  await form.getByLabel('税号').fill('91350100M000100Y43');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '添加成功')).toBeVisible();
  await expect(page.locator('[data-title]')).toContainText('默认');

  await page.goto('/member/invoiceLs');
  await expect(page.locator('[data-invoice-available]')).toHaveText('¥500.00');
  await page.getByRole('button', { name: '申请开票' }).click();
  const apply = page.getByRole('dialog', { name: '申请开票' });
  await apply.getByLabel('收据').check();
  for (const o of orders) await apply.getByLabel(o.order_no).check();
  await expect(apply.locator('[data-invoice-total]')).toHaveText('¥300.00');
  await apply.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '申请已提交')).toBeVisible();
  await expect(page.locator('[data-invoice-available]')).toHaveText('¥200.00');
  const row = page.locator('[data-invoice]').first();
  await expect(row).toContainText('待审核');

  // Finance (a console member of that role) issues it.
  const finance = await registerByApi(request, ip);
  expect(await lab.call('/api/admin/staff/save', { phone: finance, role: 'finance' })).toMatchObject({
    code: 1,
  });
  const console = await page.context().newPage();
  await console.goto('/admin/');
  await console.getByLabel('账号').fill(finance);
  await console.getByLabel('密码').fill(PASSWORD);
  await console.getByRole('button', { name: '登录' }).click();
  await console.getByRole('link', { name: '发票' }).click();
  const pending = console.getByRole('row', { name: new RegExp(me.phone) });
  await pending.getByRole('button', { name: '审核并开具' }).click();
  await expect(console.getByRole('tab', { name: '待审核' })).toBeVisible();
  await expect(pending).toHaveCount(0);

  await page.reload();
  await expect(row).toContainText('已开具');
  await expect(row).toContainText(/发票号码 SJ\d{10}/);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载报销材料' }).click();
  const zip = unzipSync(new Uint8Array(readFileSync((await (await download).path())!)));
  const names = Object.keys(zip);
  expect(names).toContain('检测服务清单.pdf');
  expect(names.some((n) => /^收据-SJ\d{10}\.pdf$/.test(n))).toBe(true);
  expect(names.filter((n) => n.startsWith('委托协议/'))).toHaveLength(2);
});
