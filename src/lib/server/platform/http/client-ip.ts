import type { Context } from 'hono';
import type { ApiEnv } from '../../app.ts';
import type { SessionMeta } from '../../accounts/tokens.ts';
import type { RequestOrigin } from './dev-tools.ts';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

/**
 * The caller's address for rate limits. Proxy headers are believed only with TRUST_PROXY=true
 * (otherwise anyone could pick their own bucket): X-Real-IP, else the last X-Forwarded-For
 * entry, the one our proxy appended. In-process tests have no socket: 'unknown'.
 */
export function clientIp(c: Context<ApiEnv>): string {
  if (c.var.services.env.TRUST_PROXY) {
    const real = c.req.header('x-real-ip')?.trim();
    if (real) return real.slice(0, 64);
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return peerAddress(c) ?? 'unknown';
}

const peerAddress = (c: Context<ApiEnv>) => (c.env as NodeBindings)?.incoming?.socket?.remoteAddress;

/** Where a request came from, for the development tools' same-machine check. */
export const requestOrigin = (c: Context<ApiEnv>): RequestOrigin => ({
  remoteAddress: peerAddress(c),
  header: (name) => c.req.header(name),
});

export const sessionMeta = (c: Context<ApiEnv>): SessionMeta => ({
  ip: clientIp(c),
  userAgent: c.req.header('user-agent') ?? '',
});
