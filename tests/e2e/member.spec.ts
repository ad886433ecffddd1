// The member area in the browser: the profile dialog, the address book, home sampling and the
// pickup calendar, against the real server. Each test registers its own account through the API
// (code from the dev outbox) and starts logged in with the token where the session code keeps it.
import type { Locator, Page } from '@playwright/test';
import { expect, failAlert, PASSWORD, registerByApi, test, toast } from './support/session.ts';

type Address = { address_rid: string; name: string };
/** The parts of the answers these tests read (user/info, address and sampling calls). */
type Data = {
  userInfo: Record<string, unknown>;
  address: Address[];
  list: Record<string, unknown>[];
};

/** Submits and expects exactly one error toast with the message (only the first problem shows). */
async function expectError(page: Page, submit: Locator, text: string) {
  // Earlier toasts would still be fading out; clear them so this submit's toast is the only one.
  await page.evaluate(() => document.querySelectorAll('[data-toast]').forEach((t) => t.remove()));
  await submit.click();
  await expect(toast(page, text)).toBeVisible();
  await expect(page.locator('[data-toast]')).toHaveCount(1);
  await expect(page.locator('[data-toast="error"]')).toHaveCount(1);
}

/** Province → city → district in a region picker opened by `trigger`. */
async function pickRegion(scope: Locator, trigger: string, path: [string, string, string]) {
  await scope.getByRole('button', { name: trigger }).click();
  for (const [i, level] of ['省份', '城市', '区县'].entries())
    await scope
      .getByRole('group', { name: `选择${level}` })
      .getByRole('button', { name: path[i], exact: true })
      .click();
  await expect(scope.getByRole('group', { name: '选择区县' })).toBeHidden();
}

/** Clicks the first day after today that the calendar lets through (next month if need be). */
async function pickFirstOpenDay(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByLabel('取样日期').click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await expect(calendar).toBeVisible();
  for (let month = 0; month < 3; month++) {
    const open = calendar.locator(
      '.flatpickr-day:not(.flatpickr-disabled):not(.prevMonthDay):not(.nextMonthDay):not(.today)',
    );
    if (await open.count()) {
      await open.first().click();
      return dialog.getByLabel('取样日期').inputValue();
    }
    await calendar.locator('.flatpickr-next-month').click();
  }
  throw new Error('no open pickup day in three months');
}

