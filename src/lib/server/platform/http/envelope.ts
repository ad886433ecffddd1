import type { Context } from 'hono';
import type { z } from 'zod';
import { DomainError } from '../errors.ts';
import { assertDeclared, assertResponse } from './contract.ts';
import type { ErrorCode, FailureData } from '../../../shared/errors.ts';
import { cleanInput, cleanText, InputTooDeepError } from '../../../shared/input.ts';

export type Envelope<T> = { code: 0 | 1; msg: string; data: T };

/** The success envelope; outside production its data is checked against the route's contract. */
export const ok = <T>(c: Context, data: T, msg = '操作成功!') => {
  checkAnswer(c, data);
  return c.json({ code: 1, msg, data } satisfies Envelope<T>);
};

/** Checks an answer's data against the route's declared response, except in production. */
export function checkAnswer(c: Context, data: unknown) {
  const env = (c.get('services' as never) as { env: { NODE_ENV: string } } | undefined)?.env;
  if (env?.NODE_ENV !== 'production') assertResponse(c, data);
}

/** The failure envelope: the spec's {code: 0, msg}, and the machine code as data. */
export const failure = (msg: string, error: ErrorCode): Envelope<FailureData> => ({
  code: 0,
  msg,
  data: { error },
});

const NOT_JSON = '请求数据格式错误，请提交 JSON';

export const INPUT_TOO_DEEP = '请求数据层级过深';

/** Input as the database can store it, nested no deeper than any call of ours takes. */
function bounded(input: unknown): unknown {
  try {
    return cleanInput(input);
  } catch (error) {
    if (error instanceof InputTooDeepError) throw new DomainError(INPUT_TOO_DEEP, 200, 'INVALID_INPUT');
    throw error;
  }
}

/**
 * A JSON request body as every reader takes it (the route's readBody, the staff audit before it):
 * parsed, its depth bounded and its text cleaned; an empty body counts as {}.
 */
export function parseJsonBody(text: string): unknown {
  if (!text.trim()) return {};
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    throw new DomainError(NOT_JSON, 200, 'INVALID_INPUT');
  }
  return bounded(input);
}

/** The first issue's message only, as the spec shows one error at a time. */
function validate<S extends z.ZodType>(schema: S, cleaned: unknown): z.output<S> {
  const result = schema.safeParse(cleaned);
  if (!result.success)
    throw new DomainError(result.error.issues[0]?.message ?? '请求参数有误', 200, 'INVALID_INPUT');
  return result.data;
}

/**
 * JSON calls take JSON (or text holding JSON, or no type at all, as curl and sendBeacon send).
 * Anything else, above all multipart sent to a JSON call, is refused before a byte is read.
 */
function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type === 'text/plain' || type.endsWith('+json');
}

/** Reads and validates a JSON body; an empty body counts as {}. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  assertDeclared(c, 'body', schema);
  if (!isJsonType(c.req.header('content-type'))) throw new DomainError(NOT_JSON, 415);
  return validate(schema, parseJsonBody(await c.req.text()));
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  assertDeclared(c, 'query', schema);
  return validate(schema, bounded(c.req.query()));
}

/** A path parameter (an id in the URL) as the database can compare it. */
export const readParam = (c: Context, name: string, maxLength = 64): string =>
  cleanText(c.req.param(name) ?? '').slice(0, maxLength);
