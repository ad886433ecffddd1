import type { Services } from '../../services.ts';
import type { users } from '../../db/schema/index.ts';

export const INCOMPLETE_BASIC_INFO = '未完善基本信息无法正常下单';

/**
 * Whether the user may order. The shared completeness rule (name, e-mail, user type, company,
 * address) lives with the member centre; until it is on main this checks the account fields
 * that exist. Returns the refusal message or null.
 */
export async function basicInfoProblem(
  _s: Services,
  user: typeof users.$inferSelect,
): Promise<string | null> {
  const blank = (v: string | null | undefined) => !v || !v.trim();
  if (blank(user.name) || blank(user.email) || user.organization === null || blank(user.company))
    return INCOMPLETE_BASIC_INFO;
  return null;
}
