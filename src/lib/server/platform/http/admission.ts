import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './api-env.ts';
import { failure } from './envelope.ts';

const BUSY = '服务器繁忙，请稍后再试';

export type AdmissionOptions = {
  /** Calls worked on at once; the rest wait their turn, first come first served. */
  slots: number;
  /** A call that waited this long is refused (503) instead of timing out at the client. */
  maxWaitMs: number;
};

/**
 * Admission of API calls under a burst (issue 19). The embedded database runs one query at a
 * time: with hundreds of calls in flight, each call's queries queue behind everybody else's, so
 * every call gets slow and some starve until the client gives up after 10 s. Here a few calls
 * at a time run to the end, the others wait in arrival order, and one that cannot start within
 * maxWaitMs hears "busy, retry" at once. Uploads skip the line: they spend their time reading
 * the body, which a slow client could use to hold every slot.
 */
export function admission({ slots, maxWaitMs }: AdmissionOptions): MiddlewareHandler<ApiEnv> {
  let running = 0;
  const waiting: { admit(): void; timer: ReturnType<typeof setTimeout> }[] = [];

  const release = () => {
    const next = waiting.shift();
    if (!next) {
      running -= 1;
      return;
    }
    clearTimeout(next.timer);
    // The slot passes to the next in line, after a turn of the event loop: PGlite answers a
    // query by starting the next queued one in the same microtask run, so without this a
    // stream of calls would keep the loop from ever reading the sockets of the others.
    setImmediate(next.admit);
  };

  return async (c, next) => {
    if (c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) return next();
    if (running < slots) {
      running += 1;
    } else {
      const admitted = await new Promise<boolean>((resolve) => {
        const entry = {
          admit: () => resolve(true),
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1);
            resolve(false);
          }, maxWaitMs),
        };
        waiting.push(entry);
      });
      if (!admitted) return c.json(failure(BUSY, 'BUSY'), 503, { 'retry-after': '1' });
    }
    try {
      await next();
    } finally {
      release();
    }
  };
}
