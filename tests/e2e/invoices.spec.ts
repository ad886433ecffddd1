// Invoices in the browser (issue 16, decision 0030): add a title on /member/invoiceMg, apply for
// an invoice over two paid orders on /member/invoiceLs, finance issues it in the console, and the
// customer downloads the reimbursement ZIP and finds the receipt, the test list and agreements.
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { demoItems, newCustomer, PDF, staff, type Customer, type Staff } from './support/orders.ts';
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

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A top-up of ¥1,000 (gift card bonus, so no 赠送金) that asked for a proforma to ENTERPRISE, credited. */
async function creditedTopUp(me: Customer, lab: Staff) {
  const wish = { amount_fen: 100_000, bonus_kind: 2, invoice_type: 5, invoice_title: ENTERPRISE.company };
  const applied = await me.call<{ rid: string }>('/api/auth/prestoreApply/add', {
    ...wish,
    payer: ENTERPRISE.company,
  });
  const pic = await me.upload('/api/auth/file/upload4pic', {
    name: '回单.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const voucher = {
    payer_name: ENTERPRISE.company,
    bank: '工商银行',
    serial: `SN${Date.now()}`,
    amount_fen: 100_000,
    paid_on: '2026-11-20',
    file_rid: pic,
  };
  const edited = await me.call('/api/auth/prestoreApply/edit', {
    rid: applied.data.rid,
    ...wish,
    payer: ENTERPRISE.company,
    voucher,
  });
  expect(edited.code).toBe(1);
  expect(await lab.call('/api/admin/prestore/approve', { rid: applied.data.rid })).toMatchObject({ code: 1 });
  return applied.data.rid;
}

test('a top-up is invoiced as asked on the top-up form; orders show their items and the rest is explained @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const lab = await staff(request, ip);
  // The default title is someone else: the top-up's wish must pick the organisation's.
  await me.call('/api/auth/invoice/add', { kind: 2, name: '张三', tax_no: '', is_default: true });
  await me.call('/api/auth/invoice/add', { kind: 1, name: ENTERPRISE.company, tax_no: '91350100M000100Y43' });
  const topUp = await creditedTopUp(me, lab);
  const [item] = await demoItems(request, 1);
  const order = await me.order([{ item_rid: item.rid }]);
  await lab.move('order/quote', { rid: order.rid, quoted_fen: 30_000 });
  expect(await me.call('/api/auth/web/order/pay', { rid: order.rid })).toMatchObject({ code: 1 });

  // Orders with their items; what may be invoiced beyond them is said, not left a puzzle.
  await page.goto('/member/invoiceLs');
  await expect(page.locator('[data-invoice-available]')).toHaveText('¥1000.00');
  await page.getByRole('button', { name: '申请开票' }).click();
  let apply = page.getByRole('dialog', { name: '申请开票' });
  await expect(apply.getByRole('listitem').filter({ hasText: order.order_no })).toContainText(item.name);
  await expect(apply.locator('[data-invoice-explain]')).toHaveText(
    '可开票金额 ¥1000.00，其中可选订单 ¥300.00；其余 ¥700.00 是尚未用于订单的余额，可按「预存充值」开票，或用于支付订单后再按订单开票。',
  );
  await apply.getByRole('button', { name: '取消' }).click();

  // 申请开票 on the top-up's record: the dialog has that top-up, the proforma and the title asked for.
  await page.goto('/member/prestore#records');
  await page.locator('[data-prestore="credited"]').getByRole('link', { name: '申请开票' }).click();
  await expect(page).toHaveURL(/\/member\/invoiceLs/);
  apply = page.getByRole('dialog', { name: '申请开票' });
  await expect(apply.getByRole('radio', { name: '预存充值' })).toBeChecked();
  await expect(apply.getByRole('radio', { name: /^预存 ¥1000\.00/ })).toBeChecked();
  await expect(apply.getByText('预存时申请：形式发票 · 某材料科技有限公司')).toBeVisible();
  await expect(apply.getByRole('radio', { name: '形式发票' })).toBeChecked();
  await expect(apply.getByLabel('发票抬头')).toHaveValue(
    (await me.call<{ list: { rid: string; name: string }[] }>('/api/auth/invoice/list')).data.list.find(
      (t) => t.name === ENTERPRISE.company,
    )!.rid,
  );
  await expect(apply.locator('[data-invoice-total]')).toHaveText('¥1000.00');
  await page.screenshot({ path: `/tmp/shots-invoices/topup-dialog-${page.viewportSize()!.width}.png` });
  await apply.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '申请已提交')).toBeVisible();
  const row = page.locator('[data-invoice]').first();
  await expect(row).toContainText('形式发票');
  await expect(row).toContainText('¥1000.00');
  const mine = await me.call<{ list: { rid: string; source: string }[] }>(
    '/api/auth/invoiceApply/list4person',
  );
  const detail = await me.call<{ lines: { prestore_rid: string | null }[] }>('/api/auth/invoiceApply/info', {
    rid: mine.data.list[0].rid,
  });
  expect(mine.data.list[0].source).toBe('topup');
  expect(detail.data.lines).toMatchObject([{ prestore_rid: topUp }]);
});

test('other materials uploaded in the dialog land in the ZIP folder 其他材料 @mobile', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip, ENTERPRISE);
  const lab = await staff(request, ip);
  await me.call('/api/auth/invoice/add', { kind: 1, name: ENTERPRISE.company, tax_no: '91350100M000100Y43' });
  const [item] = await demoItems(request, 1);
  const order = await me.order([{ item_rid: item.rid }]);
  await lab.credit(me.phone, 20_000);
  await lab.move('order/quote', { rid: order.rid, quoted_fen: 20_000 });
  expect(await me.call('/api/auth/web/order/pay', { rid: order.rid })).toMatchObject({ code: 1 });

  await page.goto('/member/invoiceLs');
  await page.getByRole('button', { name: '申请开票' }).click();
  const apply = page.getByRole('dialog', { name: '申请开票' });
  await apply.getByLabel('收据').check();
  await apply.getByLabel(order.order_no).check();
  const chooser = page.waitForEvent('filechooser');
  await apply.getByRole('button', { name: '上传其他材料' }).click();
  await (
    await chooser
  ).setFiles([
    { name: '报销单.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: '情况说明.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  const uploads = apply.getByRole('list', { name: '其他材料' });
  await expect(uploads.getByText('已上传')).toHaveCount(2);
  await page.screenshot({ path: `/tmp/shots-invoices/materials-dialog-${page.viewportSize()!.width}.png` });
  await apply.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '申请已提交')).toBeVisible();

  const mine = await me.call<{ list: { rid: string }[] }>('/api/auth/invoiceApply/list4person');
  expect(await lab.call('/api/admin/invoice/approve', { rid: mine.data.list[0].rid })).toMatchObject({
    code: 1,
  });
  await page.reload();
  const download = page.waitForEvent('download');
  await page.locator('[data-invoice]').first().getByRole('button', { name: '下载报销材料' }).click();
  const zip = unzipSync(new Uint8Array(readFileSync((await (await download).path())!)));
  expect(
    Object.keys(zip)
      .filter((n) => n.startsWith('其他材料/'))
      .sort(),
  ).toEqual(['其他材料/情况说明.pdf', '其他材料/报销单.pdf']);
});
