// A sample's retention (decision 0073): the lab's default days for 留样 (a setting staff edit),
// and the last day a tested sample is kept, set when its testing ends.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Services } from '../platform/services.ts';
import { readSetting, writeSetting } from '../catalogue/index.ts';
import { samples } from './tables.ts';
import { shanghaiDate } from '../../shared/time.ts';
import {
  RETENTION_SETTING_KEY,
  retentionFrom,
  retainUntil,
  type RetentionSettings,
} from '../../shared/samples/disposal.ts';

export async function retentionSettings(db: Db | Tx): Promise<RetentionSettings> {
  return retentionFrom(await readSetting(db, RETENTION_SETTING_KEY));
}

export async function saveRetentionSettings(s: Services, value: RetentionSettings) {
  await writeSetting(s, RETENTION_SETTING_KEY, value);
  return retentionSettings(s.db);
}

/**
 * Sets the last day kept of a sample whose testing ended at `testedAt`, unless it has one (a
 * sample tested again keeps its first date). 留样 uses the days set at that moment.
 */
export async function setRetention(
  tx: Tx,
  sample: { id: number; disposal: number; retainUntil: string | null },
  testedAt: number,
): Promise<string | null> {
  if (sample.retainUntil) return sample.retainUntil;
  const { keep_days } = await retentionSettings(tx);
  const until = retainUntil(sample.disposal, shanghaiDate(testedAt), keep_days);
  if (!until) return null;
  await tx
    .update(samples)
    .set({ retainUntil: until })
    .where(and(eq(samples.id, sample.id), isNull(samples.retainUntil)));
  return until;
}
