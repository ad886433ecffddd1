// Paying from the balance and the in-system messages in the browser: /member/unsettled and
// /member/unpaid, the pay dialog, the ledger, and the header's message bell with its panel.
// Orders are placed through the customer API and moved by the seeded staff account's API, as
// staff would (docs/decisions/0007-order-lifecycle.md).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  devLogin,
  expect,
  loginByApi,
  test as base,
  type Envelope,
  type Session,
} from './support/session.ts';
import { staff } from './support/orders.ts';

const STAFF_PHONE = '13800000000';
const rand = (n: number) => Math.floor(Math.random() * n);
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

type Order = { rid: string; order_no: string; amount_fen: number; status: string };
type Customer = Session & { rid: string };

const test = base.extend<{ api: Api }>({
  api: async ({ request, ip }, use) => {
    await use(new Api(request, ip));
  },
});

class Api {
  private staffToken = '';
  private readonly request: APIRequestContext;
  private readonly ip: string;
  constructor(request: APIRequestContext, ip: string) {
    this.request = request;
    this.ip = ip;
  }

  private async post<T>(path: string, body: unknown, token?: string): Promise<Envelope<T>> {
    const headers: Record<string, string> = { 'x-real-ip': this.ip };
    if (token) headers.authorization = `Bearer ${token}`;
    return (await this.request.post(path, { data: body, headers })).json();
  }

  private async login(account: string, password: string, path = '/api/open/login') {
    const login = await this.post<{ token: string; refreshToken: string; expires: number }>(path, {
      account,
      password,
    });
    expect(login, JSON.stringify(login)).toMatchObject({ code: 1 });
    return login.data;
  }

  /** A staff call that must succeed (a console session, decision 0023). */
  async staff<T = Record<string, unknown>>(path: string, body: unknown): Promise<T> {
    // A console session from the dev login: the console's password login has its own tests.
    this.staffToken ||= (
      await devLogin(this.request, this.ip, { phone: STAFF_PHONE, staff: true })
    ).record.access;
    const res = await this.post<T>(`/api/admin/${path}`, body, this.staffToken);
    expect(res, `${path} ${JSON.stringify(res)}`).toMatchObject({ code: 1 });
    return res.data;
  }

  /**
   * A new customer with complete basic info (institution: a teacher; enterprise: organization 2),
   * logged in in the page the way the session code keeps a token.
   */
  async customer(page: Page, kind: 'institution' | 'enterprise'): Promise<Customer> {
    const session = await loginByApi(page, this.request, this.ip);
    const profile = {
      name: '张三',
      email: `u${session.phone}@example.com`,
      organization: kind === 'enterprise' ? 2 : 3,
      company: kind === 'enterprise' ? '某材料科技有限公司' : '复旦大学',
      company_leader: '王总',
      company_leader_phone: '13800002222',
      region: '上海市-上海市-闵行区-310112',
      address: '东川路800号',
    };
    expect(await session.call('/api/auth/update4profile', profile)).toMatchObject({ code: 1 });
    const { rid } = await this.staff<{ rid: string }>('user/find', { phone: session.phone });
    return { ...session, rid };
  }

  /** A self-delivery order of the first priced 送样检测 item, `count` samples. */
  async order(c: Customer, count = 1): Promise<Order> {
    const list = await this.post<{ list: { rid: string; quote_only: boolean }[] }>('/api/open/project/list', {
      typeId: 1,
      page: 1,
      size: 20,
    });
    const item = list.data.list.find((i) => !i.quote_only)!;
    const detail = await this.post<{
      options: { parameters: { name: string; required: boolean; choices: string[] }[] };
    }>('/api/open/project/detail', { rid: item.rid });
    const parameters = Object.fromEntries(
      detail.data.options.parameters.filter((p) => p.required).map((p) => [p.name, p.choices[0] ?? '常规']),
    );
    const placed = await c.call<{ list: Order[] }>('/api/auth/order/add', {
      items: [{ item_rid: item.rid, count, parameters }],
      delivery: { type: 0 },
    });
    expect(placed, JSON.stringify(placed)).toMatchObject({ code: 1 });
    return placed.data.list[0];
  }

  /** Staff take an institution order through its test to 待结算. */
  async bill(rid: string): Promise<void> {
    await this.staff('order/receive', { rid });
    await this.staff('order/start', { rid });
    await (await staff(this.request, this.ip)).release(rid);
    await this.staff('order/bill', { rid });
  }

  async credit(c: Customer, fen: number): Promise<void> {
    await this.staff('balance/credit', {
      user_rid: c.rid,
      amount_fen: fen,
      idempotency_key: `e2e-${c.phone}-${rand(1e9)}`,
      note: '线下预存',
    });
  }
}

async function ledger(c: Customer) {
  const [movements, asset] = await Promise.all([
    c.call<{ list: { kind: string; cash_fen: number }[] }>('/api/auth/asset/detail', { page: 1, size: 50 }),
    c.call<{ balance_fen: number }>('/api/auth/asset/init', {}),
  ]);
  return { list: movements.data.list, balance_fen: asset.data.balance_fen };
}

