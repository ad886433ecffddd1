// What the catalogue, content and settings calls answer (decision 0020): the schemas, and the
// types every reader uses, derived from them.
import { z } from '../zod.ts';
import { dateOut, fen, pagedOf, ridOut } from '../responses.ts';
import type { DaySlots } from '../slots.ts';
import { TurnaroundSchema } from './turnaround.ts';

const priceUnit = z.enum(['hour', 'session']);

/** Home data response of spec section 3 (GET /api/open/web/index). */
export const HomeDataSchema = z.object({
  bannerArr: z.array(
    z.object({ img: z.string(), redirect: z.string(), title: z.string(), description: z.string() }),
  ),
  typeArr: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      img: z.string(),
      discount_info: z.object({ discount_label: z.string() }),
      typeChildArr: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
  /** Hot areas; child_id (ours, not in the spec's list) narrows an area to one child category. */
  prefectureNavBottomArr: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      img: z.string(),
      sketch: z.string(),
      type_id: z.number(),
      child_id: z.number().nullable(),
    }),
  ),
  hotItems: z.array(
    z.object({ rid: ridOut, name: z.string(), img: z.string(), sketch: z.string(), order: z.number() }),
  ),
  serviceCaseArr: z.array(
    z.object({
      rid: ridOut,
      title: z.string(),
      sketch: z.string(),
      img: z.string(),
      source: z.string(),
      created: z.string(),
    }),
  ),
  thanksArr: z.array(
    z.object({
      company: z.string(),
      title: z.string(),
      code: z.string(),
      content: z.string(),
      sketch: z.string(),
      source: z.string(),
    }),
  ),
  /** Not in the spec's list but needed by the page: the partner strip. */
  partnerArr: z.array(z.object({ name: z.string(), img: z.string(), url: z.string() })),
});
export type HomeData = z.output<typeof HomeDataSchema>;

/** A row of a project listing (/project/…, search). */
export const ProjectListItemSchema = z.object({
  rid: ridOut,
  type_id: z.number(),
  child_id: z.number(),
  child_name: z.string(),
  name: z.string(),
  img: z.string(),
  sketch: z.string(),
  /** Tags: description split on '|'. */
  tags: z.array(z.string()),
  price_fen: fen,
  unit: z.string(),
  order: z.number(),
  quote_only: z.boolean(),
});
export type ProjectListItem = z.output<typeof ProjectListItemSchema>;

export const ItemOptionsSchema = z.object({
  sampleCount: z.object({ min: z.number(), max: z.number(), default: z.number() }),
  parameters: z.array(z.object({ name: z.string(), required: z.boolean(), choices: z.array(z.string()) })),
});
export type ItemOptions = z.output<typeof ItemOptionsSchema>;

export const DeviceSummarySchema = z.object({
  rid: ridOut,
  name: z.string(),
  model: z.string(),
  category: z.string(),
  location: z.string(),
  img: z.string(),
  sketch: z.string(),
  price_fen: fen,
  price_unit: priceUnit,
  min_minutes: z.number(),
  lead_hours: z.number(),
  remote: z.boolean(),
  item_rid: ridOut.nullable(),
  /** Billed by the time actually used (decision 0087). */
  bill_by_actual: z.boolean(),
  /** Only customers authorised (trained) by staff may book it. */
  needs_authorization: z.boolean(),
  /** Its own opening hours and cancellation deadline over the lab's settings; null: the settings'. */
  booking_rules: z
    .object({
      open: z.string().optional(),
      close: z.string().optional(),
      closed_weekdays: z.array(z.number().int()).optional(),
      cancel_hours: z.number().int().optional(),
    })
    .nullable(),
});
export type DeviceSummary = z.output<typeof DeviceSummarySchema>;

export const ItemDetailSchema = ProjectListItemSchema.extend({
  type_name: z.string(),
  content: z.string(),
  options: ItemOptionsSchema,
  devices: z.array(DeviceSummarySchema),
  /** The promised working days and the date if the samples arrived tomorrow; null: no promise. */
  turnaround: TurnaroundSchema.nullable(),
});
export type ItemDetail = z.output<typeof ItemDetailSchema>;

export const TypeGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  img: z.string(),
  discount_label: z.string(),
  children: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
});
export type TypeGroup = z.output<typeof TypeGroupSchema>;

/** A page of instruments, with every category for the filter. */
export const DevicePageSchema = pagedOf(DeviceSummarySchema).extend({ categories: z.array(z.string()) });

/** A device as the detail call returns it: the summary plus its specifications and linked item. */
export const DeviceDetailSchema = DeviceSummarySchema.extend({
  specs: z.array(z.object({ name: z.string(), value: z.string() })),
  item: z.object({ rid: ridOut, name: z.string(), type_id: z.number() }).nullable(),
});
export type DeviceDetail = z.output<typeof DeviceDetailSchema>;

