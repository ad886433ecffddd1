import type { TestContext } from '../setup/api.ts';
import { accounts } from '../support/accounts.ts';

/** A complete profile in Shanghai (a served district). */
export const PROFILE = {
  name: '张三',
  email: 'zhang@example.com',
  organization: 0,
  company: '复旦大学',
  teacher: '李老师',
  teacher_phone: '13800001111',
  teacher_mail: 'li@example.com',
  region: '上海市-上海市-闵行区-310112',
  address: '东川路800号',
};

/**
 * Logged-in members for API tests: registered through the real API with the code from the
 * dev SMS outbox (see tests/support/accounts.ts), so every guard and service runs for real.
 */
export function members(t: TestContext) {
  const a = accounts(t);
  return {
    ...a,
    /** A new logged-in user; `call` posts with their token. */
    async member() {
      const u = await a.user();
      const headers = a.bearer(u.token);
      return {
        ...u,
        headers,
        call: <T = unknown>(path: string, body?: unknown) => t.post<T>(path, body ?? {}, headers),
      };
    },
  };
}
export type Member = Awaited<ReturnType<ReturnType<typeof members>['member']>>;
