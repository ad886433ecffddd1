import type { User } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';
import { INCOMPLETE_BASIC_INFO, missingBasicInfo } from '../../shared/member/completeness.ts';

/** The user may order only with the member centre's basic info complete (shared rule). */
export function assertBasicInfo(user: User): void {
  const missing = missingBasicInfo({
    name: user.name,
    email: user.email,
    organization: user.organization,
    company: user.company,
    address_code: user.addressCode,
    address: user.address,
  });
  if (missing) throw new DomainError(INCOMPLETE_BASIC_INFO, 200, 'INCOMPLETE_BASIC_INFO');
}
