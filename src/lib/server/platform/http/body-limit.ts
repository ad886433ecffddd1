import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './api-env.ts';
import { largestUpload } from './uploads.ts';
import { failure } from './envelope.ts';

const JSON_BODY_LIMIT = 1024 * 1024;

const tooLarge = failure('请求数据过大', 'BODY_TOO_LARGE');
const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: (c) => c.json(tooLarge, 413) });

/**
 * Every body is bounded before it is read: 1 MB for everything but multipart, and multipart up to
 * the largest upload (its route then applies its own, smaller limit; a JSON call refuses it
 * unread, see readBody). The count is on the bytes streamed, so a chunked body without a
 * Content-Length is cut off just the same. GET and HEAD carry no body: skipping them also spares
 * node-server building a full Request object, which costs web/index a third of its throughput.
 */
export const bodyLimits: MiddlewareHandler<ApiEnv> = (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const multipart = c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data');
  // A declared length is checked as a number, again without building the Request (a call that
  // never reads its body, like user/info, stays cheap); Node's parser holds the body to it.
  const length = c.req.header('content-length');
  if (length !== undefined && /^\d+$/.test(length) && c.req.header('transfer-encoding') === undefined)
    return Number(length) > (multipart ? largestUpload(c) : JSON_BODY_LIMIT)
      ? Promise.resolve(c.json(tooLarge, 413))
      : next();
  if (multipart)
    return bodyLimit({ maxSize: largestUpload(c), onError: (cc) => cc.json(tooLarge, 413) })(c, next);
  return jsonLimit(c, next);
};
