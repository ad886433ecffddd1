import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  parseWechatXml,
  scanFromMessage,
  verifyWechatSignature,
  wechatSignature,
} from '#server/platform/adapters/wechat/callback.ts';

describe('WeChat callback signature', () => {
  it('is sha1 of token, timestamp and nonce sorted as strings', () => {
    const expected = createHash('sha1')
      .update(['1409659813', '1372623149', 'mytoken'].sort().join(''))
      .digest('hex');
    expect(wechatSignature('mytoken', '1409659813', '1372623149')).toBe(expected);
    expect(
      verifyWechatSignature('mytoken', { signature: expected, timestamp: '1409659813', nonce: '1372623149' }),
    ).toBe(true);
    expect(
      verifyWechatSignature('other', { signature: expected, timestamp: '1409659813', nonce: '1372623149' }),
    ).toBe(false);
    expect(verifyWechatSignature('mytoken', { timestamp: '1', nonce: '2' })).toBe(false);
  });
});

describe('WeChat event XML', () => {
  const scan = `<xml><ToUserName><![CDATA[toUser]]></ToUserName>
<FromUserName><![CDATA[FromUser]]></FromUserName>
<CreateTime>123456789</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[SCAN]]></Event>
<EventKey><![CDATA[SCENE_VALUE]]></EventKey>
<Ticket><![CDATA[TICKET]]></Ticket>
</xml>`;

  it('parses CDATA and plain values', () => {
    expect(parseWechatXml(scan)).toMatchObject({
      ToUserName: 'toUser',
      FromUserName: 'FromUser',
      CreateTime: '123456789',
      Event: 'SCAN',
      EventKey: 'SCENE_VALUE',
    });
    expect(parseWechatXml('<xml><A>a &amp; b</A></xml>')).toEqual({ A: 'a & b' });
    expect(parseWechatXml('not xml')).toEqual({});
  });

  it('reads the scene from SCAN and from subscribe with qrscene_', () => {
    expect(scanFromMessage(parseWechatXml(scan))).toEqual({ openid: 'FromUser', scene: 'SCENE_VALUE' });
    const sub = scan.replace('SCAN', 'subscribe').replace('SCENE_VALUE', 'qrscene_abc');
    expect(scanFromMessage(parseWechatXml(sub))).toEqual({ openid: 'FromUser', scene: 'abc' });
    const plainSub = scan
      .replace('SCAN', 'subscribe')
      .replace('<EventKey><![CDATA[SCENE_VALUE]]></EventKey>', '');
    expect(scanFromMessage(parseWechatXml(plainSub))).toBeNull();
    expect(scanFromMessage({ MsgType: 'text', FromUserName: 'u', EventKey: 'x' })).toBeNull();
  });
});