const SlotSchema = z.object({
  start: z.string(),
  end: z.string(),
  status: z.enum(['free', 'past', 'lead', 'closed', 'taken', 'blocked']),
  note: z.string().optional(),
});
const DaySlotsSchema = z.object({
  /** YYYY-MM-DD in Asia/Shanghai. */
  date: dateOut,
  /** 0 = Sunday … 6 = Saturday. */
  week: z.number().int().min(0).max(6),
  /** True when nothing can be booked on this day at all. */
  closed: z.boolean(),
  /** The reason of a holiday covering the day's opening hours, else ''. */
  note: z.string(),
  slots: z.array(SlotSchema),
}) satisfies z.ZodType<DaySlots>;

/** An instrument's week (POST /api/open/device/query4timeExtra). */
export const DeviceWeekSchema = z.object({
  rid: ridOut,
  /** First day shown, YYYY-MM-DD (Asia/Shanghai). */
  date: dateOut,
  min_minutes: z.number(),
  lead_hours: z.number(),
  price_fen: fen,
  price_unit: priceUnit,
  /** Opening hours 'HH:mm' and the cancellation deadline in hours (decision 0012). */
  open: z.string(),
  close: z.string(),
  cancel_hours: z.number(),
  days: z.array(DaySlotsSchema),
});
export type DeviceWeek = z.output<typeof DeviceWeekSchema>;

/** A capability showcase entry (/televised). */
export const AbilityItemSchema = z.object({
  rid: ridOut,
  title: z.string(),
  img: z.string(),
  sketch: z.string(),
  /** HTML body shown when an entry is opened. */
  content: z.string(),
  category: z.string(),
  views: z.number(),
});
export type AbilityItem = z.output<typeof AbilityItemSchema>;

/** A page of the showcase, with every category for the filter tabs. */
export const AbilityPageSchema = pagedOf(AbilityItemSchema).extend({ categories: z.array(z.string()) });

export const AbilityViewsSchema = z.object({ rid: ridOut, views: z.number() });

/** A news/course/service article in lists and search results (no HTML body). */
export const ArticleSummarySchema = z.object({
  rid: ridOut,
  category: z.enum(['news', 'course', 'service']),
  title: z.string(),
  sketch: z.string(),
  img: z.string(),
  /** External original ('' when the article is ours). */
  source: z.string(),
  author: z.string(),
  top: z.boolean(),
  /** Publication date, YYYY-MM-DD in Asia/Shanghai. */
  created: z.string(),
});
export type ArticleSummary = z.output<typeof ArticleSummarySchema>;

export const ArticleDetailSchema = ArticleSummarySchema.extend({ html: z.string() });
export type ArticleDetail = z.output<typeof ArticleDetailSchema>;

/** An acknowledgement row (thanks list): the spec's five columns plus the link and date. */
export const ThanksItemSchema = z.object({
  rid: ridOut,
  company: z.string(),
  title: z.string(),
  code: z.string(),
  content: z.string(),
  sketch: z.string(),
  source: z.string(),
  created: z.string(),
});
export type ThanksItem = z.output<typeof ThanksItemSchema>;

export const SearchResultSchema = z.object({
  kw: z.string(),
  items: pagedOf(ProjectListItemSchema),
  articles: pagedOf(ArticleSummarySchema),
});
export type SearchResult = z.output<typeof SearchResultSchema>;

// ---- settings (/api/open/setting, setting/list4key) ----

/** Pickup calendar (spec section 3, "Sampling settings"); times are 'HH:mm-HH:mm'. */
export const SamplingSettingSchema = z.object({
  /** Dates without pickup, YYYY-MM-DD. */
  disabled_date: z.array(z.string()),
  /** Date-and-slot pairs without pickup, 'YYYY-MM-DD HH:mm-HH:mm'. */
  disabled_date_time: z.array(z.string()),
  /** Time slots without pickup on any day, 'HH:mm-HH:mm'. */
  disabled_time: z.array(z.string()),
  /** Weekdays without pickup (0 = Sunday). */
  disabled_week: z.array(z.number()),
  /** Dates that stay open although listed in disabled_date (e.g. make-up working days). */
  invalid_disabled_date: z.array(z.string()),
  sampling_time1: z.string(),
  sampling_time2: z.string(),
  sampling_time3: z.string(),
  sampling_time4: z.string(),
  /** Ours: how many minutes before a slot starts a pickup may still be booked (default 120). */
  notice_minutes: z.number().int().min(0).optional(),
});
export type SamplingSetting = z.output<typeof SamplingSettingSchema>;

/** Served-area table of the pickup tip popup: one row per city. */
export const SamplingInfoSchema = z.array(z.object({ city: z.string(), districts: z.array(z.string()) }));
export type SamplingInfo = z.output<typeof SamplingInfoSchema>;

export const LocalInfoSchema = z.object({
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  express: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
});
export type LocalInfo = z.output<typeof LocalInfoSchema>;

export const PublicSettingsSchema = z.object({
  localInfo: LocalInfoSchema,
  /** GB/T 2260 district codes (6 digits) where free pickup is served. */
  allowRegion: z.array(z.string()),
  samplingSetting: SamplingSettingSchema,
  samplingInfo: SamplingInfoSchema,
});
export type PublicSettings = z.output<typeof PublicSettingsSchema>;
