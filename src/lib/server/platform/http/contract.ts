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

/** The contract a route handler stands for, if it is a contract() middleware. */
export const contractOf = (handler: object): RouteContract | undefined => declared.get(handler);

/**
 * Called by readBody/readQuery: the schema a handler validates with must be the one its route
 * declares. A mismatch is a programming error (a 500 the tests catch), never a user's.
 */
export function assertDeclared(c: Context, kind: 'body' | 'query', schema: z.ZodType) {
  const route = c.get(CONTRACT as never) as RouteContract | undefined;
  if (route && route[kind] !== schema)
    throw new Error(
      `${c.req.method} ${c.req.path}: validates its ${kind} with a schema its contract does not declare`,
    );
}
