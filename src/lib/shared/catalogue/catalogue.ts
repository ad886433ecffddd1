// Shapes of catalogue data as the API and the server-rendered pages see them (the contract
// between src/lib/server/services/catalogue and its readers). Field names follow the spec.
import { z } from '../zod.ts';
import { looseId, PageRequestSchema } from '../pagination.ts';
import { isValidDate } from '../slots.ts';

export type {
  HomeData,
  ProjectListItem,
  ItemOptions,
  ItemDetail,
  DeviceSummary,
  TypeGroup,
  DeviceDetail,
  DeviceWeek,
  AbilityItem,
  ArticleSummary,
  ArticleDetail,
  ThanksItem,
  SearchResult,
} from './responses.ts';

export const projectTypeNames = { 1: '送样检测', 2: '预约现场', 3: '数据分析' } as const;
/** Types ordered through the plan and order/add; 预约现场 (2) is booked through reservations. */
export const ORDERABLE_TYPES: readonly number[] = [1, 3];

/** How often an item was ordered, the same way on every page: 已下单 21,860 次. */
export const orderCountText = (count: number) => `已下单 ${count.toLocaleString('zh-CN')} 次`;
export type ProjectTypeId = keyof typeof projectTypeNames;

export type Paged<T> = { list: T[]; total: number };

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
