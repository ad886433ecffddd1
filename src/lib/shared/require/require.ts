import { z } from '../zod.ts';

// The requirement form of /require (POST /api/open/indexMsg/add). Shared by the form island and
// the API so both show the same first message.

export const MOBILE_RE = /^1[3-9]\d{9}$/;

const text = (label: string, max: number) =>
  z
    .string({ error: `[${label}]格式不正确` })
    .trim()
    .max(max, `[${label}]不能超过${max}个字`);

const required = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `[${label}]不能为空` : `[${label}]格式不正确`,
    })
    .trim()
    .min(1, `[${label}]不能为空`)
    .max(max, `[${label}]不能超过${max}个字`);

const optional = (label: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), text(label, max));

export const IndexMsgSchema = z.object(
  {
    name: required('姓名', 20),
    // Length is covered by the pattern: anything but 11 digits is a format error.
    phone: required('手机号', 64).regex(MOBILE_RE, '[手机号]格式不正确'),
    email: optional('邮箱', 100).refine(
      (v) => v === '' || z.email().safeParse(v).success,
      '[邮箱]格式不正确',
    ),
    company: optional('公司/单位', 100),
    content: required('需求内容', 2000),
  },
  { error: '请求参数格式不正确' },
);
export type IndexMsgInput = z.input<typeof IndexMsgSchema>;
export type IndexMsg = z.output<typeof IndexMsgSchema>;

/** Per-IP limit on requirement posts, counted in the database so every process agrees. */
export const INDEX_MSG_LIMIT = { count: 5, windowMinutes: 10 } as const;
export const INDEX_MSG_TOO_FAST = '提交过于频繁，请稍后再试';
