// Reports end to end in the browser (issue 31, decisions 0075–0077 and 0080). The administrator keeps the
// report template; then the whole journey: a technician enters a result on the console's order
// page, another staff member approves it, an authorised signatory releases the report with their
// password (signed, the order delivered), the customer downloads it, a stranger opens the QR link
// (有效) and drops the PDF (与签发文件一致; a changed byte: 不一致), the lab issues A1 and the old link
// shows 已被替换, A1 revoked shows 已撤销, a wrong code 不存在, a malformed one the message; and an
// analysis's own finished PDF uploaded on its result, reviewed and signed as 附件 pages (0081).
// The template is one row for the whole lab, written once by global-setup.ts for every spec's
// release(): these tests keep its lab and its signatory (the administrator) and only add to it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import sharp from 'sharp';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession, devLogin } from './support/session.ts';
import { E2E_STAFF_PASSWORD } from './support/staff.ts';
import { REPORT_TEMPLATE, templateBody } from './support/global-setup.ts';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

test.describe.configure({ mode: 'serial' });

const STAFF_PHONE = '13800000000';
const SHOTS = process.env.REPORT_SHOTS;

type Released = { rid: string; report_no: string; code: string; sha256: string };

/** Screenshots for a person to look at, when asked (REPORT_SHOTS=dir). */
async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}
const consoleToast = (page: Page, text: string) =>
  page.locator('[data-console-toast]', { hasText: text }).first();

test('the administrator keeps the report template and previews a report', async ({ page, request, ip }) => {
  // A colleague to add as a signatory (the two of global-setup.ts stay: other specs sign).
  const colleague = await devLogin(request, ip);
  const lab = await staff(request, ip);
  expect((await lab.call('/api/admin/staff/save', { phone: colleague.phone, role: 'manager' })).code).toBe(1);
  await consoleSession(page, STAFF_PHONE);
  await page.getByRole('link', { name: '报告模板' }).click();
  await expect(page.getByRole('heading', { name: '报告模板' })).toBeVisible();
  await expect(page.getByText(/当前使用自签名证书/)).toBeVisible();

  await page.getByLabel('实验室名称').fill(REPORT_TEMPLATE.lab_name);
  await page.getByLabel('实验室地址').fill(REPORT_TEMPLATE.address);
  await page.getByLabel('联系电话').fill(REPORT_TEMPLATE.phone);
  await page
    .getByLabel('资质说明')
    .fill('CNAS 认可实验室 注册号 CNAS L12345　CMA 资质认定证书编号 231012345678');
  const seal = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="92" fill="none" stroke="#d00" stroke-width="8"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  await page
    .getByLabel('检验检测专用章')
    .setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: seal });
  await expect(page.getByRole('img', { name: '检验检测专用章预览' })).toBeVisible();
  await page.getByLabel('选择员工').selectOption({ label: `${colleague.phone}（业务经理）` });
  await page.getByRole('button', { name: '添加签字人' }).click();
  const signatories = page.getByRole('list', { name: '授权签字人' });
  await expect(signatories.getByLabel('职务')).toHaveCount(3);
  await signatories.getByLabel('职务').last().fill('质量负责人');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('报告模板已保存')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('实验室名称')).toHaveValue(REPORT_TEMPLATE.lab_name);
  await expect(signatories.getByLabel('职务').first()).toHaveValue(REPORT_TEMPLATE.signatories[0].title);
  await expect(signatories.getByLabel('职务').last()).toHaveValue('质量负责人');
  await shot(page, 'report-template-1280');
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
    [],
  );

  // The preview opens in a new tab, which the headless browser hands the PDF as a download.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: '预览' }).click();
  const tab = await popup;
  const preview = await (await tab.waitForEvent('download')).path();
  const previewPdf = await PDFDocument.load(readFileSync(preview));
  expect(previewPdf.getPageCount()).toBeGreaterThan(0);
  await tab.close();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByLabel('实验室名称')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'report-template-375');
});

