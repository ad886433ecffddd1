import { eq, inArray } from 'drizzle-orm';
import {
  publicSettingKeys,
  type PublicSettingKey,
  type PublicSettings,
  type SamplingInfo,
  type SamplingSetting,
} from '../../shared/catalogue/settings.ts';
import { setting } from './site-tables.ts';
import type { Services } from '../platform/services.ts';
import type { Db, Tx } from '../platform/db/client.ts';

// Defaults stand in for a row staff deleted, so the pickup form never receives undefined.
const fallback = {
  allowRegion: [] as string[],
  samplingSetting: {
    disabled_date: [],
    disabled_date_time: [],
    disabled_time: [],
    disabled_week: [0],
    invalid_disabled_date: [],
    sampling_time1: '',
    sampling_time2: '',
    sampling_time3: '',
    sampling_time4: '',
  } as SamplingSetting,
  samplingInfo: [] as SamplingInfo,
};

/** Site contact details (content files) and the pickup settings (database), as POST /api/open/setting returns them. */
export function getPublicSettings(s: Services): Promise<PublicSettings> {
  return s.memo.get('settings:public', async () => {
    const rows = await s.db
      .select()
      .from(setting)
      .where(inArray(setting.key, ['allowRegion', 'samplingSetting', 'samplingInfo']));
    const value = new Map(rows.map((r) => [r.key, r.value]));
    return {
      localInfo: s.content.site.localInfo,
      allowRegion: (value.get('allowRegion') as string[] | undefined) ?? fallback.allowRegion,
      samplingSetting:
        (value.get('samplingSetting') as SamplingSetting | undefined) ?? fallback.samplingSetting,
      samplingInfo: (value.get('samplingInfo') as SamplingInfo | undefined) ?? fallback.samplingInfo,
    };
  });
}

/** Only the asked-for keys (all known public keys; the caller validates them). */
export async function getSettingsByKeys(
  s: Services,
  keys: readonly PublicSettingKey[],
): Promise<Partial<PublicSettings>> {
  const all = await getPublicSettings(s);
  return Object.fromEntries(publicSettingKeys.filter((k) => keys.includes(k)).map((k) => [k, all[k]]));
}

/** One stored setting's value by key (another domain's own settings live here too), if any. */
export async function readSetting(db: Db | Tx, key: string): Promise<unknown> {
  const [row] = await db.select().from(setting).where(eq(setting.key, key));
  return row?.value;
}

/** Stores one setting's value under its key, replacing what was there. */
export async function writeSetting(s: Services, key: string, value: unknown): Promise<void> {
  await s.db
    .insert(setting)
    .values({ key, value, updatedAt: new Date(s.now()) })
    .onConflictDoUpdate({ target: setting.key, set: { value, updatedAt: new Date(s.now()) } });
}
