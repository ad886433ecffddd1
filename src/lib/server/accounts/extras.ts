import type { Services } from '../platform/services.ts';
import type { Address } from '../../shared/member/address.ts';
import { listAddresses } from '../member/addresses.ts';
import { planCount } from '../plan/index.ts';

/**
 * The parts of user/info owned by other domains: the address book (default first) from the
 * member domain; cartNum counts the lines of the experiment plan.
 */
export async function userExtras(
  s: Services,
  userId: number,
): Promise<{ cartNum: number; address: Address[] }> {
  return { cartNum: await planCount(s.db, userId), address: await listAddresses(s.db, userId) };
}
