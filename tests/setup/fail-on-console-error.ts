import { afterEach, vi } from 'vitest';

// An error logged during a test is a failure, not noise.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  if (calls.length) {
    const message = calls.map((c) => c.map(String).join(' ')).join('\n');
    spy.mockClear();
    throw new Error(`console.error was called:\n${message}`);
  }
});