test.describe('profile dialog', () => {
  test('fields follow the user type; messages in order, trimmed; success saves and closes', async ({
    page,
    session,
  }) => {
    await page.goto('/member/information');
    await expect(page.getByText('未完善基本信息无法正常下单')).toBeVisible();
    await page.getByRole('button', { name: '立即完善' }).click();
    const dialog = page.getByRole('dialog', { name: '完善基本信息' });
    await expect(dialog).toBeVisible();

    // Student by default: the teacher fields show, the company leader fields do not.
    await expect(dialog.getByRole('radio', { name: '学生' })).toBeChecked();
    await expect(dialog.getByLabel('导师/负责人')).toBeVisible();
    await expect(dialog.getByLabel('导师电话')).toBeVisible();
    await expect(dialog.getByLabel('负责人姓名')).toBeHidden();

    const submit = dialog.getByRole('button', { name: '提交', exact: true });
    await expectError(page, submit, '「姓名」不能为空');
    await dialog.getByLabel('姓名', { exact: true }).fill('   ');
    await expectError(page, submit, '「姓名」不能为空');
    await dialog.getByLabel('姓名', { exact: true }).fill('  张三 ');
    await expectError(page, submit, '「邮箱」不能为空');
    await dialog.getByLabel('邮箱', { exact: true }).fill('zhangsan@example.com');
    await expectError(page, submit, '「公司/单位」不能为空');
    await dialog.getByLabel('公司/单位').fill('复旦大学 化学系');
    await expectError(page, submit, '「导师/负责人」不能为空');

    // A teacher needs no teacher; an enterprise needs its leader, whose phone stops at 11.
    await dialog.getByRole('radio', { name: '老师' }).check();
    await expect(dialog.getByLabel('导师/负责人')).toBeHidden();
    await expect(dialog.getByLabel('负责人姓名')).toBeHidden();
    await dialog.getByRole('radio', { name: '企业' }).check();
    await expect(dialog.getByLabel('负责人姓名')).toBeVisible();
    await expect(dialog.getByLabel('导师电话')).toBeHidden();
    // The spec's order: the address before the enterprise's leader.
    await expectError(page, submit, '「寄送地址」不能为空');
    await pickRegion(dialog, '寄送地址', ['上海市', '上海市', '徐汇区']);
    await expect(dialog.getByRole('button', { name: '寄送地址' })).toContainText('上海市 / 上海市 / 徐汇区');
    await expectError(page, submit, '「详细地址」不能为空');
    await dialog.getByLabel('详细地址').fill(' 漕溪北路 88 号 ');
    await expectError(page, submit, '「负责人姓名」不能为空');
    await dialog.getByLabel('负责人姓名').fill('李四');
    await dialog.getByLabel('负责人电话').fill('1380013800099');
    await expect(dialog.getByLabel('负责人电话')).toHaveValue('13800138000');
    await submit.click();
    await expect(toast(page, '提交成功!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The page follows user/info: complete now, the values trimmed, leader rows for an enterprise.
    await expect(page.getByText('未完善基本信息无法正常下单')).toBeHidden();
    const main = page.getByRole('main');
    await expect(main.getByText('张三', { exact: true })).toBeVisible();
    await expect(main.getByText('企业', { exact: true })).toBeVisible();
    await expect(main.getByText('李四', { exact: true })).toBeVisible();
    await expect(main.getByText('上海市 徐汇区 漕溪北路 88 号', { exact: true })).toBeVisible();
    const saved = await session.call<Data>('/api/auth/user/info');
    expect(saved.data.userInfo).toMatchObject({
      name: '张三',
      organization: 2,
      company_leader: '李四',
      address_code: '310104',
      address: '漕溪北路 88 号',
    });

    // Reopened, it starts from the saved profile; 暂不提交 closes without saving.
    await page.getByRole('button', { name: '编辑资料' }).click();
    await expect(dialog.getByLabel('姓名', { exact: true })).toHaveValue('张三');
    await expect(dialog.getByRole('radio', { name: '企业' })).toBeChecked();
    await dialog.getByRole('radio', { name: '个人' }).check();
    await expect(dialog.getByLabel('负责人姓名')).toBeHidden();
    await expect(dialog.getByLabel('导师/负责人')).toBeHidden();
    await dialog.getByRole('button', { name: '暂不提交' }).click();
    await expect(dialog).toBeHidden();
    await expect(main.getByText('企业', { exact: true })).toBeVisible();
  });

  test('the member centre shows the notice and opens the same dialog', async ({ page, session }) => {
    await page.goto('/member/center');
    await expect(page.getByText(`当前账号：${session.phone}`)).toBeVisible();
    await expect(page.getByText('未完善基本信息无法正常下单')).toBeVisible();
    await page.getByRole('button', { name: '完善基本信息' }).click();
    await expect(page.getByRole('dialog', { name: '完善基本信息' })).toBeVisible();
  });
});

test('after logging in without an address, the prompt opens the profile dialog', async ({
  page,
  request,
  ip,
}) => {
  const phone = await registerByApi(request, ip);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  const popup = page.getByRole('dialog', { name: '登录注册' });
  await popup.getByLabel('用户名/手机号').fill(phone);
  await popup.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await popup.getByRole('button', { name: '登录', exact: true }).click();
  await expect(popup).toBeHidden();
  const prompt = page.locator('[data-attest-prompt]');
  await prompt.getByRole('link', { name: '去完善' }).click();
  await expect(prompt).toHaveCount(0);
  // The dialog opens over the page the visitor is on.
  const dialog = page.getByRole('dialog', { name: '完善基本信息' });
  await expect(dialog.getByRole('button', { name: '暂不提交' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await dialog.getByRole('button', { name: '暂不提交' }).click();
  await expect(dialog).toBeHidden();
});

test('address book: add, edit, set default, delete; the default comes first', async ({ page, session }) => {
  await page.goto('/member/address');
  await expect(page.getByText('还没有保存的地址')).toBeVisible();

  await page.getByRole('button', { name: '新增地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增地址' });
  const save = dialog.getByRole('button', { name: '保存' });
  await expectError(page, save, '[姓名]不能为空');
  await dialog.getByLabel('姓名', { exact: true }).fill('王五');
  await expectError(page, save, '[手机]不能为空');
  await dialog.getByLabel('手机').fill('139001390001234');
  await expect(dialog.getByLabel('手机')).toHaveValue('13900139000');
  await pickRegion(dialog, '所在地区', ['江苏省', '苏州市', '姑苏区']);
  await dialog.getByLabel('详细地址').fill('干将西路 1 号');
  await save.click();
  await expect(toast(page, '操作成功!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const cards = page.getByRole('list', { name: '地址列表' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('王五');
  await expect(cards.first().getByText('默认', { exact: true })).toBeVisible();

  // A second address, added through the API: the page follows user/info on reload.
  const added = await session.call<Data>('/api/auth/address/add', {
    name: '赵六',
    phone: '13700137000',
    province: '上海市',
    city: '上海市',
    area: '闵行区',
    address_code: '310112',
    address: '东川路 800 号',
  });
  expect(added.code).toBe(1);
  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('王五');

  await page.getByRole('button', { name: '将 赵六 的地址设为默认' }).click();
  await expect(cards.first()).toContainText('赵六');
  await expect(cards.first().getByText('默认', { exact: true })).toBeVisible();
  await expect(cards.nth(1).getByText('默认', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: '编辑 王五 的地址' }).click();
  const edit = page.getByRole('dialog', { name: '编辑地址' });
  await expect(edit.getByLabel('姓名', { exact: true })).toHaveValue('王五');
  await edit.getByLabel('姓名', { exact: true }).fill('王五一');
  await edit.getByLabel('详细地址').fill('人民路 2 号');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toBeHidden();
  await expect(cards.nth(1)).toContainText('王五一');
  await expect(cards.nth(1)).toContainText('江苏省 苏州市 姑苏区 人民路 2 号');

  await page.getByRole('button', { name: '删除 王五一 的地址' }).click();
  const confirm = page.getByRole('dialog', { name: '删除地址' });
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: '删除 王五一 的地址' }).click();
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('赵六');

  const info = await session.call<Data>('/api/auth/user/info');
  expect(info.data.address.map((a) => a.name)).toEqual(['赵六']);
});

test.describe('home sampling', () => {
  test('with a new address: messages, served districts only, the address is saved and used', async ({
    page,
    session,
  }) => {
    await page.goto('/member/sample');
    await expect(page.getByText('还没有上门取样预约')).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: '上门取样' }).click();
    const dialog = page.getByRole('dialog', { name: '预约上门取样' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('免费上门取样已开通')).toBeVisible();

    // No saved address: 'other address' is forced.
    await expect(dialog.getByRole('radio', { name: '已保存地址' })).toBeDisabled();
    await expect(dialog.getByRole('radio', { name: '其他地址' })).toBeChecked();

    const submit = dialog.getByRole('button', { name: '提交预约' });
    await expectError(page, submit, '[姓名]不能为空');
    await dialog.getByLabel('姓名', { exact: true }).fill('钱七');
    await expectError(page, submit, '[手机]不能为空');
    await dialog.getByLabel('手机').fill('13800138000');
    await expectError(page, submit, '[取样地址]不能为空');

    // The picker offers only the served area.
    await dialog.getByRole('button', { name: '所在地区' }).click();
    const provinces = dialog.getByRole('group', { name: '选择省份' });
    await expect(provinces.getByRole('button')).toHaveText(['上海市', '江苏省']);
    await dialog.getByRole('button', { name: '所在地区' }).click();
    await pickRegion(dialog, '所在地区', ['上海市', '上海市', '闵行区']);
    await expectError(page, submit, '[详细地址]不能为空');
    await dialog.getByLabel('详细地址').fill('东川路 500 号');
    await expectError(page, submit, '[取样日期]不能为空');

    const date = await pickFirstOpenDay(page, dialog);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The first open slot is chosen with the date (the first of the day, unless the day is today
    // in Shanghai and it starts within the two hours' notice); the notice is stated.
    await expect(dialog.getByText('上门取样需至少提前 2小时 预约')).toBeVisible();
    const slots = dialog.getByRole('radiogroup', { name: '取样时间' }).getByRole('radio');
    await expect(slots.and(page.locator(':enabled')).first()).toBeChecked();
    await dialog.getByRole('radio', { name: '13:30-15:30' }).check({ force: true });
    await dialog.getByLabel('备注').fill('三个样品');
    await submit.click();
    await expect(toast(page, '提交成功!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The list follows; the new address was saved first and the pickup refers to it.
    const item = page.getByRole('list', { name: '取样记录' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`${date} 13:30-15:30`);
    await expect(item).toContainText('待取样');
    await expect(item).toContainText('钱七');
    const info = await session.call<Data>('/api/auth/user/info');
    expect(info.data.address).toHaveLength(1);
    const pickups = await session.call<Data>('/api/auth/sampling/list', { page: 1, size: 10 });
    expect(pickups.data.list[0]).toMatchObject({
      address_rid: info.data.address[0].address_rid,
      message: '三个样品',
      date,
    });

    // A pending pickup can be cancelled, after a confirmation.
    await item.getByRole('button', { name: '取消预约' }).click();
    await page
      .getByRole('dialog', { name: '取消取样预约' })
      .getByRole('button', { name: '确认取消' })
      .click();
    await expect(item).toContainText('已取消');
    await expect(item.getByRole('button', { name: '取消预约' })).toHaveCount(0);
  });

  test('with a saved address: served ones offered, others disabled with the tooltip', async ({
    page,
    session,
  }) => {
    for (const a of [
      { name: '孙八', area: '东城区', city: '北京市', province: '北京市', address_code: '110101' },
      { name: '周九', area: '徐汇区', city: '上海市', province: '上海市', address_code: '310104' },
    ])
      expect(
        (await session.call<Data>('/api/auth/address/add', { ...a, phone: '13600136000', address: '1 号' }))
          .code,
      ).toBe(1);

    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: '上门取样' }).click();
    const dialog = page.getByRole('dialog', { name: '预约上门取样' });
    await expect(dialog.getByRole('radio', { name: '已保存地址' })).toBeChecked();
    const saved = dialog.getByRole('radiogroup', { name: '已保存地址' });
    const outside = saved.getByRole('radio', { name: /孙八/ });
    await expect(outside).toBeDisabled();
    await expect(saved.locator('label', { hasText: '孙八' })).toHaveAttribute(
      'title',
      '该地址所在城市暂未开通上门取样服务',
    );
    await expect(saved.getByRole('radio', { name: /周九/ })).toBeChecked();

    await pickFirstOpenDay(page, dialog);
    await dialog.getByRole('button', { name: '提交预约' }).click();
    await expect(toast(page, '提交成功!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const info = await session.call<Data>('/api/auth/user/info');
    const zhou = info.data.address.find((a) => a.name === '周九')!;
    const pickups = await session.call<Data>('/api/auth/sampling/list', { page: 1, size: 10 });
    expect(pickups.data.list).toHaveLength(1);
    expect(pickups.data.list[0]).toMatchObject({
      address_rid: zhou.address_rid,
      name: '周九',
      status: 'pending',
    });
    expect(info.data.address).toHaveLength(2); // nothing new was saved
  });

  test("a refusal from the server shows the alert with the error's name, code and message", async ({
    page,
    session,
  }) => {
    const added = await session.call<Data>('/api/auth/address/add', {
      name: '周九',
      phone: '13600136000',
      province: '上海市',
      city: '上海市',
      area: '徐汇区',
      address_code: '310104',
      address: '1 号',
    });
    expect(added.code).toBe(1);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: '上门取样' }).click();
    const dialog = page.getByRole('dialog', { name: '预约上门取样' });
    await expect(dialog.getByRole('radio', { name: /周九/ })).toBeChecked();
    await pickFirstOpenDay(page, dialog);
    // The address is deleted elsewhere (another tab) while the dialog is open: the server refuses.
    const { data } = await session.call<Data>('/api/auth/user/info');
    expect(
      (await session.call('/api/auth/address/del', { address_rid: data.address[0].address_rid })).code,
    ).toBe(1);
    await dialog.getByRole('button', { name: '提交预约' }).click();
    const alert = failAlert(page, 'ApiError（NOT_FOUND）：地址不存在');
    await expect(alert).toBeVisible();
    if (process.env.SAMPLING_SHOTS)
      await page.screenshot({
        path: `${process.env.SAMPLING_SHOTS}/sampling-refused-${page.viewportSize()!.width}.png`,
      });
    await alert.getByRole('button', { name: '确认' }).click();
    await expect(dialog).toBeVisible();
  });

  test('a disabled day (a Sunday) cannot be picked', async ({ page, session }) => {
    expect(session.phone).toBeTruthy();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: '上门取样' }).click();
    const dialog = page.getByRole('dialog', { name: '预约上门取样' });
    await dialog.getByLabel('取样日期').click();
    const calendar = page.locator('.flatpickr-calendar.open');
    // Sundays fill the first column (the seeded settings close Sundays).
    const sundays = calendar.locator('.dayContainer .flatpickr-day:nth-child(7n+1)');
    expect(await sundays.count()).toBeGreaterThan(3);
    for (const day of await sundays.all()) await expect(day).toHaveClass(/flatpickr-disabled/);
    await sundays.nth(2).click({ force: true });
    await expect(dialog.getByLabel('取样日期')).toHaveValue('');
    // The field takes no typing.
    await expect(dialog.getByLabel('取样日期')).toHaveAttribute('readonly');
  });
});

test('with an on-site test date: the warning shows and days from that date on are refused', async ({
  page,
  session,
}) => {
  expect(session.phone).toBeTruthy();
  // Ten days ahead in Shanghai, as the plan's on-site (预约现场) context would store it.
  const scene = new Date(Date.now() + 8 * 3600_000 + 10 * 86_400_000).toISOString().slice(0, 10);
  await page.addInitScript((date) => localStorage.setItem('portal:scene', JSON.stringify({ date })), scene);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: '上门取样' }).click();
  const dialog = page.getByRole('dialog', { name: '预约上门取样' });
  await expect(
    dialog.getByText('为确保现场测试的顺利进行，请您预留足够的时间用于制样和交接样品，详情请联系业务经理'),
  ).toBeVisible();
  await dialog.getByLabel('取样日期').click();
  const calendar = page.locator('.flatpickr-calendar.open');
  await expect(calendar).toBeVisible();
  const days = async () =>
    calendar.locator('.dayContainer .flatpickr-day').evaluateAll((cells) =>
      cells.map((cell) => {
        const d = (cell as HTMLElement & { dateObj: Date }).dateObj;
        const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        return { iso, disabled: cell.classList.contains('flatpickr-disabled') };
      }),
    );
  const seen = [...(await days())];
  await calendar.locator('.flatpickr-next-month').click();
  seen.push(...(await days()));
  const after = seen.filter((d) => d.iso >= scene);
  expect(after.length).toBeGreaterThan(10);
  expect(after.every((d) => d.disabled)).toBe(true);
  // Days before it (other than Sundays and today's past slots) stay open.
  expect(seen.some((d) => d.iso < scene && !d.disabled)).toBe(true);
});

test('上门取样 when logged out opens the login popup instead', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: '上门取样' }).click();
  await expect(page.getByRole('dialog', { name: '登录注册' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '预约上门取样' })).toHaveCount(0);
  // Even when something else asks for the dialog by its event.
  await page.getByRole('dialog', { name: '登录注册' }).getByRole('button', { name: '关闭' }).click();
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('portal:open-home-sampling')));
  await expect(page.getByRole('dialog', { name: '登录注册' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '预约上门取样' })).toHaveCount(0);
});

