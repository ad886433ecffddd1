// Bank statement import in the console (issue 33; decision 0088): finance imports the bank's GBK
// export on 银行流水, the transfer is proposed for the customer's top-up, confirmed, and lands.
import type { Page } from '@playwright/test';
import { expect, newCustomer, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';
import { gbk, icbcCsv } from '../support/bank.ts';

const SHOTS = process.env.BANK_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a bank export is imported, the top-up proposed, confirmed and credited', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  const payer = `测试大学${me.phone.slice(-4)}`;
  const wish = { amount_fen: 123_456, bonus_kind: 1, invoice_type: 0, payer };
  const applied = await me.call<{ rid: string }>('/api/auth/prestoreApply/add', wish);
  const pic = await me.upload('/api/auth/file/upload4pic', {
    name: '回单.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const voucher = {
    payer_name: payer,
    bank: '工商银行',
    serial: `E2E${me.phone}`,
    amount_fen: 123_456,
    paid_on: '2026-11-20',
    file_rid: pic,
  };
  expect(
    (await me.call('/api/auth/prestoreApply/edit', { rid: applied.data.rid, ...wish, voucher })).code,
  ).toBe(1);

  const file = gbk(
    icbcCsv([
      {
        at: '2026-11-20 10:12:30',
        credit: '1,234.56',
        name: payer,
        account: `62220202${me.phone}`,
        purpose: '预存',
        balance: `9${me.phone}.00`,
      },
    ]),
  );
  const staffPage = await page.context().newPage();
  await staffPage.setViewportSize({ width: 1280, height: 900 });
  await consoleSession(staffPage, '13800000000');
  await staffPage
    .getByRole('complementary', { name: '后台导航' })
    .getByRole('link', { name: '银行流水' })
    .click();
  await expect(staffPage.getByRole('heading', { name: '银行流水', exact: true })).toBeVisible();
  await staffPage
    .getByLabel('银行流水文件')
    .setInputFiles({ name: '历史明细.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(staffPage.locator('p[role=status]')).toContainText('工商银行');
  const table = staffPage.getByRole('table', { name: '银行流水' });
  const row = table.getByRole('row').filter({ hasText: payer });
  await expect(row).toContainText('¥1234.56');
  await expect(row).toContainText('户名一致');
  await shot(staffPage, 'bank-1280');
  await staffPage.setViewportSize({ width: 375, height: 800 });
  await shot(staffPage, 'bank-375');
  await staffPage.setViewportSize({ width: 1280, height: 900 });

  await row.getByRole('button', { name: '确认入账' }).click();
  const dialog = staffPage.getByRole('dialog', { name: '确认入账' });
  await expect(dialog).toContainText(payer);
  await shot(staffPage, 'bank-confirm-1280');
  await dialog.getByRole('button', { name: '确认入账' }).click();
  await expect(staffPage.locator('[data-console-toast]')).toContainText('已入账');

  const asset = await me.call<{ cash_fen: number }>('/api/auth/asset/init');
  expect(asset.data.cash_fen).toBe(123_456);
  // Imported again: nothing new, nothing credited again.
  await staffPage
    .getByLabel('银行流水文件')
    .setInputFiles({ name: '历史明细.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(staffPage.locator('p[role=status]')).toContainText('该文件已导入过');
  expect((await me.call<{ cash_fen: number }>('/api/auth/asset/init')).data.cash_fen).toBe(123_456);
});
