// Shapes of catalogue data as the API and the server-rendered pages see them (the contract
// between src/lib/server/services/catalogue and its readers). Field names follow the spec.
import { z } from '../zod.ts';
import { looseId, PageRequestSchema } from '../pagination.ts';
import { isValidDate, type DaySlots } from '../slots.ts';

export const projectTypeNames = { 1: '送样检测', 2: '预约现场', 3: '数据分析' } as const;
/** Types ordered through the plan and order/add; 预约现场 (2) is booked through reservations. */
export const ORDERABLE_TYPES: readonly number[] = [1, 3];

/** How often an item was ordered, the same way on every page: 已下单 21,860 次. */
export const orderCountText = (count: number) => `已下单 ${count.toLocaleString('zh-CN')} 次`;
export type ProjectTypeId = keyof typeof projectTypeNames;

/** Home data response of spec section 3 (GET /api/open/web/index). */
export type HomeData = {
  bannerArr: { img: string; redirect: string; title: string; description: string }[];
  typeArr: {
    id: number;
    name: string;
    img: string;
    discount_info: { discount_label: string };
    typeChildArr: { id: number; name: string }[];
  }[];
  prefectureNavBottomArr: { id: number; name: string; img: string; sketch: string; type_id: number }[];
  hotItems: { rid: string; name: string; img: string; sketch: string; order: number }[];
  serviceCaseArr: {
    rid: string;
    title: string;
    sketch: string;
    img: string;
    source: string;
    created: string;
  }[];
  thanksArr: {
    company: string;
    title: string;
    code: string;
    content: string;
    sketch: string;
    source: string;
  }[];
  /** Not in the spec's list but needed by the page: the partner strip. */
  partnerArr: { name: string; img: string; url: string }[];
};

/** A row of a project listing (/project/…, search). */
export type ProjectListItem = {
  rid: string;
  type_id: number;
  child_id: number;
  child_name: string;
  name: string;
  img: string;
  sketch: string;
  /** Tags: description split on '|'. */
  tags: string[];
  price_fen: number;
  unit: string;
  order: number;
  quote_only: boolean;
};

export type ItemOptions = {
  sampleCount: { min: number; max: number; default: number };
  parameters: { name: string; required: boolean; choices: string[] }[];
};

export type ItemDetail = ProjectListItem & {
  type_name: string;
  content: string;
  options: ItemOptions;
  devices: DeviceSummary[];
};

export type DeviceSummary = {
  rid: string;
  name: string;
  model: string;
  category: string;
  location: string;
  img: string;
  sketch: string;
  price_fen: number;
  price_unit: 'hour' | 'session';
  min_minutes: number;
  lead_hours: number;
  remote: boolean;
  item_rid: string | null;
};

export type TypeGroup = {
  id: number;
  name: string;
  img: string;
  discount_label: string;
  children: { id: number; name: string; count: number }[];
};

export type Paged<T> = { list: T[]; total: number };

/** A device as the detail call returns it: the summary plus its specifications and linked item. */
export type DeviceDetail = DeviceSummary & {
  specs: { name: string; value: string }[];
  item: { rid: string; name: string; type_id: number } | null;
};

/** One day of an instrument's week (POST /api/open/device/query4timeExtra). */
export type DeviceWeek = {
  rid: string;
  /** First day shown, YYYY-MM-DD (Asia/Shanghai). */
  date: string;
  min_minutes: number;
  lead_hours: number;
  price_fen: number;
  price_unit: 'hour' | 'session';
  /** Opening hours 'HH:mm' and the cancellation deadline in hours (decision 0012). */
  open: string;
  close: string;
  cancel_hours: number;
  days: DaySlots[];
};

/** A capability showcase entry (/televised). */
export type AbilityItem = {
  rid: string;
  title: string;
  img: string;
  sketch: string;
  /** HTML body shown when an entry is opened. */
  content: string;
  category: string;
  views: number;
};

/** A news/course/service article in lists and search results (no HTML body). */
export type ArticleSummary = {
  rid: string;
  category: 'news' | 'course' | 'service';
  title: string;
  sketch: string;
  img: string;
  /** External original ('' when the article is ours). */
  source: string;
  author: string;
  top: boolean;
  /** Publication date, YYYY-MM-DD in Asia/Shanghai. */
  created: string;
};

export type ArticleDetail = ArticleSummary & { html: string };

/** An acknowledgement row (thanks list): the spec's five columns plus the link and date. */
export type ThanksItem = {
  rid: string;
  company: string;
  title: string;
  code: string;
  content: string;
  sketch: string;
  source: string;
  created: string;
};

export type SearchResult = { kw: string; items: Paged<ProjectListItem>; articles: Paged<ArticleSummary> };

// Request schemas of the open catalogue and content calls; messages are what the user sees.

const objectBody = { error: '请求参数格式不正确' };

/** An optional free-text filter: trimmed, at most 50 characters. */
const keyword = (label: string) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: `[${label}]格式不正确` })
      .trim()
      .max(50, `[${label}]不能超过50个字`)
      .optional(),
  );

const rid = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? '[编号]不能为空' : '[编号]格式不正确',
  })
  .trim()
  .min(1, '[编号]不能为空')
  .max(64, '[编号]格式不正确');

export const RidRequestSchema = z.object({ rid }, objectBody);

export const ProjectListRequestSchema = PageRequestSchema.extend({
  typeId: looseId('服务类型'),
  childId: looseId('分类'),
  kw: keyword('关键词'),
});

export const SearchRequestSchema = PageRequestSchema.extend({
  kw: z.preprocess(
    (v) => v ?? '',
    z.string({ error: '[关键词]格式不正确' }).trim().max(50, '[关键词]不能超过50个字'),
  ),
});

export const DeviceSearchQuerySchema = PageRequestSchema.extend({
  kw: keyword('关键词'),
  category: keyword('仪器类别'),
});

export const DeviceWeekRequestSchema = z.object(
  {
    rid,
    date: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z
        .string({ error: '[日期]格式不正确' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, '[日期]格式不正确，应为 YYYY-MM-DD')
        .refine(isValidDate, '[日期]不存在')
        .optional(),
    ),
  },
  objectBody,
);

export const AbilityListRequestSchema = PageRequestSchema.extend({ category: keyword('分类') });

export const NewsListRequestSchema = PageRequestSchema.extend({
  type: z
    .enum(['news', 'course', 'service'], { error: '[文章类型]只能是 news、course 或 service' })
    .default('news'),
});

export const AcknowledgeListRequestSchema = PageRequestSchema;
