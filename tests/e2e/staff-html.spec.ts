// Issue 28, item 1: HTML an editor writes for an item or an ability reaches the public pages only
// through the allow-list: no redirect, no overlay, no frame, no form, no script or off-site
// protocol-relative link on /detail, an item card (search, project list) or /televised.
import type { Locator, Page } from '@playwright/test';
import { expect, staff, test } from './support/orders.ts';

const HOSTILE = [
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<div style="position:fixed;inset:0;z-index:9999;background:#fff" data-overlay>',
  '<form action="https://evil.example/login"><input name="password"><button>登录</button></form></div>',
  '<iframe src="https://evil.example/"></iframe>',
  '<p onclick="alert(1)">清洗后的正文<b>加粗</b></p>',
  '<a href="javascript:alert(1)">脚本链接</a>',
  '<a href="//evil.example/x">协议相对</a>',
  '<a href="/\\evil.example/x">反斜杠</a>',
  '<a href="https://partner.example/">合作方</a>',
].join('');

/** Nothing of HOSTILE's dangerous parts inside `scope` (its template contents included). */
async function expectClean(scope: Locator) {
  const found = await scope.evaluate((root) => {
    const templates = [
      ...(root instanceof HTMLTemplateElement ? [root] : []),
      ...root.querySelectorAll('template'),
    ];
    const roots: ParentNode[] = [root, ...templates.map((t) => t.content)];
    const all = (selector: string) => roots.flatMap((r) => [...r.querySelectorAll(selector)]);
    return {
      text: roots.map((r) => r.textContent ?? '').join(''),
      bad: all(
        'meta, iframe, form, input, script, style, [style], [onclick], [data-overlay], ' +
          'a[href^="javascript:" i], a[href^="//"], a[href^="/\\\\"]',
      ).map((e) => e.outerHTML),
      offSite: all('a[href^="https:"]').map((a) => `${a.getAttribute('rel')} ${a.getAttribute('target')}`),
    };
  });
  expect(found.text).toContain('清洗后的正文');
  expect(found.bad).toEqual([]);
  for (const link of found.offSite) expect(link).toBe('noopener noreferrer _blank');
}

async function expectStayed(page: Page, path: RegExp) {
  await expect(page.locator('meta[http-equiv="refresh" i]')).toHaveCount(0);
  await expect(page).toHaveURL(path);
}

test('an item and an ability with hostile HTML show only allow-listed HTML on the public pages @mobile', async ({
  page,
  request,
  ip,
}) => {
  const admin = await staff(request, ip);
  const tag = Math.floor(Math.random() * 1e8);
  const rid = `e2e-html-${tag}`;
  const name = `清洗测试${tag}`;
  const added = await admin.call('/api/admin/catalogue/item/add', {
    rid,
    child_id: 13,
    name,
    img: '/upload/img/items/xps.svg',
    sketch: HOSTILE,
    content: HOSTILE,
    price_fen: 10_000,
    unit: '元/样',
    sort: 99_999,
  });
  expect(added, JSON.stringify(added)).toMatchObject({ code: 1 });
  const category = `清洗${tag}`.slice(0, 20);
  const ability = await admin.call<{ rid: string }>('/api/admin/catalogue/ability/add', {
    title: name,
    img: '/upload/img/ability/case.svg',
    category,
    content: HOSTILE,
  });
  expect(ability, JSON.stringify(ability)).toMatchObject({ code: 1 });

  try {
    await page.goto(`/detail/${rid}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expectClean(page.getByRole('region', { name: '项目概要' }).locator('[data-staff-html]'));
    await expectClean(page.getByRole('region', { name: '项目详情' }));
    await expectStayed(page, new RegExp(`/detail/${rid}$`));

    await page.goto(`/search?kw=${encodeURIComponent(name)}`);
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expectClean(card.locator('[data-staff-html]'));
    await expectStayed(page, /\/search\?kw=/);

    await page.goto(`/televised?category=${encodeURIComponent(category)}`);
    const entry = page
      .getByRole('list', { name: '能力案例' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expectClean(entry.locator('template'));
    await entry.getByRole('button', { name: '查看详情' }).click();
    const dialog = page.getByRole('dialog', { name: '能力详情' });
    await expect(dialog).toBeVisible();
    await expectClean(dialog.locator('[data-body]'));
    await expectStayed(page, /\/televised\?category=/);
  } finally {
    await admin.call('/api/admin/catalogue/item/edit', { rid, on_sale: false });
    await admin.call('/api/admin/catalogue/ability/delete', { rid: ability.data.rid });
  }
});
