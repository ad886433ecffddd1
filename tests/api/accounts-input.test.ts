import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { accounts } from '../support/accounts.ts';

const t = await setupApi();
const a = accounts(t);

// Every account call with the fields it reads.
const OPEN: Record<string, string[]> = {
  '/api/open/code4sms': ['phone', 'useFor'],
  '/api/open/sign': ['phone', 'code', 'password', 'inviterCode'],
  '/api/open/reset': ['account', 'code', 'password'],
  '/api/open/login': ['account', 'password'],
  '/api/open/loginForCode': ['phone', 'code'],
  '/api/open/refresh4token': ['token'],
  '/api/open/wx/qrCodeLogin': ['ticket'],
  '/api/open/wx/bind': ['bindKey', 'phone', 'code'],
};
const AUTH: Record<string, string[]> = {
  '/api/auth/updateInfo': ['name', 'email', 'avatar'],
  '/api/auth/update4contact': ['phone', 'code', 'password'],
};

const NASTY = [
  "' OR '1'='1",
  "13800138000'; DROP TABLE users; --",
  '"; select pg_sleep(5); --',
  '😀🔥👨‍👩‍👧',
  '\u0000\u202e',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'x'.repeat(5000),
];
const WRONG_TYPES = [123, true, null, [], {}, 1.5, -1];

describe('hostile input never causes a 500', () => {
  let token = '';
  const headersFor = (path: string) => (path.startsWith('/api/auth') ? a.bearer(token) : {});
  const all = () => ({ ...OPEN, ...AUTH });

  it('logs in a user for the authenticated calls', async () => {
    token = (await a.user()).token;
  });

  it('answers malformed JSON with a message', async () => {
    for (const path of Object.keys(all())) {
      for (const body of ['{', '{"phone":', 'not json', '[1,2', '\u0000']) {
        const res = await t.post(path, body, headersFor(path));
        expect(res.status, path).toBeLessThan(500);
        expect(res.body.code).toBe(0);
        expect(res.body.msg).toBe('请求数据格式错误，请提交 JSON');
      }
    }
  });

  it('answers missing fields with the first field’s Chinese message', async () => {
    const expected: Record<string, string> = {
      '/api/open/code4sms': '[手机号]不能为空',
      '/api/open/sign': '[手机号]不能为空',
      '/api/open/reset': '[手机号]不能为空',
      '/api/open/login': '[用户名/手机号]不能为空',
      '/api/open/loginForCode': '[手机号]不能为空',
      '/api/open/refresh4token': '登录已过期，请重新登录',
      '/api/open/wx/qrCodeLogin': '[二维码]不能为空',
      '/api/open/wx/bind': '[绑定凭证]不能为空',
      '/api/auth/update4contact': '[手机号]不能为空',
    };
    for (const [path, msg] of Object.entries(expected)) {
      for (const body of [{}, undefined, '']) {
        const res = await t.post(path, body, headersFor(path));
        expect(res.status).toBeLessThan(500);
        expect(res.body, path).toMatchObject({ code: 0, msg });
      }
    }
    expect((await t.post('/api/open/login', { account: '13800138000' })).body.msg).toBe('[密码]不能为空');
    expect((await t.post('/api/open/loginForCode', { phone: '13800138000' })).body.msg).toBe(
      '[验证码]不能为空',
    );
  });

  it('answers wrong types and SQL metacharacters or emoji in every field with code 0 and a message', async () => {
    for (const [path, fields] of Object.entries(all())) {
      for (const field of fields) {
        for (const value of [...WRONG_TYPES, ...NASTY]) {
          const body = Object.fromEntries(fields.map((f) => [f, f === field ? value : valid(f)]));
          const res = await t.post(path, body, headersFor(path));
          expect(res.status, `${path} ${field}=${String(value).slice(0, 20)}`).toBeLessThan(500);
          if (res.body.code !== 0) {
            // Only the optional profile fields may accept odd text, and then store it verbatim.
            expect(path).toBe('/api/auth/updateInfo');
          } else {
            expect(res.body.msg.length).toBeGreaterThan(0);
            expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
          }
        }
      }
    }
    const info = await a.info(token);
    expect(info.body.code).toBe(1);
  });

  it('refuses a 10 MB body with 413 and 请求数据过大', async () => {
    const big = JSON.stringify({ phone: '13800138000', pad: 'x'.repeat(10 * 1024 * 1024) });
    for (const path of ['/api/open/login', '/api/open/code4sms', '/api/auth/updateInfo']) {
      const res = await t.post(path, big, headersFor(path));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ code: 0, msg: '请求数据过大', data: { error: 'BODY_TOO_LARGE' } });
    }
    // Also when the size is not announced (chunked upload).
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 11; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024 * 1024)));
        controller.close();
      },
    });
    const res = await t.api.request('/api/open/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('stores emoji and quotes in profile text exactly as given', async () => {
    const name = "O'Brien 😀";
    expect((await t.post('/api/auth/updateInfo', { name }, a.bearer(token))).body.code).toBe(1);
    expect((await a.info(token)).body.data.userInfo.name).toBe(name);
  });
});

function valid(field: string): unknown {
  const values: Record<string, unknown> = {
    phone: '13800138000',
    account: '13800138000',
    useFor: 0,
    code: '123456',
    password: 'Passw0rd-ok',
    inviterCode: '',
    token: 'x'.repeat(43),
    ticket: 'x'.repeat(32),
    bindKey: 'x'.repeat(32),
    name: '张三',
    email: 'a@example.com',
    avatar: '/upload/img/a.png',
  };
  return values[field];
}
