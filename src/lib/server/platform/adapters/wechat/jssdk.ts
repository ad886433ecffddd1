import { createHash } from 'node:crypto';

/**
 * WeChat JS-SDK's config signature (附录1 of its documentation): the four fields, named in lower
 * case and sorted, joined as key=value&… unescaped, then SHA-1 in hex. `url` is the page's address
 * without its #fragment.
 */
export function jsSdkSignature(f: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const string1 = `jsapi_ticket=${f.ticket}&noncestr=${f.nonceStr}&timestamp=${f.timestamp}&url=${f.url}`;
  return createHash('sha1').update(string1).digest('hex');
}
