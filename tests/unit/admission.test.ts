import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiEnv } from '#server/platform/http/api-env.ts';
import { admission } from '#server/platform/http/admission.ts';

/** An app whose calls finish only when the test says so, recording the order they start in. */
function gatedApp(slots: number, maxWaitMs: number) {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const app = new Hono<ApiEnv>();
  app.use('*', admission({ slots, maxWaitMs }));
  app.post('/call/:name', async (c) => {
    const name = c.req.param('name');
    started.push(name);
    await new Promise<void>((resolve) => finish.set(name, resolve));
    return c.json({ code: 1, msg: '', data: name });
  });
  const call = (name: string, headers: Record<string, string> = {}) =>
    app.request(`/call/${name}`, { method: 'POST', headers });
  return { started, finish: (name: string) => finish.get(name)!(), call };
}

/** A few turns of the event loop: a freed slot passes on after one (see admission()). */
const settle = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((r) => setImmediate(r));
};

describe('admission of API calls under a burst', () => {
  afterEach(() => vi.useRealTimers());

  it('works on a few calls at once and starts the others in arrival order', async () => {
    const app = gatedApp(2, 60_000);
    const answers = ['a', 'b', 'c', 'd'].map((n) => app.call(n));
    await settle();
    expect(app.started).toEqual(['a', 'b']);
    app.finish('b');
    await settle();
    expect(app.started).toEqual(['a', 'b', 'c']);
    app.finish('a');
    await settle();
    expect(app.started).toEqual(['a', 'b', 'c', 'd']);
    app.finish('c');
    app.finish('d');
    expect(await Promise.all(answers.map(async (r) => (await r).status))).toEqual([200, 200, 200, 200]);
  });

  it('refuses a call that cannot start in time with 503 and the busy envelope, doing nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = gatedApp(1, 5000);
    const first = app.call('a');
    const second = app.call('b');
    await settle();
    vi.advanceTimersByTime(5000);
    const refused = await second;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ code: 0, msg: '服务器繁忙，请稍后再试', data: { error: 'BUSY' } });
    expect(app.started).toEqual(['a']);
    // The refused call gave its place back: the next one starts when the slot frees.
    const third = app.call('c');
    app.finish('a');
    await settle();
    expect(app.started).toEqual(['a', 'c']);
    app.finish('c');
    expect((await first).status).toBe(200);
    expect((await third).status).toBe(200);
  });

  it('lets uploads past the line, so a slow upload cannot hold every slot', async () => {
    const app = gatedApp(1, 60_000);
    const first = app.call('a');
    const upload = app.call('u', { 'content-type': 'multipart/form-data; boundary=x' });
    await settle();
    expect(app.started).toEqual(['a', 'u']);
    app.finish('a');
    app.finish('u');
    expect((await first).status).toBe(200);
    expect((await upload).status).toBe(200);
  });
});
