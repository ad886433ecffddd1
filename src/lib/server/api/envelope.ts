import type { Context } from 'hono';
import type { z } from 'zod';
import { DomainError } from '../errors.ts';

export type Envelope<T> = { code: 0 | 1; msg: string; data: T };

export const ok = <T>(c: Context, data: T, msg = '操作成功') =>
  c.json({ code: 1, msg, data } satisfies Envelope<T>);

/** The first issue's message only, as the spec shows one error at a time. */
function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new DomainError(result.error.issues[0]?.message ?? '请求参数有误');
  return result.data;
}

/** Reads and validates a JSON body; an empty body counts as {}. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let input: unknown = {};
  if (text.trim()) {
    try {
      input = JSON.parse(text);
    } catch {
      throw new DomainError('请求数据格式错误，请提交 JSON');
    }
  }
  return validate(schema, input);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, c.req.query());
}
