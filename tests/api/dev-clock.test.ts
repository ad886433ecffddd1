import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';

// The browser tests' test clock (decision 0063): it moves the services' clock forward, and exists
// only where dev tools were opened on purpose (DEV_TOOLS=on) with the local SMS and no real payments.
const t = await setupApi();
const advance = (body: Record<string, unknown>) => t.post<{ now: string }>('/api/dev/clock', body);

/** Runs fn with some env values changed, restoring them after. */
async function withEnv(vars: Partial<typeof t.services.env>, fn: () => Promise<void>) {
  const env = t.services.env as Record<string, unknown>;
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, env[k]]));
  Object.assign(env, vars);
  try {
    await fn();
  } finally {
    Object.assign(env, before);
  }
}

describe('POST /api/dev/clock', () => {
  it('moves the services’ clock forward when DEV_TOOLS=on', async () => {
    await withEnv({ DEV_TOOLS: 'on' }, async () => {
      const before = t.services.now();
      const res = await advance({ advance_seconds: 3600 });
      expect(res.body).toMatchObject({ code: 1 });
      const moved = Date.parse(res.body.data.now);
      expect(moved - before).toBeGreaterThanOrEqual(3600_000);
      expect(t.services.now()).toBeGreaterThanOrEqual(moved);
      expect(t.services.now() - Date.now()).toBeGreaterThanOrEqual(3600_000 - 1000);
    });
  });

  it('only forward, at most a day a call', async () => {
    await withEnv({ DEV_TOOLS: 'on' }, async () => {
      for (const advance_seconds of [0, -60, 86_401, 1.5, '60']) {
        const res = await advance({ advance_seconds });
        expect(res.body.code, String(advance_seconds)).toBe(0);
      }
    });
  });

  it('does not exist unless DEV_TOOLS=on, nor with a real SMS provider or real payments', async () => {
    const cases: Partial<typeof t.services.env>[] = [
      { DEV_TOOLS: 'off' },
      // The default: the other dev tools answer this machine, the clock nobody.
      { DEV_TOOLS: 'local' },
      { DEV_TOOLS: 'on', SMS_PROVIDER: 'aliyun' },
      { DEV_TOOLS: 'on', PAYMENT_PROVIDER: 'live' },
    ];
    for (const vars of cases) {
      await withEnv(vars, async () => {
        const before = t.services.now();
        const res = await advance({ advance_seconds: 86_400 });
        expect(res.status, JSON.stringify(vars)).toBe(404);
        expect(res.body.code).toBe(0);
        expect(t.services.now() - before).toBeLessThan(86_400_000);
      });
    }
  });
});
