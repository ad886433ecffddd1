// Binding a handler to its declared endpoint (decision 0064): the declaration in lib/shared is
// the route's one statement of its path, input, answer, access and audit.
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Endpoint } from '../../../shared/api/endpoint.ts';
import type { ApiEnv } from './api-env.ts';
import { contract } from './contract.ts';
import { readBody, readQuery } from './envelope.ts';

type Body<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : never;
type Query<E extends Endpoint> = E['query'] extends z.ZodType ? z.output<E['query']> : never;

/**
 * A handler's access to its validated input. Reading stays where the handler asks for it, so a
 * handler that refuses a caller first (a rate limit, a missing record) still answers that first.
 */
type Input<E extends Endpoint> = { body: () => Promise<Body<E>>; query: () => Query<E> };

export type Handler<E extends Endpoint> = (
  c: Context<ApiEnv>,
  input: Input<E>,
) => Response | Promise<Response>;

/** Binds a handler to its endpoint, on a router mounted at the root (endpoints hold full paths). */
export function route<E extends Endpoint>(router: Hono<ApiEnv>, endpoint: E, handler: Handler<E>): void {
  const { method: _method, path: _path, ...declaration } = endpoint;
  router.on(endpoint.method, endpoint.path, contract(declaration), (c) =>
    handler(c, {
      body: () => readBody(c, endpoint.body!) as Promise<Body<E>>,
      query: () => readQuery(c, endpoint.query!) as Query<E>,
    }),
  );
}
