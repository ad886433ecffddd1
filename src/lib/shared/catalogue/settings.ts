// Operational settings stored in the `setting` table and served by /api/open/setting.
import { z } from '../zod.ts';
import type { SamplingSetting } from './responses.ts';

export type { SamplingSetting, SamplingInfo, LocalInfo, PublicSettings } from './responses.ts';

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
