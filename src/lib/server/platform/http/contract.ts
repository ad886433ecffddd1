// What each route takes, declared beside it and read back by the OpenAPI document
// (/api/openapi.json): a pass-through middleware that also checks, on every request, that the
// handler validates with the very schema it declares, so the document cannot drift from the code.
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';

export type RouteContract = {
  /** A short Chinese summary for the reference page. */
  summary?: string;
  /** The JSON body's schema (POST). */
  body?: z.ZodType;
  /** The query string's schema (GET). */
  query?: z.ZodType;
  /** A multipart upload: its fields and what each is. */
  multipart?: Record<string, string>;
  /** The success envelope's `data` (JSON as sent): null when a call answers only its message. */
  response?: z.ZodType;
  /** What a non-envelope answer is (a PDF, a file, WeChat's text protocol). */
  produces?: string;
};

const declared = new WeakMap<object, RouteContract>();
const CONTRACT = 'contract';

/** Declares a route's input; put it first among the route's handlers. */
export function contract(c: RouteContract): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (ctx, next) => {
    ctx.set(CONTRACT as never, c as never);
    await next();
  };
  declared.set(middleware, c);
  return middleware;
}

/** The contract of the route being answered (set by its contract() middleware). */
export const currentContract = (c: Context): RouteContract | undefined =>
  c.get(CONTRACT as never) as RouteContract | undefined;

/** The contract a route handler stands for, if it is a contract() middleware. */
export const contractOf = (handler: object): RouteContract | undefined => declared.get(handler);

/**
 * Called by readBody/readQuery: the schema a handler validates with must be the one its route
 * declares. A mismatch is a programming error (a 500 the tests catch), never a user's.
 */
export function assertDeclared(c: Context, kind: 'body' | 'query', schema: z.ZodType) {
  const route = currentContract(c);
  if (route && route[kind] !== schema)
    throw new Error(
      `${c.req.method} ${c.req.path}: validates its ${kind} with a schema its contract does not declare`,
    );
}

/**
 * Called by ok() when contracts are checked (tests, development): the answer, as JSON on the wire,
 * must be exactly what the route's declared response schema describes, with no field it does not
 * name. A mismatch is a programming error (a 500 the tests catch), never a user's.
 */
export function assertResponse(c: Context, data: unknown) {
  const schema = currentContract(c)?.response;
  if (!schema) return;
  const wire = data === undefined ? null : JSON.parse(JSON.stringify(data));
  const result = schema.safeParse(wire);
  const where = `${c.req.method} ${c.req.path}: its answer`;
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `${where} does not match its response schema at ${issue.path.join('.')}: ${issue.message}`,
    );
  }
  // Object schemas drop unknown keys: a field the schema does not name shows up as a difference.
  const extra = firstUndeclared(wire, result.data);
  if (extra !== null) throw new Error(`${where} has a field its response schema does not name: ${extra}`);
}

function firstUndeclared(wire: unknown, parsed: unknown, path = 'data'): string | null {
  if (Array.isArray(wire) && Array.isArray(parsed)) {
    for (let i = 0; i < wire.length; i++) {
      const found = firstUndeclared(wire[i], parsed[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (wire && typeof wire === 'object' && parsed && typeof parsed === 'object') {
    for (const key of Object.keys(wire)) {
      if (!(key in parsed)) return `${path}.${key}`;
      const found = firstUndeclared(
        (wire as Record<string, unknown>)[key],
        (parsed as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (found) return found;
    }
  }
  return null;
}
