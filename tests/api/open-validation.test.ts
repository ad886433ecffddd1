import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';

const t = await setupApi();

const postPaths = [
  '/api/open/setting/list4key',
  '/api/open/indexMsg/add',
  '/api/open/web/acknowledge/list4index',
  '/api/open/web/news/list4index',
  '/api/open/news/detail',
  '/api/open/ability/index',
  '/api/open/ability/sync4num',
  '/api/open/device/query4timeExtra',
  '/api/open/project/list',
  '/api/open/project/detail',
  '/api/open/search',
];

const hasChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);

describe('bad bodies never cause a server error', () => {
  it.each(postPaths)('%s answers broken JSON with code 0 in Chinese', async (path) => {
    const res = await t.post(path, '{"page": 1,');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 0,
      msg: '请求数据格式错误，请提交 JSON',
      data: { error: 'INVALID_INPUT' },
    });
  });

  it.each(postPaths)('%s answers a body that is not an object', async (path) => {
    for (const body of ['[1,2]', 'null', '"text"', '42']) {
      const res = await t.post(path, body);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(0);
      expect(hasChinese(res.body.msg)).toBe(true);
    }
  });

  it.each(postPaths)('%s answers fields of the wrong type', async (path) => {
    const res = await t.post(path, {
      page: { a: 1 },
      size: [1],
      rid: { x: 1 },
      keys: 5,
      name: 5,
      type: 5,
      typeId: 'x',
      kw: 5,
      date: 5,
      category: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(hasChinese(res.body.msg)).toBe(true);
  });

  it('treats an empty body as {} for list calls', async () => {
    const res = await t.post('/api/open/web/news/list4index');
    expect(res.body.code).toBe(1);
  });

  it('answers GET calls with bad query strings in Chinese', async () => {
    for (const path of [
      '/api/open/web/device/search?size=abc',
      '/api/open/web/device/search?kw=' + 'x'.repeat(60),
      '/api/open/device/detail?rid=',
    ]) {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(0);
      expect(hasChinese(res.body.msg)).toBe(true);
    }
  });

  it('answers the wrong method or an unknown path with the 404 envelope', async () => {
    for (const res of [
      await t.get('/api/open/setting/list4key'),
      await t.post('/api/open/web/index', {}),
      await t.post('/api/open/nothing-here', {}),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 0, msg: '接口不存在', data: { error: 'NO_SUCH_CALL' } });
    }
  });
});
