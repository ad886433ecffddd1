import type { users } from '../../db/schema/index.ts';
import { INCOMPLETE_BASIC_INFO, missingBasicInfo } from '../../../shared/completeness.ts';

/** Whether the user may order: the member centre's shared completeness rule, else the refusal. */
export function basicInfoProblem(user: typeof users.$inferSelect): string | null {
  return missingBasicInfo({
    name: user.name,
    email: user.email,
    organization: user.organization,
    company: user.company,
    address_code: user.addressCode,
    address: user.address,
  })
    ? INCOMPLETE_BASIC_INFO
    : null;
}
