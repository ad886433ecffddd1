// How many reviews release a result (decision 0075): one by default, two when an admin says so.
// Kept among the lab's settings (catalogue's setting table, through its index).
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { readSetting, writeSetting } from '../catalogue/index.ts';
import { DEFAULT_REVIEWS_REQUIRED, type ReviewCount } from '../../shared/results/results.ts';

const KEY = 'resultReviewsRequired';

export async function reviewsRequired(db: Db | Tx): Promise<ReviewCount> {
  const v = await readSetting(db, KEY);
  return v === 2 ? 2 : DEFAULT_REVIEWS_REQUIRED;
}

export async function setReviewsRequired(s: Services, n: ReviewCount): Promise<{ reviews_required: number }> {
  await writeSetting(s, KEY, n);
  return { reviews_required: n };
}
