// The console's order page holds the whole job, and orders are found by customer (issue 33,
// findings 1-4 and 10; decision 0084): the request's content, the pickup and return address,
// 已致电 / 寄回 / 销毁 from the order page, one search box over the customer, a 下单日期 range,
// sorting by column, customer columns in the CSV, and the key columns on a phone.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoItems, expect, newCustomer, staff, test } from './support/orders.ts';
import { consoleSession } from './support/session.ts';
import { addDays } from '../../src/lib/shared/slots.ts';
import { shanghaiDate } from '../../src/lib/shared/time.ts';
import {
  firstEnabledSlot,
  pickupDateProblem,
  pickupSlots,
} from '../../src/lib/shared/member/pickup-dates.ts';

const ok = (page: Page, text: string) => expect(page.locator('[data-console-toast="ok"]')).toHaveText(text);

/** Screenshots to look at, when asked (SHOTS=dir). */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
}

/** The first pickup date and slot the settings allow, as the sampling dialog would offer. */
async function pickupSlot(request: APIRequestContext) {
  const settings = (await (await request.post('/api/open/setting', { data: {} })).json()) as {
    data: { samplingSetting: Parameters<typeof pickupSlots>[1] & Parameters<typeof pickupDateProblem>[1] };
  };
  const setting = settings.data.samplingSetting;
  const now = new Date();
  let date = addDays(shanghaiDate(now), 1);
  while (pickupDateProblem(date, setting, { today: now })) date = addDays(date, 1);
  return { date, time: firstEnabledSlot(pickupSlots(date, setting, now)) };
}

