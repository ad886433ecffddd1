import { describe, expect, it } from 'vitest';
import type {
  AbilityItem,
  ArticleDetail,
  ArticleSummary,
  Paged,
  ThanksItem,
} from '#shared/catalogue/catalogue.ts';
import { setupApi } from '../setup/api.ts';

const t = await setupApi();
const { articles, thanks } = t.services.content;

describe('POST /api/open/web/news/list4index', () => {
  it('lists news by default, without HTML bodies', async () => {
    const res = await t.post<Paged<ArticleSummary>>('/api/open/web/news/list4index', { page: 1, size: 5 });
    expect(res.body.code).toBe(1);
    const news = articles.filter((a) => a.category === 'news');
    expect(res.body.data.total).toBe(news.length);
    expect(res.body.data.list.map((a) => a.rid)).toEqual(news.slice(0, 5).map((a) => a.rid));
    for (const a of res.body.data.list) {
      expect(a).not.toHaveProperty('html');
      expect(a.category).toBe('news');
      expect(a.created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('lists courses and service cases by type, with page totals', async () => {
    for (const type of ['course', 'service'] as const) {
      const all = articles.filter((a) => a.category === type);
      const res = await t.post<Paged<ArticleSummary>>('/api/open/web/news/list4index', {
        type,
        page: 2,
        size: 2,
      });
      expect(res.body.data.total).toBe(all.length);
      expect(res.body.data.list.map((a) => a.rid)).toEqual(all.slice(2, 4).map((a) => a.rid));
    }
  });

  it('rejects an unknown type in Chinese', async () => {
    const res = await t.post('/api/open/web/news/list4index', { type: 'thanks' });
    expect(res.body).toEqual({
      code: 0,
      msg: '[文章类型]只能是 news、course 或 service',
      data: { error: 'INVALID_INPUT' },
    });
  });
});

describe('POST /api/open/news/detail', () => {
  it('returns the article with its HTML', async () => {
    const a = articles[0];
    const res = await t.post<ArticleDetail>('/api/open/news/detail', { rid: a.rid });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ rid: a.rid, title: a.title, category: a.category });
    expect(res.body.data.html).toBe(a.html);
  });

  it('says a missing article is gone', async () => {
    expect((await t.post('/api/open/news/detail', { rid: 'nope' })).body).toEqual({
      code: 0,
      msg: '文章不存在或已下线',
      data: { error: 'NOT_FOUND' },
    });
  });
});

describe('POST /api/open/web/acknowledge/list4index', () => {
  it('pages the acknowledgements, newest first, with the five columns and the source', async () => {
    const res = await t.post<Paged<ThanksItem>>('/api/open/web/acknowledge/list4index', { page: 1, size: 3 });
    expect(res.body.code).toBe(1);
    expect(res.body.data.total).toBe(thanks.length);
    expect(res.body.data.list.map((r) => r.rid)).toEqual(thanks.slice(0, 3).map((r) => r.rid));
    for (const r of res.body.data.list) {
      expect(Object.keys(r).sort()).toEqual(
        ['rid', 'company', 'title', 'code', 'content', 'sketch', 'source', 'created'].sort(),
      );
      expect(r.source).toMatch(/^https?:\/\//);
    }
  });
});

describe('capability showcase', () => {
  it('lists entries with their categories and filters by one', async () => {
    const all = await t.post<Paged<AbilityItem> & { categories: string[] }>('/api/open/ability/index', {
      page: 1,
      size: 50,
    });
    expect(all.body.code).toBe(1);
    expect(all.body.data.total).toBeGreaterThanOrEqual(8);
    expect(all.body.data.categories.length).toBeGreaterThan(1);
    const category = all.body.data.categories[0];
    const one = await t.post<Paged<AbilityItem>>('/api/open/ability/index', { category, page: 1, size: 50 });
    expect(one.body.data.total).toBe(all.body.data.list.filter((a) => a.category === category).length);
    expect(one.body.data.list.every((a) => a.category === category)).toBe(true);
  });

  it('counts views, also when many arrive at once', async () => {
    const before = await t.post<Paged<AbilityItem>>('/api/open/ability/index', { size: 50 });
    const entry = before.body.data.list[0];
    const first = await t.post<{ rid: string; views: number }>('/api/open/ability/sync4num', {
      rid: entry.rid,
    });
    expect(first.body).toEqual({
      code: 1,
      msg: '操作成功!',
      data: { rid: entry.rid, views: entry.views + 1 },
    });
    await Promise.all(
      Array.from({ length: 10 }, () => t.post('/api/open/ability/sync4num', { rid: entry.rid })),
    );
    const after = await t.post<Paged<AbilityItem>>('/api/open/ability/index', { size: 50 });
    expect(after.body.data.list.find((a) => a.rid === entry.rid)!.views).toBe(entry.views + 11);
  });

  it('answers an unknown entry in the envelope', async () => {
    expect((await t.post('/api/open/ability/sync4num', { rid: 'nope' })).body.msg).toBe('案例不存在或已下线');
    expect((await t.post('/api/open/ability/sync4num', { rid: 12 })).body.msg).toBe('[编号]格式不正确');
  });
});
