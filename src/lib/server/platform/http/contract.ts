// What each route takes, answers and allows, declared once (decision 0064): route() (route.ts)
// binds a handler to an endpoint declared in lib/shared, and contract() leaves that declaration
// where the staff guard, the OpenAPI document (/api/openapi.json), the readers and ok()'s answer
// check read it back, so none of them can drift from the code.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { z } from 'zod';
import type { Endpoint } from '../../../shared/api/endpoint.ts';

/** What a route declares about itself: an endpoint, or (routes not yet moved to one) its schemas only. */
export type RouteContract = Omit<Endpoint, 'method' | 'path' | 'access'> & Partial<Pick<Endpoint, 'access'>>;

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
const currentContract = (c: Context): RouteContract | undefined =>
  c.get(CONTRACT as never) as RouteContract | undefined;

/** The contract a route handler stands for, if it is a contract() middleware. */
export const contractOf = (handler: object): RouteContract | undefined => declared.get(handler);

/**
 * The declaration of the route a request matched, readable before the route's own handlers run
 * (the staff guard runs ahead of them, as /api/admin/* middleware).
 */
export function matchedContract(c: Context): RouteContract | undefined {
  for (const route of matchedRoutes(c)) {
    if (route.method === 'ALL') continue;
    const found = contractOf(route.handler);
    if (found) return found;
  }
  return undefined;
}

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
