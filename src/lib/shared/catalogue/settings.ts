import { z } from '../zod.ts';

// Operational settings stored in the `setting` table and served by /api/open/setting.

/** Pickup calendar (spec section 3, "Sampling settings"); times are 'HH:mm-HH:mm'. */
export type SamplingSetting = {
  /** Dates without pickup, YYYY-MM-DD. */
  disabled_date: string[];
  /** Date-and-slot pairs without pickup, 'YYYY-MM-DD HH:mm-HH:mm'. */
  disabled_date_time: string[];
  /** Time slots without pickup on any day, 'HH:mm-HH:mm'. */
  disabled_time: string[];
  /** Weekdays without pickup (0 = Sunday). */
  disabled_week: number[];
  /** Dates that stay open although listed in disabled_date (e.g. make-up working days). */
  invalid_disabled_date: string[];
  sampling_time1: string;
  sampling_time2: string;
  sampling_time3: string;
  sampling_time4: string;
};

/** Served-area table of the pickup tip popup: one row per city. */
export type SamplingInfo = { city: string; districts: string[] }[];

export type LocalInfo = {
  address: string;
  phone: string;
  email: string;
  express: { name: string; phone: string; address: string };
};

export type PublicSettings = {
  localInfo: LocalInfo;
  /** GB/T 2260 district codes (6 digits) where free pickup is served. */
  allowRegion: string[];
  samplingSetting: SamplingSetting;
  samplingInfo: SamplingInfo;
};

/** Keys /api/open/setting/list4key may ask for. */
export const publicSettingKeys = ['localInfo', 'allowRegion', 'samplingSetting', 'samplingInfo'] as const;
export type PublicSettingKey = (typeof publicSettingKeys)[number];
export const isPublicSettingKey = (key: string): key is PublicSettingKey =>
  (publicSettingKeys as readonly string[]).includes(key);

/** The four pickup time slots in order, skipping empty ones. */
export const samplingTimes = (s: SamplingSetting): string[] =>
  [s.sampling_time1, s.sampling_time2, s.sampling_time3, s.sampling_time4].filter(Boolean);

/** POST /api/open/setting/list4key body: the keys wanted, each one of publicSettingKeys. */
export const SettingKeysRequestSchema = z.object(
  {
    keys: z
      .array(z.string({ error: '[keys]只能包含设置项名称' }), {
        error: (issue) => (issue.input === undefined ? '[keys]不能为空' : '[keys]应为设置项名称的数组'),
      })
      .min(1, '[keys]不能为空')
      .max(publicSettingKeys.length * 2, '[keys]数量过多')
      .superRefine((keys, ctx) => {
        const unknown = keys.find((k) => !isPublicSettingKey(k));
        if (unknown !== undefined)
          ctx.addIssue({
            code: 'custom',
            message: `未知的设置项：${unknown.slice(0, 30)}（可选：${publicSettingKeys.join('、')}）`,
          });
      })
      .transform((keys) => keys as PublicSettingKey[]),
  },
  { error: '请求参数格式不正确' },
);
