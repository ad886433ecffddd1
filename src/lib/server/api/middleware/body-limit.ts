import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../app.ts';

export const JSON_BODY_LIMIT = 1024 * 1024;

const limit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: (c) => c.json({ code: 0, msg: '请求数据过大', data: null }, 413),
});

/**
 * 1 MB for every JSON/form call; multipart uploads set their own limit on their route. GET and
 * HEAD carry no body: skipping them also spares node-server building a full Request object,
 * which costs the busiest public call (web/index) a third of its throughput.
 */
export const jsonBodyLimit: MiddlewareHandler<ApiEnv> = (c, next) =>
  c.req.method === 'GET' ||
  c.req.method === 'HEAD' ||
  c.req.header('content-type')?.startsWith('multipart/form-data')
    ? next()
    : limit(c, next);
