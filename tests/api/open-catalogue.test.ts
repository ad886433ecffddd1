import { describe, expect, it } from 'vitest';
import type {
  HomeData,
  ItemDetail,
  Paged,
  ProjectListItem,
  SearchResult,
  TypeGroup,
} from '#shared/catalogue/catalogue.ts';
import { setupApi } from '../setup/api.ts';

const t = await setupApi();
const keys = (o: object) => Object.keys(o).sort();

describe('GET /api/open/web/index', () => {
  it('answers exactly the spec home data fields', async () => {
    const res = await t.get<HomeData>('/api/open/web/index');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(keys(d)).toEqual(
      [
        'bannerArr',
        'typeArr',
        'prefectureNavBottomArr',
        'hotItems',
        'serviceCaseArr',
        'thanksArr',
        'partnerArr',
      ].sort(),
    );
    for (const b of d.bannerArr) expect(keys(b)).toEqual(['description', 'img', 'redirect', 'title']);
    expect(d.typeArr.map((x) => [x.id, x.name])).toEqual([
      [1, '送样检测'],
      [2, '预约现场'],
      [3, '数据分析'],
    ]);
    for (const ty of d.typeArr) {
      expect(keys(ty)).toEqual(['discount_info', 'id', 'img', 'name', 'typeChildArr']);
      expect(ty.discount_info.discount_label).not.toBe('');
      expect(ty.img).toMatch(/^\/upload\/img\/types\/.+\.svg$/);
      for (const ch of ty.typeChildArr) expect(keys(ch)).toEqual(['id', 'name']);
    }
    expect(d.typeArr[0].typeChildArr[0]).toEqual({ id: 31, name: '样品前处理' });
    expect(d.prefectureNavBottomArr.length).toBeGreaterThanOrEqual(4);
    for (const p of d.prefectureNavBottomArr)
      expect(keys(p)).toEqual(['child_id', 'id', 'img', 'name', 'sketch', 'type_id']);
  });

  it('a hot area lists its own items, not its whole type (电镜专区: 形貌表征 only)', async () => {
    const d = (await t.get<HomeData>('/api/open/web/index')).body.data;
    const microscopy = d.prefectureNavBottomArr.find((p) => p.name === '电镜专区')!;
    const child = d.typeArr
      .find((ty) => ty.id === microscopy.type_id)!
      .typeChildArr.find((c) => c.id === microscopy.child_id);
    expect(child?.name).toBe('形貌表征');
    const all = await t.post<{ total: number }>('/api/open/project/list', { typeId: 1, size: 1 });
    const area = await t.post<{ list: { child_id: number }[]; total: number }>('/api/open/project/list', {
      typeId: microscopy.type_id,
      childId: microscopy.child_id,
      size: 50,
    });
    expect(area.body.data.total).toBeGreaterThan(0);
    expect(area.body.data.total).toBeLessThan(all.body.data.total);
    expect(new Set(area.body.data.list.map((i) => i.child_id))).toEqual(new Set([child!.id]));
  });

  it('lists popular items by order count with the spec fields', async () => {
    const { hotItems } = (await t.get<HomeData>('/api/open/web/index')).body.data;
    expect(hotItems.length).toBeGreaterThan(0);
    expect(hotItems.length).toBeLessThanOrEqual(8);
    for (const h of hotItems) expect(keys(h)).toEqual(['img', 'name', 'order', 'rid', 'sketch']);
    const orders = hotItems.map((h) => h.order);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
  });

  it('takes cases and acknowledgements from the content files', async () => {
    const { serviceCaseArr, thanksArr, partnerArr } = (await t.get<HomeData>('/api/open/web/index')).body
      .data;
    const services = t.services.content.articles.filter((a) => a.category === 'service');
    expect(serviceCaseArr.length).toBe(Math.min(4, services.length));
    for (const c of serviceCaseArr) {
      expect(keys(c)).toEqual(['created', 'img', 'rid', 'sketch', 'source', 'title']);
      expect(c.created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(thanksArr.length).toBe(Math.min(5, t.services.content.thanks.length));
    for (const r of thanksArr)
      expect(keys(r)).toEqual(['code', 'company', 'content', 'sketch', 'source', 'title']);
    expect(partnerArr.length).toBe(Math.min(4, t.services.content.partners.length));
  });

  it('is served as JSON', async () => {
    const res = await t.api.request('/api/open/web/index');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('GET /api/open/type/group', () => {
  it('groups child categories under the three types with item counts', async () => {
    const res = await t.get<TypeGroup[]>('/api/open/type/group');
    expect(res.body.code).toBe(1);
    expect(res.body.data.map((g) => g.id)).toEqual([1, 2, 3]);
    const prep = res.body.data[0].children.find((c) => c.id === 31);
    expect(prep).toMatchObject({ name: '样品前处理' });
    expect(prep!.count).toBeGreaterThan(0);
    const total = res.body.data.flatMap((g) => g.children).reduce((n, c) => n + c.count, 0);
    expect(total).toBeGreaterThanOrEqual(40);
  });
});

describe('POST /api/open/project/list', () => {
  it('pages through a type with a stable total', async () => {
    const first = await t.post<Paged<ProjectListItem>>('/api/open/project/list', {
      typeId: 1,
      page: 1,
      size: 10,
    });
    expect(first.body.code).toBe(1);
    const { total } = first.body.data;
    expect(total).toBeGreaterThan(10);
    expect(first.body.data.list).toHaveLength(10);
    const seen = new Set<string>();
    for (let page = 1; page <= Math.ceil(total / 10); page++) {
      const res = await t.post<Paged<ProjectListItem>>('/api/open/project/list', {
        typeId: 1,
        page,
        size: 10,
      });
      expect(res.body.data.total).toBe(total);
      for (const i of res.body.data.list) {
        expect(i.type_id).toBe(1);
        seen.add(i.rid);
      }
    }
    expect(seen.size).toBe(total);
  });

  it('returns list rows with tags split from the description', async () => {
    const res = await t.post<Paged<ProjectListItem>>('/api/open/project/list', { typeId: 1, childId: 31 });
    expect(res.body.data.total).toBeGreaterThan(0);
    for (const i of res.body.data.list) {
      expect(keys(i)).toEqual(
        [
          'rid',
          'type_id',
          'child_id',
          'child_name',
          'name',
          'img',
          'sketch',
          'tags',
          'price_fen',
          'unit',
          'order',
          'quote_only',
        ].sort(),
      );
      expect(i.child_id).toBe(31);
      expect(i.child_name).toBe('样品前处理');
      expect(i.tags.length).toBeGreaterThan(0);
      expect(i.tags.every((tag) => tag.length > 0 && !tag.includes('|'))).toBe(true);
      expect(Number.isInteger(i.price_fen)).toBe(true);
    }
  });

  it('accepts numbers as text (links carry query strings)', async () => {
    const res = await t.post<Paged<ProjectListItem>>('/api/open/project/list', {
      typeId: '3',
      page: '1',
      size: '5',
    });
    expect(res.body.code).toBe(1);
    expect(res.body.data.list.length).toBeLessThanOrEqual(5);
    expect(res.body.data.list.every((i) => i.type_id === 3)).toBe(true);
  });

  it('filters by keyword, case-insensitively, and treats LIKE wildcards literally', async () => {
    const res = await t.post<Paged<ProjectListItem>>('/api/open/project/list', { kw: 'xrd', size: 50 });
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.list.map((i) => i.rid)).toContain('xrd-powder');
    const wild = await t.post<Paged<ProjectListItem>>('/api/open/project/list', { kw: '%' });
    expect(wild.body.data).toEqual({ list: [], total: 0 });
  });

  it('clamps huge sizes and negative pages instead of failing', async () => {
    const huge = await t.post<Paged<ProjectListItem>>('/api/open/project/list', { page: 1, size: 100000 });
    expect(huge.body.code).toBe(1);
    expect(huge.body.data.list).toHaveLength(50);
    const neg = await t.post<Paged<ProjectListItem>>('/api/open/project/list', { page: -3, size: 0 });
    expect(neg.body.code).toBe(1);
    expect(neg.body.data.list).toHaveLength(1);
    const beyond = await t.post<Paged<ProjectListItem>>('/api/open/project/list', { page: 999, size: 10 });
    expect(beyond.body.data.list).toEqual([]);
    expect(beyond.body.data.total).toBeGreaterThan(0);
  });

  it('answers bad filters with a Chinese message', async () => {
    expect((await t.post('/api/open/project/list', { typeId: 'abc' })).body).toEqual({
      code: 0,
      msg: '[服务类型]格式不正确',
      data: { error: 'INVALID_INPUT' },
    });
    expect((await t.post('/api/open/project/list', { childId: -1 })).body.msg).toBe('[分类]格式不正确');
    expect((await t.post('/api/open/project/list', { page: 'x' })).body.msg).toBe('[页码]格式不正确');
    expect((await t.post('/api/open/project/list', { kw: 'x'.repeat(51) })).body.msg).toBe(
      '[关键词]不能超过50个字',
    );
  });
});

describe('POST /api/open/project/detail', () => {
  it('returns the item with options, body and bookable devices', async () => {
    const res = await t.post<ItemDetail>('/api/open/project/detail', { rid: 'sem-onsite' });
    expect(res.body.code).toBe(1);
    const d = res.body.data;
    expect(d).toMatchObject({ rid: 'sem-onsite', type_id: 2, type_name: '预约现场' });
    expect(d.content).toContain('<h3>');
    expect(d.options.sampleCount).toEqual({ min: 1, max: expect.any(Number), default: 1 });
    expect(d.options.parameters[0]).toMatchObject({ name: expect.any(String), required: true });
    expect(d.devices.length).toBeGreaterThan(0);
    expect(d.devices.every((dev) => dev.item_rid === 'sem-onsite')).toBe(true);
  });

  it('answers a missing item in the envelope', async () => {
    expect((await t.post('/api/open/project/detail', { rid: 'no-such-item' })).body).toEqual({
      code: 0,
      msg: '项目不存在或已下线',
      data: { error: 'NOT_FOUND' },
    });
    expect((await t.post('/api/open/project/detail', {})).body.msg).toBe('[编号]不能为空');
  });
});

describe('POST /api/open/search', () => {
  it('finds items and articles for a keyword', async () => {
    const article = t.services.content.articles[0];
    const word = article.title.slice(0, 2);
    const res = await t.post<SearchResult>('/api/open/search', { kw: word, page: 1, size: 5 });
    expect(res.body.code).toBe(1);
    expect(res.body.data.kw).toBe(word);
    expect(res.body.data.articles.total).toBeGreaterThan(0);
    expect(res.body.data.articles.list.some((a) => a.rid === article.rid)).toBe(true);
    for (const a of res.body.data.articles.list) expect(a).not.toHaveProperty('html');
    const items = await t.post<SearchResult>('/api/open/search', { kw: 'SEM' });
    expect(items.body.data.items.list.map((i) => i.rid)).toContain('sem');
  });

  it('finds nothing for an empty keyword', async () => {
    const res = await t.post<SearchResult>('/api/open/search', { kw: '  ' });
    expect(res.body.data).toEqual({
      kw: '',
      items: { list: [], total: 0 },
      articles: { list: [], total: 0 },
    });
  });
});
