import { inArray } from 'drizzle-orm';
import {
  publicSettingKeys,
  type PublicSettingKey,
  type PublicSettings,
  type SamplingInfo,
  type SamplingSetting,
} from '../../shared/catalogue/settings.ts';
import { setting } from './site-tables.ts';
import type { Services } from '../platform/services.ts';

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