test('the member menu marks the current page; on a phone it folds away @mobile', async ({
  page,
  session,
}) => {
  expect(session.phone).toBeTruthy();
  await page.goto('/member/address');
  const phone = page.viewportSize()!.width < 1024;
  let menu = page.getByRole('complementary').getByRole('navigation', { name: '会员菜单' });
  if (phone) {
    const fold = page.locator('[data-member-menu-fold]');
    await expect(fold.locator('summary')).toContainText('地址管理');
    await expect(fold.getByRole('link', { name: '基本信息' })).toBeHidden();
    await fold.locator('summary').click();
    menu = fold.getByRole('navigation', { name: '会员菜单' });
  }
  await expect(menu.getByRole('link', { name: '地址管理' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
  for (const name of [
    '预存',
    '待结算',
    '待付款',
    '优惠券',
    '基本信息',
    '我的订单',
    '订单查询',
    '推广中心',
    '邀请有礼',
    '我的积分',
    '发票信息',
    '开票记录',
    '我的社区',
    '加入社区',
  ])
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  await menu.getByRole('link', { name: '基本信息' }).click();
  await expect(page).toHaveURL(/\/member\/information$/);
  await expect(page.getByRole('heading', { name: '基本信息', level: 1 })).toBeVisible();
});

test('取样记录 lists the samples the customer posts (self-delivery orders) beside the pickups', async ({
  page,
  request,
  session,
}) => {
  const profile = await session.call<Data>('/api/auth/update4profile', {
    name: '张三',
    email: 'zhang@example.com',
    // A teacher: institution customers send the sample before paying (individuals pay first).
    organization: 3,
    company: '复旦大学',
    region: '上海市-上海市-闵行区-310112',
    address: '东川路800号',
  });
  expect(profile).toMatchObject({ code: 1 });
  // An item and the parameters it requires, as the detail page shows them.
  const detail = await (
    await request.post('/api/open/project/detail', { data: { rid: 'xrd-powder' } })
  ).json();
  const parameters = Object.fromEntries(
    (detail.data.options.parameters as { name: string; required: boolean; choices: string[] }[])
      .filter((p) => p.required)
      .map((p) => [p.name, p.choices[0]]),
  );
  const placed = await session.call<Data>('/api/auth/order/add', {
    items: [{ item_rid: 'xrd-powder', parameters }],
    delivery: { type: 0 },
  });
  expect(placed, placed.msg).toMatchObject({ code: 1 });
  const orderNo = String((placed.data.list[0] as { order_no: string }).order_no);

  await page.goto('/member/sample');
  const shipments = page.getByRole('list', { name: '寄样订单' });
  const row = shipments.getByRole('listitem').filter({ hasText: orderNo });
  await expect(row).toBeVisible();
  await expect(row).toContainText('待寄样');
  await expect(row).toContainText(String(detail.data.name));
  await expect(page.getByText('还没有上门取样预约')).toBeVisible();
});
