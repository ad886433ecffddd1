// Catalogue editing in the console (decision 0035): an editor changes an item's price and the
// public /detail page shows it at once (the page cache is emptied); the console screens at 375 px.
import { staff } from './support/orders.ts';
import { consoleSession, expect, registerByApi, test } from './support/session.ts';

// The console's password login has its own test (console.spec.ts); here a dev-login session.
const consoleLogin = consoleSession;

test('an editor changes an item’s price in the console and sees it on /detail', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const phone = await registerByApi(request, ip);
  expect(await admin.call('/api/admin/staff/save', { phone, role: 'editor' })).toMatchObject({ code: 1 });

  // An item of this test's own (the demo items' prices are what other tests total up), last in
  // every list; the public page first, so the page cache holds the old price.
  const rid = `e2e-price-${Math.floor(Math.random() * 1e8)}`;
  const added = await admin.call('/api/admin/catalogue/item/add', {
    rid,
    child_id: 13,
    name: '价格修改测试项目',
    img: '/upload/img/items/xps.svg',
    sketch: '<p>浏览器测试专用</p>',
    description: '测试',
    price_fen: 10_000,
    unit: '元/样',
    options: { sampleCount: { min: 1, max: 5, default: 1 }, parameters: [] },
    hot: false,
    sort: 99_999,
  });
  expect(added, JSON.stringify(added)).toMatchObject({ code: 1 });
  await page.goto(`/detail/${rid}`);
  await expect(page.locator('h1')).toBeVisible();

  await consoleLogin(page, phone);
  await page.getByRole('link', { name: '检测项目' }).first().click();
  await page.getByRole('searchbox', { name: '搜索项目' }).fill(rid);
  await page
    .getByRole('button', { name: /^编辑 / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('价格（元）').fill('432.10');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: '检测项目' })).toContainText('432.10');

  await page.goto(`/detail/${rid}`);
  await expect(page.locator('main')).toContainText('432.10');
  await admin.call('/api/admin/catalogue/item/edit', { rid, on_sale: false });
});

test('the catalogue screens at 1280 px and fit a phone (375 px)', async ({ page, request, ip }) => {
  const admin = await staff(request, ip);
  const phone = await registerByApi(request, ip);
  await admin.call('/api/admin/staff/save', { phone, role: 'editor' });
  await consoleLogin(page, phone);
  for (const width of [1280, 375])
    for (const [path, heading] of [
      ['items', '检测项目'],
      ['types', '服务类型与分类'],
      ['areas', '热门专区'],
      ['devices', '仪器设备'],
      ['abilities', '能力展示'],
      ['settings', '取样与区域设置'],
    ]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/admin/catalogue/${path}`);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByText('加载中…')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`${path}-${width}.png`), fullPage: true });
      // Nothing wider than the screen except inside the scrolling tables.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
});

test('an editor adds an instrument, edits its price, and the public /device page follows', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const phone = await registerByApi(request, ip);
  expect(await admin.call('/api/admin/staff/save', { phone, role: 'editor' })).toMatchObject({ code: 1 });
  const name = `测试电镜${Math.floor(Math.random() * 1e6)}`;

  await consoleLogin(page, phone);
  await page.getByRole('link', { name: '仪器设备' }).first().click();
  await page.getByRole('button', { name: '新增仪器' }).click();
  const dialog = page.getByRole('dialog', { name: '新增仪器' });
  await dialog.getByLabel('仪器名称').fill(name);
  await dialog.getByLabel('型号').fill('SEM-9');
  await dialog.getByLabel('仪器类别').fill('电子显微镜');
  await dialog.getByLabel('所在位置').fill('测试楼 101');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toContainText('[价格]不能为空');
  await dialog.getByLabel('价格（元）').fill('300');
  await dialog.getByLabel('技术参数').fill('分辨率：0.8 nm\n加速电压：0.5-30 kV');
  await dialog.getByLabel('上架（可预约）').uncheck();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: '搜索仪器' }).fill(name);
  const table = page.getByRole('table', { name: '仪器设备' });
  await expect(table).toContainText(name);
  await expect(table).toContainText('已下架');

  // Edited and put on line: the public page shows the new price and the specifications.
  await page.getByRole('button', { name: `编辑 ${name}` }).click();
  const edit = page.getByRole('dialog', { name: '编辑仪器' });
  await edit.getByLabel('价格（元）').fill('456.5');
  await edit.getByLabel('上架（可预约）').check();
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toBeHidden();
  await expect(table).toContainText('¥456.50');
  const found = await admin.call<{ list: { rid: string }[] }>('/api/admin/device/list', { kw: name });
  const rid = found.data.list[0].rid;
  await page.goto(`/device/${rid}`);
  await expect(page.locator('main')).toContainText('456.50');
  await expect(page.locator('main')).toContainText('0.8 nm');
  await admin.call('/api/admin/device/edit', { rid, on_sale: false });
});
