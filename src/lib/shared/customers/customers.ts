// The console's customers (decision 0090): the list's filters and sorting, a customer's page, and
// the 专属顾问 (advisor) of institution and enterprise customers. Requests and answers.
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { isValidDate } from '../slots.ts';
import { ridOut } from '../responses.ts';
import { DATE_RANGE_REVERSED, optText, ridField } from '../orders/order.ts';
import { AdvisorSchema } from './advisor.ts';

/** User types (spec section 3: organization 0 student, 3 teacher, 1 individual, 2 enterprise). */
export const ORGANIZATION_TEXT: Record<number, string> = { 0: '学生', 1: '个人', 2: '企业', 3: '教师' };

/** Who gets a 专属顾问: institution customers (students and teachers) and enterprises, not individuals. */
export const ADVISED_ORGANIZATIONS: readonly number[] = [0, 3, 2];

/** The list's 用户类型 filter: institution = students and teachers; unset = no profile yet. */
export const CUSTOMER_KINDS = [
  'institution',
  'student',
  'teacher',
  'individual',
  'enterprise',
  'unset',
] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];
export const CUSTOMER_KIND_TEXT: Record<CustomerKind, string> = {
  institution: '高校/科研',
  student: '学生',
  teacher: '教师',
  individual: '个人',
  enterprise: '企业',
  unset: '未完善资料',
};

/** The columns the list sorts by on the server (it is paged: sorting one page would mislead). */
export const CUSTOMER_SORTS = [
  'created',
  'name',
  'phone',
  'company',
  'pi',
  'organization',
  'advisor',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const absent = (v: unknown) => (v === null || v === '' ? undefined : v);

export const customerListSchema = PageRequestSchema.extend({
  /** Name, phone, organisation or PI (the student's teacher, the enterprise's leader), anywhere in them. */
  q: optText('搜索内容', 40).optional(),
  kind: z.preprocess(absent, z.enum(CUSTOMER_KINDS, { error: '[用户类型]不正确' }).optional()),
  /** Registered from / to (Shanghai dates, both included). */
  date_from: optText('开始日期', 10)
    .refine((v) => !v || isValidDate(v), '[开始日期]格式不正确')
    .optional(),
  date_to: optText('结束日期', 10)
    .refine((v) => !v || isValidDate(v), '[结束日期]格式不正确')
    .optional(),
  /** 'me' (我的客户), 'none' (未分配), or an advisor's public id. */
  advisor: optText('专属顾问', 32).optional(),
  sort: z.preprocess(absent, z.enum(CUSTOMER_SORTS, { error: '[排序]不正确' }).optional()),
  dir: z.preprocess(absent, z.enum(['asc', 'desc'], { error: '[排序方向]不正确' }).optional()),
}).refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, DATE_RANGE_REVERSED);
export type CustomerListFilter = z.output<typeof customerListSchema>;

export const customerRidSchema = z.object({ user_rid: ridField('客户') }, { error: '请求参数格式不正确' });

export const assignAdvisorSchema = z.object(
  {
    user_rid: ridField('客户'),
    /** The business manager; empty removes the customer's advisor. */
    advisor_rid: optText('专属顾问', 32),
    note: optText('备注', 200),
  },
  { error: '请求参数格式不正确' },
);

export const rotationSaveSchema = z.object(
  { enabled: z.boolean({ error: '[自动分配]格式不正确' }) },
  { error: '请求参数格式不正确' },
);

// ---- answers ----

export const CustomerRowSchema = z.object({
  rid: ridOut,
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  organization: z.number().nullable(),
  pi: z.string(),
  created: z.string(),
  closed: z.boolean(),
  advisor: AdvisorSchema.nullable(),
});
export type CustomerRow = z.output<typeof CustomerRowSchema>;

/**
 * A page of customers. `total` is counted on the first page only (null on the others), so paging
 * on does not count every matching customer again; `more` says whether a next page exists.
 */
export const CustomerPageSchema = z.object({
  list: z.array(CustomerRowSchema),
  total: z.number().nullable(),
  more: z.boolean(),
});

export const AssignmentSchema = z.object({
  at: z.string(),
  how: z.enum(['hand', 'rotation', 'removed']),
  advisor: z.string().nullable(),
  previous: z.string().nullable(),
  by: z.string().nullable(),
  note: z.string(),
});

export const CustomerDetailSchema = z.object({
  rid: ridOut,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  organization: z.number().nullable(),
  company: z.string(),
  teacher: z.string(),
  teacher_phone: z.string(),
  teacher_mail: z.string(),
  company_leader: z.string(),
  company_leader_phone: z.string(),
  address: z.string(),
  created: z.string(),
  closed_at: z.string().nullable(),
  inviter: z.object({ rid: ridOut, name: z.string(), phone: z.string() }).nullable(),
  /** The advisor, and whether they are still a business manager (a former one should be replaced). */
  advisor: AdvisorSchema.extend({ current: z.boolean() }).nullable(),
  assignments: z.array(AssignmentSchema),
});
export type CustomerDetail = z.output<typeof CustomerDetailSchema>;

/** The business managers an advisor may be chosen from, with how many customers each looks after. */
export const AdvisorChoicesSchema = z.object({
  list: z.array(AdvisorSchema.extend({ customers: z.number() })),
});

export const RotationSchema = z.object({ enabled: z.boolean(), managers: z.number() });
