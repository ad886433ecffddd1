// /experiment/demand and /experiment/contract in the browser against the real server: a quote
// request with an attachment (progress bar), the agreement PDF, and the signed copy uploaded back.
// Each test registers its own account through the API and starts logged in.
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PROFILE } from '../factories/users.ts';
import { expect, test, type Session } from './support/session.ts';

type Listed = { list?: Record<string, unknown>[] };

/** A real PDF's header and enough bytes that the upload reports progress along the way. */
const bigPdf = (kb: number) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n'),
    Buffer.alloc(kb * 1024, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);

async function completeProfile(s: Session) {
  expect(await s.call('/api/auth/update4profile', PROFILE)).toMatchObject({ code: 1 });
}

test.describe('提交需求', () => {
  test('a quote request with an attachment shows upload progress and creates a 待报价 order', async ({
    page,
    session,
  }) => {
    await completeProfile(session);
    await page.goto('/experiment/demand');
    const form = page.getByRole('form', { name: '提交需求' });
    await expect(form.getByLabel('联系人')).toHaveValue(PROFILE.name);
    await expect(form.getByLabel('联系电话')).toHaveValue(session.phone);
    await expect(form.getByText(/单个文件不超过\d+MB/)).toBeVisible();

    // Required description first: the form says what is missing.
    await form.getByRole('button', { name: '提交需求' }).click();
    await expect(page.locator('[data-toast="error"]', { hasText: '[需求描述]不能为空' })).toBeVisible();

    await form.getByRole('radio', { name: '数据分析' }).check();
    await form.getByLabel('需求描述').fill('分子动力学模拟，体系约 5 万原子，需要讨论方案后报价。');
    await form.getByLabel('样品数量').fill('2');

    // Two attachments; one is removed again before submitting.
    await form.locator('input[type=file]').setInputFiles([
      { name: '模型说明.pdf', mimeType: 'application/pdf', buffer: bigPdf(3072) },
      { name: '多余.pdf', mimeType: 'application/pdf', buffer: bigPdf(4) },
    ]);
    const bar = form.getByRole('progressbar', { name: '模型说明.pdf 上传进度' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(form.locator('[data-upload="模型说明.pdf"]')).toContainText('已上传');
    await expect(form.locator('[data-upload="多余.pdf"]')).toContainText('已上传');
    await form.getByRole('button', { name: '移除 多余.pdf' }).click();
    await expect(form.locator('[data-upload="多余.pdf"]')).toHaveCount(0);

    await form.getByRole('button', { name: '提交需求' }).click();
    const done = page.getByRole('status').filter({ hasText: '需求已提交' });
    await expect(done).toBeVisible();
    await expect(done).toContainText('待报价');
    await expect(done).toContainText('已附 1 个附件');
    const orderNo = (await done.locator('strong').textContent())!.trim();
    expect(orderNo).toMatch(/^LP\d{14}$/);
    const link = done.getByRole('link', { name: '查看订单' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/member\/order\?rid=/);

    // The server holds the order in 待报价 with the one attachment left.
    const rid = decodeURIComponent(href.split('rid=')[1]);
    const detail = await session.call('/api/auth/order/detail', { rid });
    expect(detail.data).toMatchObject({ order_no: orderNo, status: 'quoting', type_id: 3 });
    expect((detail.data.files as { name: string }[]).map((f) => f.name)).toEqual(['模型说明.pdf']);

    // The customer's attachment is listed as 附件, never as a report; the card counts no items.
    await link.click();
    await expect(page.getByRole('region', { name: '附件' })).toContainText('模型说明.pdf');
    // Reports are the lab's signed versions (decision 0081): none yet, and never the attachment.
    await expect(page.getByRole('region', { name: '检测报告' })).toContainText('检测报告签发后');
    await expect(page.getByRole('region', { name: '检测报告' })).not.toContainText('模型说明.pdf');
    await page.goto('/member/order');
    const card = page.locator(`[data-order="${rid}"]`);
    await expect(card).toContainText('定制检测需求');
    await expect(card).not.toContainText('0 个项目');
  });

  test('an item page leads to a quote request for that item', async ({ page, session }) => {
    await completeProfile(session);
    const items = await session.call<Listed>('/api/open/project/list', { typeId: 3, page: 1, size: 1 });
    const item = items.data.list![0] as { rid: string; name: string };
    await page.goto(`/detail/${item.rid}`);
    await page.getByRole('link', { name: '提交需求', exact: true }).click();
    await expect(page).toHaveURL(`/experiment/demand?item=${item.rid}`);
    const form = page.getByRole('form', { name: '提交需求' });
    await expect(form.getByRole('list', { name: '已选项目' })).toContainText(item.name);
    await expect(form.getByRole('radio', { name: '数据分析' })).toBeChecked();
    await form.getByLabel('需求描述').fill('批量样品的数据处理，需要报价');
    await form.getByRole('button', { name: '提交需求' }).click();
    const done = page.getByRole('status').filter({ hasText: '需求已提交' });
    await expect(done).toBeVisible();
    const rid = decodeURIComponent(
      (await done.getByRole('link', { name: '查看订单' }).getAttribute('href'))!.split('rid=')[1],
    );
    const detail = await session.call('/api/auth/order/detail', { rid });
    expect(detail.data).toMatchObject({ status: 'quoting', type_id: 3, item_names: [item.name] });
  });

  test('incomplete basic info is refused with the shared message @mobile', async ({ page, session }) => {
    void session;
    await page.goto('/experiment/demand');
    const form = page.getByRole('form', { name: '提交需求' });
    await expect(form.getByRole('alert')).toContainText('未完善基本信息无法正常下单');
    await form.getByLabel('需求描述').fill('需要报价');
    await form.getByRole('button', { name: '提交需求' }).click();
    await expect(
      page.locator('[data-toast="error"]', { hasText: '未完善基本信息无法正常下单' }),
    ).toBeVisible();
  });
});

test.describe('委托协议', () => {
  test('the agreement PDF downloads and opens; the signed copy uploads with progress and is listed', async ({
    page,
    session,
  }) => {
    await completeProfile(session);
    const items = await session.call<Listed>('/api/open/project/list', { typeId: 1, page: 1, size: 1 });
    const item = items.data.list![0] as { rid: string; name: string };
    const placed = await session.call('/api/auth/order/demand', {
      type_id: 1,
      item_rids: [item.rid],
      description: '金属样品成分分析',
      contact_name: PROFILE.name,
      contact_phone: session.phone,
    });
    expect(placed).toMatchObject({ code: 1 });
    const orderNo = placed.data.order_no as string;

    await page.goto('/experiment/contract');
    const card = page.locator(`[data-order="${orderNo}"]`);
    await expect(card).toContainText('待报价');
    await expect(card).toContainText(item.name);
    await expect(card.locator('[data-protocol-state]')).toHaveText('签署件未上传');
    // The spec's process text beside the list, with the two pickup cities from the settings.
    const notes = page.getByRole('complementary').filter({ hasText: '委托流程' });
    await expect(notes).toContainText('签字盖章');
    await expect(notes).toContainText('上海市、苏州市免费上门取样');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `下载协议 ${orderNo}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`委托协议-${orderNo}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // It opens: a PDF reader finds its pages and the Chinese text.
    const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    expect(doc.numPages).toBeGreaterThanOrEqual(1);
    const text = (await (await doc.getPage(1)).getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join('');
    expect(text).toContain('送样检测服务委托协议');
    expect(text).toContain(orderNo);
    expect(text).toContain('待报价');
    await doc.destroy();

    // The signed scan goes back with a progress bar; then the list shows it.
    await card.locator('input[type=file]').setInputFiles({
      name: '签署件.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024, 0x20)]),
    });
    const bar = card.getByRole('progressbar', { name: '签署件.pdf 上传进度' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(card.locator('[data-protocol-state]')).toContainText('签署件已上传：签署件.pdf');
    await expect(card.getByRole('button', { name: '重新上传' })).toBeVisible();

    // The server has it on the order, and it survives a reload.
    const listed = await session.call('/api/auth/order/listProtocolFile', { rid: placed.data.rid });
    expect((listed.data.list as { name: string }[]).map((f) => f.name)).toEqual(['签署件.pdf']);
    await page.reload();
    await expect(page.locator(`[data-order="${orderNo}"] [data-protocol-state]`)).toContainText('签署件.pdf');
  });
});