const payDialog = (page: Page) => page.getByRole('dialog', { name: '支付订单' });
const orderRow = (page: Page, o: Order): Locator => page.locator(`[data-order="${o.rid}"]`);

test('待结算: an institution order billed after its test is paid from the balance @mobile', async ({
  page,
  api,
}) => {
  const me = await api.customer(page, 'institution');
  const billed = await api.order(me, 2);
  await readLabelsNotices(me, 1);
  await api.bill(billed.rid);
  await api.credit(me, billed.amount_fen + 1000);

  await page.goto('/member/unsettled');
  const row = orderRow(page, billed);
  await expect(row).toContainText(billed.order_no);
  await expect(row).toContainText('待结算');
  await expect(row).toContainText(yuan(billed.amount_fen));
  await expect(row.getByRole('link', { name: '订单详情' })).toHaveAttribute(
    'href',
    `/member/order?rid=${billed.rid}`,
  );
  await expect(page.getByTestId('owed-total')).toHaveText(yuan(billed.amount_fen));
  await expect(page.getByTestId('balance')).toHaveText(yuan(billed.amount_fen + 1000));
  await expect(page.getByRole('list', { name: '资金明细' })).toContainText('+');

  await row.getByRole('button', { name: '去支付' }).click();
  const dialog = payDialog(page);
  await expect(dialog).toContainText(billed.order_no);
  await expect(dialog.locator('[data-pay-amount]')).toHaveText(yuan(billed.amount_fen));
  await expect(dialog.locator('[data-pay-balance]')).toHaveText(yuan(billed.amount_fen + 1000));
  // A double click still charges once (the dialog's idempotency key, and the order's state).
  await dialog.getByRole('button', { name: '确认支付' }).dblclick();
  await expect(page.getByText('操作成功!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(row).toBeHidden();
  await expect(page.getByText('暂无待结算订单')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('¥10.00');
  await expect(page.getByTestId('owed-total')).toHaveText('¥0.00');
  const entries = page.getByRole('list', { name: '资金明细' }).getByRole('listitem');
  await expect(entries.first()).toContainText(`支付订单 ${billed.order_no}`);
  await expect(entries.first()).toContainText(`-${(billed.amount_fen / 100).toFixed(2)}`);

  // Received, delivered, billed, and now the payment's 订单已完成: the bell follows without a
  // reload (it looks again a few seconds after a payment).
  await expect(page.locator('[data-message-badge]')).toHaveText('4');

  const after = await ledger(me);
  expect(after.list.filter((e) => e.kind === 'payment')).toEqual([
    expect.objectContaining({ cash_fen: -billed.amount_fen }),
  ]);
  expect(after.balance_fen).toBe(1000);
  const detail = await me.call<{ status: string }>('/api/auth/order/detail', { rid: billed.rid });
  expect(detail.data.status).toBe('completed');
});

test('not enough balance: the dialog says so, offers no payment, and nothing is charged', async ({
  page,
  api,
}) => {
  const me = await api.customer(page, 'institution');
  const billed = await api.order(me, 1);
  await api.bill(billed.rid);
  await api.credit(me, 100);

  await page.goto('/member/unsettled');
  await expect(page.getByText(/余额不足以支付全部待结算订单/)).toBeVisible();
  await orderRow(page, billed).getByRole('button', { name: '去支付' }).click();
  const dialog = payDialog(page);
  // The balance cannot pay, so an online channel is offered first; the balance says what it lacks.
  await expect(dialog.getByRole('radio', { name: /微信支付/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /余额支付/ }).check();
  await expect(dialog.getByRole('alert')).toContainText(`余额不足，还差 ${yuan(billed.amount_fen - 100)}`);
  await expect(dialog.getByRole('alert').getByRole('link', { name: '预存充值' })).toHaveAttribute(
    'href',
    '/member/prestore',
  );
  await expect(dialog.getByRole('button', { name: '确认支付' })).toHaveCount(0);
  await dialog.getByRole('button', { name: '关闭' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(orderRow(page, billed)).toBeVisible();

  const after = await ledger(me);
  expect(after.balance_fen).toBe(100);
  expect(after.list.some((e) => e.kind === 'payment')).toBe(false);
});

test('待付款: an enterprise order is prepaid from the balance after its quote', async ({ page, api }) => {
  const me = await api.customer(page, 'enterprise');
  const placed = await api.order(me, 1);
  expect(placed.status).toBe('quoting');
  const quoted = 12_345;
  expect(
    (await api.staff<{ status: string }>('order/quote', { rid: placed.rid, quoted_fen: quoted })).status,
  ).toBe('unpaid');
  await api.credit(me, 20_000);

  await page.goto('/member/unpaid');
  const row = orderRow(page, placed);
  await expect(row).toContainText('待付款');
  await expect(row).toContainText('¥123.45');
  await expect(page.getByTestId('owed-total')).toHaveText('¥123.45');
  await row.getByRole('button', { name: '去支付' }).click();
  const dialog = payDialog(page);
  await expect(dialog.locator('[data-pay-amount]')).toHaveText('¥123.45');
  await expect(dialog).toContainText('¥76.55'); // the balance after paying
  await dialog.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('操作成功!')).toBeVisible();
  await expect(row).toBeHidden();
  await expect(page.getByText('暂无待付款订单')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('¥76.55');

  const detail = await me.call<{ status: string }>('/api/auth/order/detail', { rid: placed.rid });
  expect(detail.data.status).toBe('awaiting_sample');
});

/**
 * Placing a 送样检测 order sends its labels notice (请打印样品标签, decision 0074) to the inbox:
 * waits for `count` of them and marks them read, so the tests below start from no unread message.
 */
async function readLabelsNotices(
  me: { call: <T>(path: string, body: unknown) => Promise<{ data: T }> },
  count: number,
) {
  await expect
    .poll(async () => (await me.call<{ unread: number }>('/api/auth/message/list', {})).data.unread)
    .toBe(count);
  expect((await me.call<{ unread: number }>('/api/auth/message/read', {})).data.unread).toBe(0);
}

test('the message bell shows an unread message, the panel lists it, 全部已读 clears the badge @mobile', async ({
  page,
  api,
}) => {
  const me = await api.customer(page, 'institution');
  const placed = await api.order(me, 1);
  await readLabelsNotices(me, 1);

  await page.goto('/member/center');
  const bell = page.locator('[data-message-bell]');
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAccessibleName('站内消息');
  await expect(bell.locator('[data-message-badge]')).toBeHidden();

  // Staff mark the sample received: the worker writes the in-system message within seconds.
  await api.staff('order/receive', { rid: placed.rid });
  await expect
    .poll(async () => (await me.call<{ unread: number }>('/api/auth/message/list', {})).data.unread, {
      timeout: 15_000,
    })
    .toBe(1);
  await page.reload();
  await expect(bell.locator('[data-message-badge]')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('站内消息，1条未读');
  // The bell fits the collapsed header on a phone.
  const box = (await bell.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  await bell.click();
  const panel = page.getByRole('dialog', { name: /站内消息/ });
  const message = panel.getByRole('listitem').first();
  await expect(message).toContainText('样品已签收');
  await expect(message).toContainText(placed.order_no);
  await expect(message).toHaveAttribute('data-unread', '');
  await expect(message.getByRole('link', { name: /查看订单/ })).toHaveAttribute(
    'href',
    `/member/order?rid=${placed.rid}`,
  );
  await panel.getByRole('button', { name: '全部已读' }).click();
  await expect(message).not.toHaveAttribute('data-unread', '');
  await expect(panel.getByRole('button', { name: '全部已读' })).toBeDisabled();
  await expect(bell.locator('[data-message-badge]')).toBeHidden();
  expect((await me.call<{ unread: number }>('/api/auth/message/list', {})).data.unread).toBe(0);
  await panel.getByRole('button', { name: '关闭' }).last().click();
  await expect(panel).toBeHidden();
});

test('查看订单 in a message opens the order and marks that message read', async ({ page, api }) => {
  const me = await api.customer(page, 'institution');
  const first = await api.order(me, 1);
  const second = await api.order(me, 1);
  await readLabelsNotices(me, 2);
  await api.staff('order/receive', { rid: first.rid });
  await api.staff('order/receive', { rid: second.rid });
  await expect
    .poll(async () => (await me.call<{ unread: number }>('/api/auth/message/list', {})).data.unread)
    .toBe(2);

  await page.goto('/member/unsettled');
  const bell = page.locator('[data-message-bell]');
  await expect(bell.locator('[data-message-badge]')).toHaveText('2');
  await bell.click();
  const panel = page.getByRole('dialog', { name: /站内消息/ });
  await expect(panel).toContainText('2 条未读');
  // The receipt's message (the order's labels notice, already read, names the order too).
  const aboutFirst = panel
    .getByRole('listitem')
    .filter({ hasText: first.order_no })
    .filter({ hasText: '样品已签收' });
  await aboutFirst.getByRole('link', { name: /查看订单/ }).click();
  await expect(page).toHaveURL(`/member/order?rid=${first.rid}`);
  await expect(bell.locator('[data-message-badge]')).toHaveText('1');

  const { list } = (await me.call<{ list: { body: string; read: boolean }[] }>('/api/auth/message/list', {}))
    .data;
  const received = (no: string) => list.find((m) => m.body.includes(no) && m.body.includes('签收'));
  expect(received(first.order_no)?.read).toBe(true);
  expect(received(second.order_no)?.read).toBe(false);
});

test('a visitor who is not logged in sees no message bell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /实验计划/ })).toBeVisible();
  await expect(page.locator('[data-message-bell]')).toBeHidden();
});
