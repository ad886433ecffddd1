// The report template screen (decision 0076): the administrator fills in the lab, uploads the seal,
// names an authorised signatory from the staff, saves, sees the self-signed key's warning, and
// previews a sample report as a PDF.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';
const STAFF_PHONE = '13800000000';

/** Screenshots for a person to look at, when asked (REPORT_SHOTS=dir). */
async function shot(page: Page, name: string) {
  if (process.env.REPORT_SHOTS)
    await page.screenshot({ path: `${process.env.REPORT_SHOTS}/${name}.png`, fullPage: true });
}

test('the administrator keeps the report template and previews a report', async ({ page }) => {
  await consoleSession(page, STAFF_PHONE);
  await page.getByRole('link', { name: '报告模板' }).click();
  await expect(page.getByRole('heading', { name: '报告模板' })).toBeVisible();
  await expect(page.getByText(/当前使用自签名证书/)).toBeVisible();

  await page.getByLabel('实验室名称').fill('华测先进材料分析测试中心（上海）有限公司');
  await page.getByLabel('实验室地址').fill('上海市闵行区东川路 800 号 材料楼 B 座 3 层');
  await page.getByLabel('联系电话').fill('021-5474 8800');
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
  await page.getByLabel('选择员工').selectOption({ index: 1 });
  await page.getByRole('button', { name: '添加签字人' }).click();
  const signatories = page.getByRole('list', { name: '授权签字人' });
  await signatories.getByLabel('职务').fill('技术负责人');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('报告模板已保存')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('实验室名称')).toHaveValue('华测先进材料分析测试中心（上海）有限公司');
  await expect(signatories.getByLabel('职务')).toHaveValue('技术负责人');
  await shot(page, 'report-template-1280');
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
    [],
  );

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: '预览' }).click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByLabel('实验室名称')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'report-template-375');
});
