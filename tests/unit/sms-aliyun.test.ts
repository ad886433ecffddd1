import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createAliyunSms,
  parseNotifyTemplates,
  percentEncode,
  signRpc,
} from '#server/platform/adapters/sms/aliyun.ts';
import { smsParams } from '#server/notify/templates.ts';

describe('Aliyun RPC signature', () => {
  it('percent-encodes as Aliyun specifies (space %20, * %2A, ~ kept)', () => {
    expect(percentEncode('a b*c~d')).toBe('a%20b%2Ac~d');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('测')).toBe('%E6%B5%8B');
    expect(percentEncode('{"code":"1"}')).toBe('%7B%22code%22%3A%221%22%7D');
  });

  it("matches Aliyun's documented example signature", () => {
    // From Aliyun's "signature mechanism" page (DescribeRegions, secret "testsecret").
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(signRpc('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

describe('Aliyun SMS adapter against a local fake endpoint', () => {
  const seen: Record<string, string>[] = [];
  let reply = { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r' };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const params = Object.fromEntries(new URLSearchParams(raw));
    seen.push(params);
    // Recompute the signature the way Aliyun does and refuse a mismatch.
    const { Signature, ...rest } = params;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${percentEncode(k)}=${percentEncode(rest[k])}`)
      .join('&');
    const expected = createHmac('sha1', 'key-secret&')
      .update(`POST&%2F&${percentEncode(canonical)}`)
      .digest('base64');
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'POST' || Signature !== expected) {
      res.statusCode = 400;
      return res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'bad signature' }));
    }
    res.end(JSON.stringify(reply));
  });
  const ready = new Promise<void>((resolve) => server.listen(4462, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const sms = (secret = 'key-secret') =>
    createAliyunSms(
      {
        accessKeyId: 'key-id',
        accessKeySecret: secret,
        signName: '检测服务平台',
        templateCode: 'SMS_123456',
        endpoint: 'http://127.0.0.1:4462',
      },
      () => Date.UTC(2026, 0, 5, 8, 30, 15, 123),
    );

  it('sends SendSms with signed, complete parameters', async () => {
    await ready;
    await sms().send({ phone: '13800138000', text: 'ignored by templates', params: { code: '042917' } });
    const p = seen.at(-1)!;
    expect(p).toMatchObject({
      AccessKeyId: 'key-id',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800138000',
      RegionId: 'cn-hangzhou',
      SignName: '检测服务平台',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_123456',
      TemplateParam: '{"code":"042917"}',
      Timestamp: '2026-01-05T08:30:15Z',
      Version: '2017-05-25',
    });
    expect(p.SignatureNonce).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a notification with its own template code and variables', async () => {
    await ready;
    const notify = createAliyunSms({
      accessKeyId: 'key-id',
      accessKeySecret: 'key-secret',
      signName: '检测服务平台',
      templateCode: 'SMS_123456',
      notifyTemplates: parseNotifyTemplates('received=SMS_2001, billed=SMS_2002'),
      endpoint: 'http://127.0.0.1:4462',
    });
    await notify.send({
      phone: '13800138000',
      text: '',
      template: 'billed',
      params: smsParams('billed', {
        order_no: 'LP20260105000001',
        amount_fen: '123450',
        note: '',
        recycle: '0',
      }),
    });
    expect(seen.at(-1)).toMatchObject({
      TemplateCode: 'SMS_2002',
      TemplateParam: '{"order_no":"LP20260105000001","amount":"1234.50"}',
    });
    // An event without an approved template is refused before any request.
    const before = seen.length;
    await expect(
      notify.send({ phone: '13800138000', text: '', template: 'quoted', params: {} }),
    ).rejects.toThrow(/template "quoted" is not configured/);
    expect(seen.length).toBe(before);
  });

  it('parses the notification template list and rejects malformed pairs', () => {
    expect(parseNotifyTemplates(undefined)).toEqual({});
    expect(parseNotifyTemplates('received=SMS_1,cancelled=SMS_2')).toEqual({
      received: 'SMS_1',
      cancelled: 'SMS_2',
    });
    expect(() => parseNotifyTemplates('received:SMS_1')).toThrow(
      /ALIYUN_SMS_NOTIFY_TEMPLATES: "received:SMS_1" is not name=code/,
    );
  });

  it('throws when the signature is wrong or Aliyun refuses', async () => {
    await ready;
    await expect(
      sms('wrong').send({ phone: '13800138000', text: '', params: { code: '1' } }),
    ).rejects.toThrow(/SignatureDoesNotMatch/);
    reply = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控', BizId: '', RequestId: 'r' };
    await expect(sms().send({ phone: '13800138000', text: '', params: { code: '1' } })).rejects.toThrow(
      /BUSINESS_LIMIT_CONTROL/,
    );
  });
});