test('a result is entered, approved, released with a signature, downloaded, verified and revised', async ({
  page,
  request,
  ip,
  browser,
}) => {
  const me = await newCustomer(page, request, ip);
  const [item] = await demoItems(request, 1);
  const lab = await staff(request, ip);
  // The demo administrator is one of the lab's authorised signatories (the template as
  // global-setup.ts wrote it; the colleague added above leaves again).
  const saved = await lab.call('/api/admin/report/template/save', await templateBody(lab.call));
  expect(saved, JSON.stringify(saved)).toMatchObject({ code: 1 });
  const fields = await lab.call('/api/admin/catalogue/item/edit', {
    rid: item.rid,
    result_fields: [
      { key: 'bet', name: '比表面积', unit: 'm²/g', type: 'number', min: 0.5, max: 200, required: true },
      { key: 'look', name: '外观', unit: '', type: 'text', min: null, max: null, required: false },
    ],
    method: 'GB/T 19587-2017',
  });
  expect(fields, JSON.stringify(fields)).toMatchObject({ code: 1 });
  const placed = await me.order([{ item_rid: item.rid }]);
  await lab.move('order/receive', { rid: placed.rid });
  await lab.move('order/start', { rid: placed.rid });
  const sampleNo = `${placed.order_no}-01`;

  // A technician enters the result on the console's order page and submits it.
  const tech = await devLogin(request, ip);
  expect((await lab.call('/api/admin/staff/save', { phone: tech.phone, role: 'technician' })).code).toBe(1);
  await consoleSession(page, tech.phone);
  await page.goto(`/admin/orders/${placed.rid}`);
  const card = page.getByRole('article', { name: `结果 ${sampleNo}` });
  await card.getByRole('textbox', { name: /比表面积/ }).fill('12.35');
  await card.getByRole('combobox', { name: '仪器' }).fill('比表面积分析仪 ASAP 2460');
  await card.getByRole('button', { name: '提交审核' }).click();
  await expect(consoleToast(page, '已提交审核')).toBeVisible();

  // Another staff member (the administrator, also the signatory) approves it and releases the
  // report: the password first, as the signature asks.
  await consoleSession(page, STAFF_PHONE);
  await page.goto(`/admin/orders/${placed.rid}`);
  await card.getByRole('button', { name: '通过' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '通过' }).click();
  await expect(card).toContainText('已审核');
  await page.getByRole('button', { name: '签发报告' }).click();
  const release = page.getByRole('dialog');
  await release.getByRole('button', { name: '签发' }).click();
  await expect(release.getByRole('alert')).toHaveText('请输入您的登录密码后再签发');
  await release.getByLabel('登录密码').fill(E2E_STAFF_PASSWORD);
  await release.getByRole('button', { name: '签发' }).click();
  await expect(consoleToast(page, '已签发（防伪码')).toBeVisible();
  const toast = (await consoleToast(page, '已签发（防伪码').textContent()) ?? '';
  const [, reportNo, code] = /报告 (\S+) 已签发（防伪码 (\w{8})）/.exec(toast)!;
  await shot(page, 'console-released');
  const versions = await lab.call<{ list: Released[] }>('/api/admin/report/versions', { rid: placed.rid });
  const v0 = { ...versions.data.list[0], code };
  expect(v0.report_no).toBe(reportNo);

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
  await consoleSession(page, STAFF_PHONE);
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

/** A finished report as an analysis program would export it: two pages of its own layout. */
async function finishedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Rietveld refinement report, page ${n}`, { x: 50, y: 740, size: 20, font });
    page.drawRectangle({
      x: 50,
      y: 120,
      width: 512,
      height: 580,
      borderWidth: 1.5,
      borderColor: rgb(0, 0, 0),
    });
  }
  return Buffer.from(await doc.save());
}

test('a finished PDF uploaded on its result is reviewed and signed as pages of the report', async ({
  page,
  request,
  ip,
}) => {
  const me = await newCustomer(page, request, ip);
  // The second demo item has no result fields: a free-form result, as analyses that make their own report.
  const [, item] = await demoItems(request, 1);
  const lab = await staff(request, ip);
  const placed = await me.order([{ item_rid: item.rid }]);
  await lab.move('order/receive', { rid: placed.rid });
  await lab.move('order/start', { rid: placed.rid });
  const sampleNo = `${placed.order_no}-01`;

  // The technician: no report upload or 出具数据 on the order, a finished report on the result.
  const tech = await devLogin(request, ip);
  expect((await lab.call('/api/admin/staff/save', { phone: tech.phone, role: 'technician' })).code).toBe(1);
  await consoleSession(page, tech.phone);
  await page.goto(`/admin/orders/${placed.rid}`);
  const actions = page.getByLabel('可执行的操作');
  await expect(page.getByRole('article', { name: `结果 ${sampleNo}` })).toBeVisible();
  await expect(actions.getByRole('button', { name: '出具数据' })).toHaveCount(0);
  await expect(page.getByLabel('上传检测报告')).toHaveCount(0);
  const card = page.getByRole('article', { name: `结果 ${sampleNo}` });
  await card.getByLabel(`上传成品报告 ${sampleNo}`).setInputFiles({
    name: '加密.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(consoleToast(page, '成品报告须为可读取的 PDF 文件')).toBeVisible();
  await card.getByLabel(`上传成品报告 ${sampleNo}`).setInputFiles({
    name: 'Rietveld精修报告.pdf',
    mimeType: 'application/pdf',
    buffer: await finishedPdf(),
  });
  await expect(card.locator('[data-finished]')).toContainText('成品报告');
  await expect(card.locator('[data-finished]')).toContainText('Rietveld精修报告.pdf');
  await card.getByRole('textbox', { name: '结果说明' }).fill('物相定量结果详见成品报告');
  await card.getByRole('textbox', { name: '检测方法' }).fill('JY/T 0587-2020');
  await card.getByRole('button', { name: '提交审核' }).click();
  await expect(consoleToast(page, '已提交审核')).toBeVisible();
  await shot(page, 'console-finished-submitted');
  // Whoever uploaded it may not review it.
  await expect(card.getByRole('button', { name: '通过' })).toHaveCount(0);

  // The administrator reviews it and, as the signatory, releases the report: that delivers the data.
  await consoleSession(page, STAFF_PHONE);
  await page.goto(`/admin/orders/${placed.rid}`);
  await card.getByRole('button', { name: '通过' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '通过' }).click();
  await expect(card).toContainText('已审核');
  await page.getByRole('button', { name: '签发报告' }).click();
  const release = page.getByRole('dialog');
  await release.getByLabel('登录密码').fill(E2E_STAFF_PASSWORD);
  await release.getByRole('button', { name: '签发' }).click();
  await expect(consoleToast(page, '已签发（防伪码')).toBeVisible();
  await expect(page.getByLabel('订单概要')).toContainText('已出数据');
  await shot(page, 'console-finished-released');
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'console-finished-released');

  // The customer's signed PDF: the generated report, then the two pages, numbered as one document.
  await page.goto(`/member/order?rid=${placed.rid}#reports`);
  const versions = await lab.call<{ list: Released[] }>('/api/admin/report/versions', { rid: placed.rid });
  const v0 = versions.data.list[0];
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: '检测报告' })
      .getByRole('button', { name: `下载报告 ${v0.report_no}` })
      .click(),
  ]);
  const pdfPath = await (file as Download).path();
  const pdf = await PDFDocument.load(readFileSync(pdfPath), { ignoreEncryption: true });
  const total = pdf.getPageCount();
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1)
    .map((p) => p.replace(/\s+/g, ''));
  expect(text).toHaveLength(total);
  expect(text.at(-2)).toContain('Rietveldrefinementreport,page1');
  expect(text.at(-1)).toContain(`报告编号：${v0.report_no}`);
  expect(text.at(-1)).toContain(`第${total}页/共${total}页`);
  expect(text.at(-1)).toContain('附件第2页/共2页');
  expect(execFileSync('pdfsig', [pdfPath], { encoding: 'utf8' })).toContain('Signature is Valid');
  if (SHOTS) execFileSync('pdftoppm', ['-r', '60', '-png', pdfPath, `${SHOTS}/finished-page`]);
});

test('the footer links to 报告真伪查询, which opens with the form and no answer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: '报告真伪查询' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { level: 1, name: '报告真伪查询' })).toBeVisible();
  await expect(page.getByRole('form', { name: '报告真伪查询' })).toBeVisible();
  await expect(page.locator('[data-state]')).toHaveCount(0);
});
