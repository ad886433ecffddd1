import type { Services } from '../../services.ts';
import type { Address } from '../../../shared/address.ts';
import { listAddresses } from '../member/addresses.ts';

/**
 * The parts of user/info owned by other domains: the address book (default first) from the
 * member domain; the cart (experiment plan) issue fills cartNum.
 */
export async function userExtras(
  s: Services,
  userId: number,
): Promise<{ cartNum: number; address: Address[] }> {
  return { cartNum: 0, address: await listAddresses(s.db, userId) };
}
