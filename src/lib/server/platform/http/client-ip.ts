import type { Context } from 'hono';
import type { ApiEnv } from './api-env.ts';
type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

/**
 * The caller's address for rate limits. Proxy headers are believed only with TRUST_PROXY=true
 * (otherwise anyone could pick their own bucket): X-Real-IP, else the last X-Forwarded-For
 * entry, the one our proxy appended. In-process tests have no socket: 'unknown'.
 */
export function clientIp(c: Context<ApiEnv>): string {
  const proxied = c.var.services.env.TRUST_PROXY ? proxiedAddress((name) => c.req.header(name)) : undefined;
  return proxied?.slice(0, 64) ?? peerAddress(c) ?? 'unknown';
}

/** What our proxy says the client is: X-Real-IP, else the last X-Forwarded-For entry. */
export function proxiedAddress(header: (name: string) => string | undefined): string | undefined {
  return header('x-real-ip')?.trim() || header('x-forwarded-for')?.split(',').at(-1)?.trim() || undefined;
}

/** Where a request came from: its TCP peer (undefined in-process) and its headers. */
export type RequestOrigin = {
  remoteAddress: string | undefined;
  header(name: string): string | undefined;
};

const peerAddress = (c: Context<ApiEnv>) => (c.env as NodeBindings)?.incoming?.socket?.remoteAddress;

/** Where a request came from, for the development tools' same-machine check. */
export const requestOrigin = (c: Context<ApiEnv>): RequestOrigin => ({
  remoteAddress: peerAddress(c),
  header: (name) => c.req.header(name),
});

/** Where a login came from, kept on its session. */
export type SessionMeta = { ip: string; userAgent: string };

export const sessionMeta = (c: Context<ApiEnv>): SessionMeta => ({
  ip: clientIp(c),
  userAgent: c.req.header('user-agent') ?? '',
});
