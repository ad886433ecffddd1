// The experiment plan in the browser: 加入实验计划 on /detail pages, the header badge, the plan
// page grouped by child category (样品前处理 first), quantities, options, removal, placing an
// order with pickup, and the incomplete-profile refusal.
import type { Locator, Page } from '@playwright/test';
import { expect, test, toast } from './support/session.ts';

const badge = (page: Page) => page.locator('[data-cart-badge]').first();

/** Opens /detail/{rid}, keeps the default options and adds it to the plan. */
async function addFromDetail(page: Page, rid: string) {
  await page.goto(`/detail/${rid}`);
  const add = page.getByRole('button', { name: '加入实验计划' });
  // The server-rendered button is there before React: click once the island has hydrated.
  await expect(page.locator('astro-island[component-url*="AddToPlan"]')).not.toHaveAttribute('ssr');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(toast(page, '操作成功!')).toBeVisible();
}

const groupHeadings = (page: Page) =>
  page.getByRole('region', { name: '检测项目' }).getByRole('heading', { level: 3 });

const line = (page: Page, name: string): Locator => page.getByRole('listitem', { name });

test.describe('detail page', () => {
  test('logged out, 加入实验计划 opens the login popup', async ({ page }) => {
    await page.goto('/detail/ion-milling');
    await expect(page.getByRole('group', { name: /样品来源/ })).toBeVisible();
    await page.getByRole('button', { name: '加入实验计划' }).click();
    await expect(page.getByRole('dialog', { name: '登录注册' })).toBeVisible();
  });

  test('预约现场 items link to their instrument instead of the plan', async ({ page }) => {
    await page.goto('/detail/xrd-onsite');
    await expect(page.getByRole('link', { name: /^预约仪器/ })).toHaveAttribute('href', /^\/device\//);
    await expect(page.getByRole('button', { name: '加入实验计划' })).toHaveCount(0);
  });

  test('options: sample sources and the three disposals with their explanations', async ({
    page,
    customer,
  }) => {
    void customer;
    await page.goto('/detail/ion-milling');
    const sources = page.getByRole('group', { name: /样品来源/ });
    for (const s of ['上门取样', '新寄样品', '已完成取样', '历史订单留样', '自有样品', '无需样品'])
      await expect(sources.getByRole('radio', { name: s })).toBeAttached();
    // Each with the lab's numbers (decision 0078); the 留样 days are its setting (90 in the seed).
    await expect(
      page.getByText('测试完成后保留5个工作日后销毁，销毁前3个工作日通知，可申请寄回'),
    ).toBeVisible();
    await expect(page.getByText(/全额付款后48小时内寄回/)).toBeVisible();
    await expect(page.getByText(/测试完成后保留90天后销毁/)).toBeVisible();
    // Source 0 needs an earlier order that kept its sample; a new user has none.
    await sources.getByText('历史订单留样').click();
    await expect(page.getByText(/暂无可复用的留样订单/)).toBeVisible();
  });
});

/** Clicks the first day after today that the pickup calendar lets through. */
async function pickFirstOpenDay(page: Page, scope: Locator) {
  await scope.getByLabel('取样日期').click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await expect(calendar).toBeVisible();
  for (let month = 0; month < 3; month++) {
    const open = calendar.locator(
      '.flatpickr-day:not(.flatpickr-disabled):not(.prevMonthDay):not(.nextMonthDay):not(.today)',
    );
    if (await open.count()) {
      await open.first().click();
      return;
    }
    await calendar.locator('.flatpickr-next-month').click();
  }
  throw new Error('no open pickup day in three months');
}

test.describe('experiment plan', () => {
  test('add from detail pages → badge → grouped plan → quantity, total, remove → order with pickup', async ({
    page,
    customer,
  }) => {
    // A saved address in a served district for the pickup.
    const saved = await customer.call('/api/auth/address/add', {
      name: '周九',
      phone: '13600136000',
      province: '上海市',
      city: '上海市',
      area: '徐汇区',
      address_code: '310104',
      address: '漕溪北路 1 号',
    });
    expect(saved.code).toBe(1);

    await addFromDetail(page, 'xrd-powder'); // 11 结构表征, ¥80
    await expect(badge(page)).toHaveText('1');
    await addFromDetail(page, 'ion-milling'); // 31 样品前处理, ¥600
    await expect(badge(page)).toHaveText('2');
    // The persisted $plan store holds the grouped plan: 样品前处理 (31) first.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('portal:plan') ?? '[]'));
    expect(stored.map((g: { type_id: number; name: string }) => [g.type_id, g.name])).toEqual([
      [31, '样品前处理'],
      [11, '结构表征'],
    ]);
    // A 数据分析 item as well (through the API), so the order splits in two.
    const dft = await customer.call('/api/auth/plan/add', {
      item_rid: 'dft',
      parameters: { 计算内容: '结构优化' },
    });
    expect(dft.code).toBe(1);

    await page.goto('/experiment');
    await expect(page).toHaveURL(/\/experiment\/plan$/);
    await expect(page.getByRole('heading', { name: '实验计划', level: 1 })).toBeVisible();
    await expect(badge(page)).toHaveText('3');
    await expect(groupHeadings(page)).toHaveText([/^样品前处理/, /^结构表征/, /^理论计算/]);
    const total = page.locator('[data-plan-total]');
    await expect(total).toHaveText('¥2680.00');

    // Quantity: one more ion-milling sample.
    const milling = line(page, '氩离子减薄与截面抛光');
    await milling.getByRole('button', { name: /^增加/ }).click();
    await expect(milling.getByRole('textbox', { name: /样品数量/ })).toHaveValue('2');
    await expect(milling.getByLabel(/小计/)).toHaveText('¥1200.00');
    await expect(total).toHaveText('¥3280.00');

    // Options: switch the disposal of the XRD line, saved on the server.
    const xrd = line(page, 'X 射线衍射（XRD）粉末测试');
    await xrd.getByRole('button', { name: '修改选项' }).click();
    // Each choice names the lab's numbers (decision 0078): the 留样 days come from its setting.
    await expect(xrd.getByRole('radio', { name: '留样90天' })).toBeVisible();
    await expect(xrd).toContainText('测试完成后保留90天后销毁');
    await expect(xrd).toContainText('测试完成后保留5个工作日后销毁');
    await xrd.getByRole('radio', { name: /检测后寄回/ }).check();
    await xrd.getByRole('button', { name: '保存选项' }).click();
    await expect(xrd).toContainText('样品处理：检测后寄回');
    const listed = await customer.call<{ list: { item_rid: string; disposal: number }[] }>(
      '/api/auth/plan/list',
    );
    expect(listed.data.list.find((l) => l.item_rid === 'xrd-powder')?.disposal).toBe(1);

    // Remove asks first; cancelling keeps the line.
    await xrd.getByRole('button', { name: /^移除/ }).click();
    const confirm = page.getByRole('dialog', { name: '移除项目' });
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(xrd).toBeVisible();
    await xrd.getByRole('button', { name: /^移除/ }).click();
    await confirm.getByRole('button', { name: '移除' }).click();
    await expect(xrd).toHaveCount(0);
    await expect(groupHeadings(page)).toHaveText([/^样品前处理/, /^理论计算/]);
    await expect(total).toHaveText('¥3200.00');
    await expect(badge(page)).toHaveText('2');

    // Pickup from the saved address on the first open day.
    const delivery = page.getByRole('region', { name: '送样方式' });
    await delivery.getByRole('radio', { name: '上门取样' }).check();
    await pickFirstOpenDay(page, delivery);
    await page.getByRole('textbox', { name: '订单备注' }).fill('请轻拿轻放');
    await page.getByRole('button', { name: '提交订单' }).click();

    await expect(page.getByRole('heading', { name: '订单已提交' })).toBeVisible();
    const orders = page.getByRole('list', { name: '已生成的订单' }).getByRole('listitem');
    await expect(orders).toHaveCount(2);
    await expect(orders.nth(0)).toContainText('送样检测');
    await expect(orders.nth(0)).toContainText('待取样');
    await expect(orders.nth(0)).toContainText('¥1200.00');
    await expect(orders.nth(1)).toContainText('数据分析');
    const link = orders.nth(0).getByRole('link', { name: '查看订单' });
    await expect(link).toHaveAttribute('href', /^\/member\/order\?rid=/);
    // Labels to print before the pickup, for the order with samples only (decision 0074).
    const labels = orders.nth(0).getByRole('link', { name: '打印样品标签' });
    await expect(labels).toHaveAttribute('href', /^\/member\/order\?rid=.+#labels$/);
    await expect(orders.nth(1).getByRole('link', { name: '打印样品标签' })).toHaveCount(0);
    if (process.env.LABELS_SHOTS)
      await page.getByRole('region', { name: '订单已提交' }).screenshot({
        path: `${process.env.LABELS_SHOTS}/placed-${page.viewportSize()!.width}.png`,
      });
    await expect(badge(page)).toHaveText('0');

    // The server agrees: two orders with pickup and the remark, and an empty plan.
    const mine = await customer.call<{ list: { delivery_type?: number; remark?: string }[]; total: number }>(
      '/api/auth/order/list4person',
      { page: 1, size: 10 },
    );
    expect(mine.data.total).toBe(2);
    expect((await customer.call<{ count: number }>('/api/auth/plan/list')).data.count).toBe(0);

    // 查看订单 opens that order in the member centre.
    const orderNo = /LP\d{14}/.exec((await orders.nth(0).textContent()) ?? '')?.[0] ?? '';
    expect(orderNo).not.toBe('');
    await link.click();
    await expect(page).toHaveURL(/\/member\/order\?rid=/);
    await expect(page.getByText(orderNo).first()).toBeVisible();

    // An empty plan shows the way back to the catalogue.
    await page.goto('/experiment/plan');
    await expect(page.getByRole('heading', { name: '实验计划还是空的' })).toBeVisible();
    await expect(page.getByRole('link', { name: '去选择检测项目' })).toHaveAttribute('href', '/project');
  });

  test('a user with incomplete basic info is refused and offered the profile dialog', async ({
    page,
    session,
  }) => {
    await addFromDetail(page, 'xrd-powder');
    await page.goto('/experiment/plan');
    await expect(line(page, 'X 射线衍射（XRD）粉末测试')).toBeVisible();
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(toast(page, '未完善基本信息无法正常下单')).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: '未完善基本信息无法正常下单' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: '完善基本信息' }).click();
    await expect(page.getByRole('dialog', { name: '完善基本信息' })).toBeVisible();
    // Nothing was ordered.
    expect((await session.call<{ count: number }>('/api/auth/plan/list')).data.count).toBe(1);
  });

  test('a line whose sample source is 上门取样 preselects the pickup form', async ({ page, customer }) => {
    const added = await customer.call('/api/auth/plan/add', {
      item_rid: 'xrd-powder',
      parameters: { 扫描范围: '5°-90°', 扫描速度: '2°/min' },
      source: 4,
    });
    expect(added.code).toBe(1);
    await page.goto('/experiment/plan');
    await expect(line(page, 'X 射线衍射（XRD）粉末测试')).toContainText('样品来源：上门取样');
    const delivery = page.getByRole('region', { name: '送样方式' });
    await expect(delivery.getByRole('radio', { name: '上门取样' })).toBeChecked();
    await expect(delivery.getByLabel('取样日期')).toBeVisible();
  });

  test('the plan on a phone: grouped lines, stepper and total fit at 375 @mobile', async ({
    page,
    customer,
  }) => {
    for (const item of [
      { item_rid: 'xrd-powder', parameters: { 扫描范围: '5°-90°', 扫描速度: '2°/min' } },
      { item_rid: 'fib-prep', parameters: { 制样类型: 'TEM 薄片' } },
    ])
      expect((await customer.call('/api/auth/plan/add', item)).code).toBe(1);
    await page.goto('/experiment/plan');
    await expect(groupHeadings(page)).toHaveText([/^样品前处理/, /^结构表征/]);
    // The quote-only FIB line shows 待报价 rather than a price.
    await expect(line(page, 'FIB 聚焦离子束制样').getByLabel(/小计/)).toHaveText('待报价');
    await expect(page.getByText(/业务经理将尽快给出准确报价/)).toBeVisible();
    await expect(page.locator('[data-plan-total]')).toHaveText('¥80.00');
    const submit = page.getByRole('button', { name: '提交订单' });
    await expect(submit).toBeInViewport();
    // Nothing runs off the side of the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
