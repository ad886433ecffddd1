import type { Services } from '../../services.ts';

/**
 * The parts of user/info owned by other domains. The cart (experiment plan) issue fills
 * cartNum and the address issue fills address; until then they are empty.
 */
export async function userExtras(
  _s: Services,
  _userId: number,
): Promise<{ cartNum: number; address: unknown[] }> {
  return { cartNum: 0, address: [] };
}
