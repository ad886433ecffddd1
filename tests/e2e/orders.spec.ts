// The customer's order screens in the browser: /member/order (tabs, cancel), the order detail
// (timeline, report download, feedback, evaluation, sample return) and /member/oquery. Orders
// are placed through the API and moved by the seeded staff account through /api/admin/*.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, requiredParameters, staff, test, toast } from './support/orders.ts';

const orderCard = (page: Page, orderNo: string) => page.getByRole('listitem', { name: `订单 ${orderNo}` });
/** A status tab by its label (its accessible name may go on with a count: 待送样 1 个). */
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}(\\s|$)`) });
const timelineActions = (page: Page) => page.getByRole('list', { name: '订单动态' }).getByRole('listitem');

async function openDetail(page: Page, card: Locator) {
  await card.getByRole('link', { name: /详情/ }).click();
  await expect(page).toHaveURL(/\/member\/order\?rid=/);
  await expect(page.getByRole('region', { name: '订单概要' })).toBeVisible();
}

test.describe('/member/order', () => {
  test('an order placed through the API shows under its tab; cancelling it moves it to 已取消', async ({
    page,
    request,
    ip,
  }) => {
    const me = await newCustomer(page, request, ip);
    const [item] = await demoItems(request, 1);
    const placed = await me.order([{ item_rid: item.rid }]);
    expect(placed.status).toBe('awaiting_sample');

    await page.goto('/member/order');
    await expect(tab(page, '全部')).toHaveAttribute('aria-selected', 'true');
    const card = orderCard(page, placed.order_no);
    await expect(card).toBeVisible();
    await expect(card).toContainText(item.name);
    await expect(card).toContainText('待寄样');
    await expect(card).toContainText(`¥${(placed.amount_fen / 100).toFixed(2)}`);
    // An institution customer pays after the test: nothing to pay yet.
    await expect(card.getByRole('button', { name: '去支付' })).toHaveCount(0);

    // The tabs that wait on someone count their orders.
    await expect(tab(page, '待送样')).toHaveAccessibleName('待送样 1 个');
    await expect(tab(page, '检测中')).toHaveAccessibleName('检测中');
    await tab(page, '检测中').click();
    await expect(page.getByText('没有检测中的订单')).toBeVisible();
    await tab(page, '待送样').click();
    await expect(page).toHaveURL(/tab=sampling/);
    await expect(orderCard(page, placed.order_no)).toBeVisible();

    // Cancel, with a confirmation first.
    await orderCard(page, placed.order_no).getByRole('button', { name: '取消订单' }).click();
    const confirm = page.getByRole('dialog', { name: '取消订单' });
    await expect(confirm).toContainText(placed.order_no);
    // Two plain choices, never 取消 beside 取消订单.
    await expect(confirm.getByRole('button', { name: '再想想' })).toBeVisible();
    await confirm.getByRole('button', { name: '确认取消' }).click();
    await expect(toast(page, '订单已取消')).toBeVisible();
    await expect(page.getByText('没有待送样的订单')).toBeVisible();
    await expect(tab(page, '待送样')).toHaveAccessibleName('待送样');
    await tab(page, '已取消').click();
    const cancelled = orderCard(page, placed.order_no);
    await expect(cancelled).toContainText('已取消');
    await expect(cancelled.getByRole('button', { name: '取消订单' })).toHaveCount(0);
    // The tab survives a reload.
    await page.reload();
    await expect(tab(page, '已取消')).toHaveAttribute('aria-selected', 'true');
    await expect(orderCard(page, placed.order_no)).toBeVisible();
  });

  test('an enterprise is told before submitting that staff quote the price; the quoted order shows the quote', async ({
    page,
    request,
    ip,
  }) => {
    const me = await newCustomer(page, request, ip, {
      organization: 2,
      company: '苏州示例新材料有限公司',
      company_leader: '李四',
      company_leader_phone: '13900001111',
    });
    const [item] = await demoItems(request, 1);
    const parameters = await requiredParameters(request, item.rid);
    const added = await me.call('/api/auth/plan/add', { item_rid: item.rid, count: 1, parameters });
    expect(added, JSON.stringify(added)).toMatchObject({ code: 1 });
    await page.goto('/experiment/plan');
    const total = page.getByRole('region', { name: '合计' });
    await expect(total).toContainText('企业客户由业务经理报价');
    await expect(total).toContainText('以报价为准');

    const placed = await me.order([{ item_rid: item.rid }]);
    expect(placed.status).toBe('quoting');
    await page.goto(`/member/order?rid=${encodeURIComponent(placed.rid)}`);
    const lines = page.getByRole('region', { name: '检测项目' });
    await expect(lines.locator('[data-quote-summary]')).toContainText('待报价，以业务经理报价为准');

    const quoted = item.price_fen + 15_000;
    await (await staff(request, ip)).move('order/quote', { rid: placed.rid, quoted_fen: quoted });
    await page.reload();
    const summary = page.getByRole('region', { name: '检测项目' }).locator('[data-quote-summary]');
    await expect(summary).toContainText(`项目参考价合计 ¥${(item.price_fen / 100).toFixed(2)}`);
    await expect(summary).toContainText(`报价 ¥${(quoted / 100).toFixed(2)}`);
    await expect(page.getByRole('region', { name: '订单概要' })).toContainText(
      `¥${(quoted / 100).toFixed(2)}`,
    );
  });

  test('staff moves show on the timeline; the report downloads with its name; feedback and evaluation are saved', async ({
    page,
    request,
    ip,
  }) => {
    const me = await newCustomer(page, request, ip);
    const items = (await demoItems(request, 1)).filter((i) => i.rid !== 'xps');
    // XPS runs on a listed instrument (related equipment).
    const placed = await me.order([{ item_rid: items[0].rid, disposal: 1 }, { item_rid: 'xps' }]);
    const admin = await staff(request, ip);

    await page.goto('/member/order');
    await openDetail(page, orderCard(page, placed.order_no));
    const summary = page.getByRole('region', { name: '订单概要' });
    await expect(summary).toContainText(placed.order_no);
    await expect(summary).toContainText('待寄样');
    await expect(page).toHaveTitle(`订单详情 ${placed.order_no} - 科研检测服务平台`);
    await expect(page.getByRole('list', { name: '检测项目' })).toContainText(items[0].name);
    await expect(page.getByRole('list', { name: '检测项目' })).toContainText('检测后寄回');
    await expect(page.getByRole('region', { name: '送样信息' })).toContainText('自行寄送');
    const devices = page.getByRole('list', { name: '相关仪器' }).getByRole('link');
    await expect(devices.first()).toHaveAttribute('href', /^\/device\//);
    await expect(devices.first()).toContainText('X 射线光电子能谱仪');
    await expect(timelineActions(page)).toHaveCount(1);
    await expect(timelineActions(page).first()).toContainText('提交订单');

    // The customer says which courier carries the sample; it shows for them and on the timeline.
    const express = page.getByRole('form', { name: '填写快递信息' });
    await express.getByLabel('快递公司').fill('顺丰速运');
    await express.getByLabel('快递单号').fill('SF1234567890');
    await express.getByRole('button', { name: '提交' }).click();
    await expect(toast(page, '快递信息已提交')).toBeVisible();
    await expect(page.getByRole('region', { name: '送样信息' })).toContainText('顺丰速运 SF1234567890');
    await expect(timelineActions(page)).toHaveCount(2);
    await expect(page.getByRole('list', { name: '订单动态' })).toContainText('寄出样品');
    await expect(page.getByRole('region', { name: '检测报告' })).toContainText('检测报告签发后');
    // The agreement for this order downloads from the summary as a PDF.
    const agreement = page.waitForEvent('download');
    await summary.getByRole('button', { name: '下载协议' }).click();
    const pdf = await agreement;
    expect(pdf.suggestedFilename()).toBe(`委托协议-${placed.order_no}.pdf`);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Samples not yet collected cannot be asked back.
    await expect(page.getByRole('region', { name: '样品回收' })).toHaveCount(0);

    // Staff receive the sample, start testing and release the report, which delivers the data.
    await admin.move('order/receive', { rid: placed.rid, note: '样品完好' });
    await page.reload();
    await expect(summary).toContainText('已收样');
    await expect(timelineActions(page).nth(2)).toContainText('确认收样');
    await expect(timelineActions(page).nth(2)).toContainText('样品完好');
    // Received: the courier record stays, no longer editable.
    await expect(
      page.getByRole('region', { name: '送样信息' }).getByRole('button', { name: '修改' }),
    ).toHaveCount(0);
    await expect(page.getByRole('list', { name: '检测记录' })).toContainText('已收样');
    // Received: no longer cancellable by the customer.
    await expect(summary.getByRole('button', { name: '取消订单' })).toHaveCount(0);

    await admin.move('order/start', { rid: placed.rid });
    const released = await admin.release(placed.rid);
    await page.reload();
    await expect(summary).toContainText('已出数据');
    const actions = await timelineActions(page).evaluateAll((els) =>
      els.map((e) => (e as HTMLElement).dataset.action),
    );
    expect(actions).toEqual(['create', 'express', 'receive', 'start', 'deliver']);
    await expect(timelineActions(page).nth(3)).toContainText('开始检测');
    await expect(timelineActions(page).nth(4)).toContainText('出具数据');
    await expect(timelineActions(page).nth(4)).toContainText(released.report_no);

    // The signed report downloads with the token, under its number; no old-style report files.
    const reports = page.getByRole('region', { name: '检测报告' });
    const downloading = page.waitForEvent('download');
    await reports.getByRole('button', { name: `下载报告 ${released.report_no}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`检测报告-${released.report_no}.pdf`);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expect(page.getByRole('region', { name: '报告文件' })).toHaveCount(0);

    // Report feedback.
    const feedback = page.getByRole('region', { name: '报告反馈' });
    await feedback.getByRole('button', { name: '提交反馈' }).click();
    await expect(toast(page, '[反馈内容]不能为空')).toBeVisible();
    await feedback.getByRole('textbox').fill('第3个样品的衍射峰缺失，请复核');
    await feedback.getByRole('button', { name: '提交反馈' }).click();
    await expect(toast(page, '反馈已提交')).toBeVisible();
    await expect(feedback.getByRole('list', { name: '已提交的反馈' })).toContainText('第3个样品的衍射峰缺失');
    await expect(timelineActions(page).last()).toContainText('报告反馈');

    // Sample return, prefilled from the profile's saved address when there is one; here typed.
    const back = page.getByRole('region', { name: '样品回收' });
    await back.getByLabel('收件人').fill('张三');
    await back.getByLabel('手机').fill('13912345678');
    await back.getByLabel('寄回地址').fill('上海市闵行区东川路800号');
    await back.getByRole('button', { name: '申请寄回' }).click();
    await expect(toast(page, '回收申请已提交')).toBeVisible();
    await expect(back.getByRole('list', { name: '回收申请' })).toContainText('待寄回');

    // No evaluation before completion; the bill, then the settlement, complete it.
    await expect(page.getByRole('region', { name: '服务评价' })).toHaveCount(0);
    await admin.move('order/bill', { rid: placed.rid });
    await admin.move('order/settle', { rid: placed.rid, note: '对公转账' });
    await page.reload();
    await expect(summary).toContainText('已完成');
    const evaluation = page.getByRole('region', { name: '服务评价' });
    // No score is chosen for the customer: submitting without one asks for it.
    await expect(evaluation).toContainText('请选择评分');
    await evaluation.getByRole('button', { name: '提交评价' }).click();
    await expect(page.locator('[data-toast="error"]', { hasText: '请选择评分' })).toBeVisible();
    await evaluation.getByText('★').nth(3).click(); // 4 stars
    await evaluation.getByRole('textbox').fill('出数据很快，报告清楚');
    await evaluation.getByRole('button', { name: '提交评价' }).click();
    await expect(toast(page, '感谢您的评价')).toBeVisible();
    await expect(evaluation.getByLabel('4 分')).toBeVisible();
    await expect(evaluation).toContainText('出数据很快，报告清楚');
    await expect(evaluation.getByRole('button', { name: '提交评价' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: '服务评价' })).toContainText('出数据很快，报告清楚');

    // One change is allowed, then the evaluation stays as it is.
    await evaluation.getByRole('button', { name: '修改评价' }).click();
    await expect(evaluation).toContainText('评价只能修改一次');
    await evaluation.getByText('★').nth(4).click(); // 5 stars
    await evaluation.getByRole('textbox').fill('出数据很快，报告清楚，客服耐心');
    await evaluation.getByRole('button', { name: '保存修改' }).click();
    await expect(toast(page, '评价已修改')).toBeVisible();
    await expect(evaluation.getByLabel('5 分')).toBeVisible();
    await expect(evaluation).toContainText('修改于');
    await expect(evaluation.getByRole('button', { name: '修改评价' })).toHaveCount(0);
  });

  test('another user’s order reads as not found', async ({ page, request, ip }) => {
    const owner = await newCustomer(page, request, ip);
    const [item] = await demoItems(request, 1);
    const placed = await owner.order([{ item_rid: item.rid }]);
    const otherIp = ip.replace(/\.\d+$/, (n) => `.${(Number(n.slice(1)) % 250) + 2}`);
    const other = await page
      .context()
      .browser()!
      .newContext({ extraHTTPHeaders: { 'x-real-ip': otherIp } });
    const otherPage = await other.newPage();
    await newCustomer(otherPage, request, otherIp);
    await otherPage.goto(`/member/order?rid=${placed.rid}`);
    await expect(otherPage.getByText('订单不存在')).toBeVisible();
    await expect(otherPage.getByText(placed.order_no)).toHaveCount(0);
    await other.close();
  });

  test('list and detail on a phone @mobile', async ({ page, request, ip }) => {
    const me = await newCustomer(page, request, ip);
    const [item] = await demoItems(request, 1);
    const placed = await me.order([{ item_rid: item.rid }]);
    const admin = await staff(request, ip);
    await admin.move('order/receive', { rid: placed.rid });
    await admin.move('order/start', { rid: placed.rid });

    await page.goto('/member/order');
    await tab(page, '检测中').click();
    const card = orderCard(page, placed.order_no);
    await expect(card).toContainText('检测中');
    // Nothing runs off the side of the screen.
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await openDetail(page, card);
    await expect(timelineActions(page)).toHaveCount(3);
    await expect(page.getByRole('list', { name: '订单进度' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

/** Picks the day `offset` days from today on the calendar of the date field `label`. */
async function pickDay(page: Page, label: string, offset: number) {
  await page.getByLabel(label, { exact: true }).click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await expect(calendar).toBeVisible();
  const days = calendar.locator('.flatpickr-day');
  const today = await days.evaluateAll((els) => els.findIndex((e) => e.classList.contains('today')));
  expect(today).toBeGreaterThanOrEqual(0);
  await days.nth(today + offset).click();
  await expect(calendar).toBeHidden();
}

test.describe('/member/oquery', () => {
  test('finds orders by number, item, status and date range; refuses a reversed range', async ({
    page,
    request,
    ip,
  }) => {
    const me = await newCustomer(page, request, ip);
    const items = await demoItems(request, 1);
    const a = await me.order([{ item_rid: items[0].rid }]);
    const b = await me.order([{ item_rid: items[1].rid }]);
    const results = page.getByRole('region', { name: '查询结果' });
    const row = (no: string) => results.getByRole('row').filter({ hasText: no });
    const search = () => page.getByRole('button', { name: '查询', exact: true }).click();

    await page.goto('/member/oquery');
    await expect(row(a.order_no)).toBeVisible();
    await expect(row(b.order_no)).toBeVisible();

    // By order number.
    await page.getByLabel('订单号').fill(a.order_no);
    await search();
    await expect(results).toContainText('找到 1 个订单');
    await expect(row(a.order_no)).toBeVisible();
    await expect(row(b.order_no)).toHaveCount(0);
    await expect(row(a.order_no)).toContainText(items[0].name);
    await expect(row(a.order_no)).toContainText('待寄样');

    // By item, then by status.
    await page.getByRole('button', { name: '重置' }).click();
    await expect(row(b.order_no)).toBeVisible();
    await page.getByLabel('检测项目').fill(items[1].name);
    await search();
    await expect(results).toContainText('找到 1 个订单');
    await expect(row(b.order_no)).toBeVisible();
    await page.getByLabel('检测项目').fill('');
    await page.getByLabel('订单状态').selectOption({ label: '已取消' });
    await search();
    await expect(results).toContainText('没有符合条件的订单');
    await page.getByLabel('订单状态').selectOption({ label: '待寄样/待上传数据' });
    await search();
    await expect(results).toContainText('找到 2 个订单');

    // By created date (today, Shanghai): both; a reversed range is refused and changes nothing.
    await page.getByLabel('订单状态').selectOption({ label: '全部状态' });
    await pickDay(page, '开始日期', 0);
    await pickDay(page, '结束日期', 0);
    await search();
    await expect(results).toContainText('找到 2 个订单');
    await pickDay(page, '开始日期', 1);
    await search();
    await expect(toast(page, '开始日期不能晚于结束日期')).toBeVisible();
    await expect(results).toContainText('找到 2 个订单');
    await pickDay(page, '结束日期', 1);
    await search();
    await expect(results).toContainText('没有符合条件的订单');
    // Clearing the range finds them again; the detail link opens the order.
    await page.getByRole('button', { name: '清除开始日期' }).click();
    await page.getByRole('button', { name: '清除结束日期' }).click();
    await search();
    await expect(results).toContainText('共 2 个订单');
    await row(b.order_no).getByRole('link', { name: /详情/ }).click();
    await expect(page.getByRole('region', { name: '订单概要' })).toContainText(b.order_no);
  });

  test('search on a phone @mobile', async ({ page, request, ip }) => {
    const me = await newCustomer(page, request, ip);
    const [item] = await demoItems(request, 1);
    const a = await me.order([{ item_rid: item.rid }]);
    await page.goto('/member/oquery');
    await page.getByLabel('订单号').fill(a.order_no);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const results = page.getByRole('region', { name: '查询结果' });
    await expect(results).toContainText('找到 1 个订单');
    const card = page.getByRole('listitem', { name: `订单 ${a.order_no}` });
    const isPhone = (page.viewportSize()?.width ?? 1280) < 768;
    if (isPhone) await expect(card).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});
