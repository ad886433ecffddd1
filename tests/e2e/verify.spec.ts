// 报告真伪查询 in the browser (issue 31, decision 0077): staff release an order's report through
// the console's call (its builder is the installation's: results, renderer, signer), the customer
// downloads it from the order page, a stranger opens the QR link (有效) and drops the PDF (与签发
// 文件一致; a changed byte: 不一致), the lab issues A1 and the old link shows 已被替换 with the
// current number, A1 revoked shows 已撤销 with the reason, a wrong code 不存在, a malformed one the
// message. It needs the report builder registered (registerReportBuilder): without it release
// answers NO_BUILDER and this test fails on that, by design, rather than skipping.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';

const SHOTS = process.env.VERIFY_SHOTS;

type Released = { rid: string; report_no: string; code: string; sha256: string };

async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({
      path: `${SHOTS}/verify-${name}-${page.viewportSize()!.width}.png`,
      fullPage: true,
    });
}

test('a report is released, downloaded, checked on /verify, revised and revoked @mobile', async ({
  page,
  request,
  ip,
  browser,
}) => {
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  const placed = await me.order([{ item_rid: item.rid }]);
  const lab = await staff(request, ip);
  const first = await lab.call<Released>('/api/admin/report/release', { rid: placed.rid, replaces: null });
  expect(
    first,
    `release needs the report builder (registerReportBuilder): ${JSON.stringify(first)}`,
  ).toMatchObject({
    code: 1,
  });
  const v0 = first.data;

  // The customer's order page lists it and downloads the signed PDF.
  await page.goto(`/member/order?rid=${placed.rid}#reports`);
  const section = page.getByRole('region', { name: '检测报告' });
  const row = section.locator(`[data-report="${v0.report_no}"]`);
  await expect(row).toContainText('有效');
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/order-reports-${page.viewportSize()!.width}.png` });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `下载报告 ${v0.report_no}` }).click(),
  ]);
  const pdfPath = await (file as Download).path();
  expect(file.suggestedFilename()).toBe(`检测报告-${v0.report_no}.pdf`);

  // A stranger (no session) scans the QR code: the answer at once, and the PDF compared.
  const stranger = await browser.newPage({ viewport: page.viewportSize()! });
  await stranger.goto(`/verify?r=${encodeURIComponent(v0.report_no)}&c=${v0.code}`);
  const answer = stranger.locator('[data-state]');
  await expect(answer).toHaveAttribute('data-state', 'valid');
  await expect(answer.getByRole('heading', { name: '有效' })).toBeVisible();
  await expect(answer.getByRole('definition').nth(1)).toHaveText(v0.report_no);
  await stranger.getByLabel('选择报告 PDF 文件').setInputFiles(pdfPath);
  await expect(stranger.getByRole('status')).toContainText('与签发文件一致');
  await shot(stranger, 'valid');
  const changed = readFileSync(pdfPath);
  changed[changed.length - 10] ^= 1;
  await stranger
    .getByLabel('选择报告 PDF 文件')
    .setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
  await expect(stranger.getByRole('status')).toContainText('与签发文件不一致');

  // The lab issues A1: the old QR code now says 已被替换 and names A1.
  const revised = await lab.call<Released>('/api/admin/report/release', {
    rid: placed.rid,
    replaces: v0.rid,
    reason: '样品名称有误',
  });
  expect(revised).toMatchObject({ code: 1 });
  const a1 = revised.data;
  await stranger.reload();
  await expect(answer).toHaveAttribute('data-state', 'superseded');
  await expect(answer).toContainText(`现行版本为 ${a1.report_no}`);
  await shot(stranger, 'superseded');

  // A1 revoked: its own code says 已撤销 with the reason.
  expect(
    await lab.call('/api/admin/report/revoke', { rid: a1.rid, reason: '报告上传至错误订单' }),
  ).toMatchObject({
    code: 1,
  });
  await stranger.goto(`/verify?r=${encodeURIComponent(a1.report_no)}&c=${a1.code.toLowerCase()}`);
  await expect(answer).toHaveAttribute('data-state', 'revoked');
  await expect(answer).toContainText('撤销原因：报告上传至错误订单');
  await shot(stranger, 'revoked');

  // Typed into the form: a wrong code is 不存在; a malformed one is refused with the message.
  await stranger.goto('/verify');
  await stranger.getByLabel('报告编号').fill(a1.report_no);
  await stranger.getByLabel('防伪码').fill(a1.code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ');
  await stranger.getByRole('button', { name: '查询' }).click();
  await expect(answer).toHaveAttribute('data-state', 'not_found');
  await expect(answer.getByRole('heading', { name: '不存在' })).toBeVisible();
  await shot(stranger, 'not-found');
  await stranger.getByLabel('防伪码').fill('12345');
  await stranger.getByRole('button', { name: '查询' }).click();
  await expect(stranger.getByRole('alert')).toHaveText('防伪码为 8 位字母或数字，请核对报告上的防伪码');
  await stranger.close();

  // The order page shows both versions.
  await page.reload();
  await expect(section.locator('[data-report]')).toHaveCount(2);
  await expect(section.locator(`[data-report="${v0.report_no}"]`)).toContainText(`已被 ${a1.report_no} 替换`);
  await expect(section.locator(`[data-report="${a1.report_no}"]`)).toContainText(
    '已撤销：报告上传至错误订单',
  );
  if (SHOTS)
    await section.screenshot({ path: `${SHOTS}/order-reports-all-${page.viewportSize()!.width}.png` });

  // The console's order page: the versions, 撤销 only on a valid one; 修改 needs its reason.
  await consoleSession(page, '13800000000');
  await page.goto(`/admin/orders/${placed.rid}`);
  const table = page.getByRole('table', { name: '报告版本' });
  await expect(table.locator('[data-report]')).toHaveCount(2);
  await expect(table.getByRole('button', { name: '撤销' })).toHaveCount(0);
  await page.getByRole('button', { name: '修改报告（签发新版本）' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '签发' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请填写修改原因（将告知客户）');
  await dialog.getByLabel('修改原因（必填，将告知客户）').fill('更正后重新签发');
  await dialog.getByRole('button', { name: '签发' }).click();
  await expect(page.getByText(`报告 ${v0.report_no}-A2 已签发（防伪码`)).toBeVisible();
  await expect(table.locator('[data-report]')).toHaveCount(3);
  await expect(
    table.locator(`[data-report="${v0.report_no}-A2"]`).getByRole('button', { name: '撤销' }),
  ).toBeVisible();
  if (SHOTS)
    await page
      .getByRole('region', { name: '检测报告' })
      .screenshot({ path: `${SHOTS}/console-reports-${page.viewportSize()!.width}.png` });
});

test('the footer links to 报告真伪查询, which opens with the form and no answer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: '报告真伪查询' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { level: 1, name: '报告真伪查询' })).toBeVisible();
  await expect(page.getByRole('form', { name: '报告真伪查询' })).toBeVisible();
  await expect(page.locator('[data-state]')).toHaveCount(0);
});