test('the order page shows the customer, the pickup and return address, and records 已致电 and 寄回', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const customer = await newCustomer(await page.context().newPage(), request, ip, {
    name: '沈青',
    organization: 0,
    company: '同济大学材料学院',
    teacher: '孔教授',
    teacher_phone: '13800001111',
    teacher_mail: 'kong@example.com',
  });
  const [it] = await demoItems(request, 1);
  const slot = await pickupSlot(request);
  const placed = await customer.order([{ item_rid: it.rid, disposal: 1 }], {
    type: 1,
    ...slot,
    name: '取样联系人',
    phone: '13912345678',
    province: '上海市',
    city: '上海市',
    area: '闵行区',
    address: '东川路800号3号楼',
    address_code: '310112',
    message: '请到楼下电话联系',
  });
  expect(placed.status).toBe('awaiting_pickup');

  await consoleSession(page, '13800000000');
  await page.goto(`/admin/orders/${placed.rid}`);
  const who = page.getByRole('region', { name: '客户' });
  await expect(who).toContainText('沈青');
  await expect(who).toContainText(customer.phone);
  await expect(who).toContainText('同济大学材料学院');
  await expect(who).toContainText('孔教授');
  const pickup = page.getByRole('group', { name: '上门取样' });
  await expect(pickup).toContainText('上海市闵行区东川路800号3号楼');
  await expect(pickup).toContainText(`${slot.date} ${slot.time}`);
  await expect(pickup).toContainText('取样联系人 13912345678');
  await expect(pickup).toContainText('请到楼下电话联系');
  await expect(page.getByRole('group', { name: '寄回地址' })).toContainText('尚未填写寄回地址');
  // No call before the samples arrive.
  await expect(page.getByLabel('可执行的操作').getByRole('button', { name: '已致电' })).toHaveCount(0);

  // Received; the customer asks for the samples back to an address; the sample is tested.
  await admin.move('pickup/receive', { rid: placed.rid });
  const back = await customer.call('/api/auth/sample4recycle/add', {
    rid: placed.rid,
    name: '沈青',
    phone: '13700001234',
    address: '上海市杨浦区四平路1239号',
    message: '工作日送达',
  });
  expect(back, JSON.stringify(back)).toMatchObject({ code: 1 });
  const detail = await admin.call<{ samples: { rid: string; sample_no: string }[] }>(
    '/api/admin/order/detail',
    {
      rid: placed.rid,
    },
  );
  const [sample] = detail.data.samples;
  for (const e of [{ kind: 'taken', technician: '李工', instrument: 'XRD-1' }, { kind: 'tested' }])
    expect(await admin.call('/api/admin/sample/event', { rid: sample.rid, ...e })).toMatchObject({ code: 1 });

  await page.reload();
  const returnTo = page.getByRole('group', { name: '寄回地址' });
  await expect(returnTo).toContainText('上海市杨浦区四平路1239号');
  await expect(returnTo).toContainText('沈青 13700001234');
  await expect(returnTo).toContainText('工作日送达');

  // 已致电, from the order page: once per receipt, with when and who.
  const summary = page.getByRole('region', { name: '订单概要' });
  await expect(summary).toContainText('未记录');
  await page.getByLabel('可执行的操作').getByRole('button', { name: '已致电' }).click();
  await ok(page, '已记录致电');
  await expect(page.getByLabel('可执行的操作').getByRole('button', { name: '已致电' })).toHaveCount(0);
  await expect(summary).not.toContainText('未记录');
  await expect(page.getByRole('list', { name: '订单时间线' })).toContainText('业务经理已致电客户');

  // 销毁 asks for a witness, and the server's refusal (the customer wants it back) shows in the dialog.
  await page.getByRole('button', { name: `销毁 ${sample.sample_no}` }).click();
  const dispose = page.getByRole('dialog', { name: `销毁样品 ${sample.sample_no}` });
  await expect(dispose.getByLabel('见证人手机号')).toBeVisible();
  await dispose.getByRole('button', { name: '取消' }).click();
  await expect(dispose).toBeHidden();

  // 寄回 with the courier: the sample is 已退回.
  await page.getByRole('button', { name: `寄回 ${sample.sample_no}` }).click();
  const ret = page.getByRole('dialog', { name: `寄回样品 ${sample.sample_no}` });
  await ret.getByLabel('快递公司').fill('顺丰');
  await ret.getByLabel('快递单号').fill('SF1234567890');
  await ret.getByRole('button', { name: '确认已寄回' }).click();
  await ok(page, '已记录寄回');
  const row = page.locator(`tr[data-sample="${sample.sample_no}"]`);
  await expect(row).toContainText('已退回');
  await expect(row.getByRole('button', { name: `寄回 ${sample.sample_no}` })).toHaveCount(0);
  await shot(page, 'order-page-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'order-page-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("the order page shows a quote request's content", async ({ page, request, ip }) => {
  const customer = await newCustomer(await page.context().newPage(), request, ip);
  const [it] = await demoItems(request, 1);
  const res = await customer.call<{ rid: string }>('/api/auth/order/demand', {
    type_id: 1,
    item_rids: [it.rid],
    description: '需要测定钢样中碳、硫含量，另需金相组织分析，请给出报价。',
    sample_count: 3,
    sample_note: '块状钢样，约 2cm×2cm',
    contact_name: '张老师',
    contact_phone: '13912345678',
  });
  expect(res, JSON.stringify(res)).toMatchObject({ code: 1 });
  await consoleSession(page, '13800000000');
  await page.goto(`/admin/orders/${res.data.rid}`);
  const demand = page.getByRole('region', { name: '需求内容' });
  await expect(demand).toContainText('需要测定钢样中碳、硫含量，另需金相组织分析，请给出报价。');
  await expect(demand).toContainText('3');
  await expect(demand).toContainText('块状钢样，约 2cm×2cm');
  await expect(demand).toContainText('张老师 13912345678');
});

test('orders are found by customer name, phone and organisation from one box, by date, sorted, exported', async ({
  page,
  request,
  ip,
}) => {
  const [a, b] = await demoItems(request, 1);
  const tag = String(Date.now()).slice(-6);
  const lu = await newCustomer(await page.context().newPage(), request, ip, {
    name: `陆${tag}`,
    organization: 0,
    company: `华东理工${tag}实验室`,
    teacher: '严教授',
    teacher_phone: '13800001111',
    teacher_mail: 'yan@example.com',
  });
  const other = await newCustomer(await page.context().newPage(), request, ip, { name: `韩${tag}` });
  const cheap = await lu.order([{ item_rid: a.rid }]);
  const dear = await lu.order([{ item_rid: b.rid }]);
  const theirs = await other.order([{ item_rid: a.rid }]);

  await consoleSession(page, '13800000000');
  await page.goto('/admin/orders');
  const table = page.getByRole('table', { name: '订单' });
  const row = (no: string) => table.getByRole('row').filter({ hasText: no });
  const box = page.getByRole('searchbox', { name: '搜索订单' });
  for (const q of [`陆${tag}`, lu.phone, lu.phone.slice(-6), `华东理工${tag}`]) {
    await box.fill(q);
    await box.press('Enter');
    await expect(row(cheap.order_no)).toBeVisible();
    await expect(row(dear.order_no)).toBeVisible();
    await expect(row(theirs.order_no)).toHaveCount(0);
    await expect(page.getByText('共 2 个订单')).toBeVisible();
  }
  // The customer column: name, phone, organisation, PI.
  for (const text of [`陆${tag}`, lu.phone, `华东理工${tag}实验室`, '负责人 严教授'])
    await expect(row(cheap.order_no).getByRole('cell').nth(1)).toContainText(text);

  // 下单日期: a range before today finds none; one ending today finds both.
  const today = shanghaiDate(new Date());
  await page.getByLabel('下单日期至').fill(addDays(today, -1));
  await expect(table).toContainText(`没有找到与“华东理工${tag}”相关的订单`);
  await page.getByLabel('下单日期至').fill(today);
  await expect(row(cheap.order_no)).toBeVisible();

  // 金额 sorts the whole list on the server, both ways.
  const amounts = async () =>
    (
      await table
        .getByRole('row')
        .filter({ has: page.getByRole('link') })
        .allInnerTexts()
    ).map((t) => (t.includes(cheap.order_no) ? 'cheap' : 'dear'));
  const header = table.getByRole('columnheader', { name: /金额/ });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const up = await amounts();
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(amounts).toEqual([...up].reverse());

  // The CSV has the customer's columns.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const csv = readFileSync(await (await downloading).path(), 'utf8');
  const [head, ...lines] = csv.replace(/^\ufeff/, '').split('\r\n');
  expect(head).toContain('"客户姓名","客户手机","单位","用户类型","负责人"');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain(`"陆${tag}","${lu.phone}","华东理工${tag}实验室","学生","严教授"`);
  await shot(page, 'order-list-1280');

  // A phone: each order is a card whose 客户, 金额 and 状态 are in view without scrolling sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'order-list-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const card = row(cheap.order_no);
  for (const cell of [1, 2, 3]) {
    const box = await card.getByRole('cell').nth(cell).boundingBox();
    expect(box, `cell ${cell}`).not.toBeNull();
    expect(box!.x + box!.width, `cell ${cell}`).toBeLessThanOrEqual(375);
  }
});
