import { z } from '../zod.ts';

/** user/close: the customer's password confirms that it is them, and that they mean it. */
export const closeAccountSchema = z.object(
  { password: z.string({ error: '[登录密码]不能为空' }).trim().min(1, '[登录密码]不能为空').max(128) },
  { error: '请求参数格式不正确' },
);

/** user/closeCheck: what must be settled first, one Chinese sentence each; empty when none. */
export const CloseCheckSchema = z.object({ blockers: z.array(z.string()) });
export type CloseCheck = z.infer<typeof CloseCheckSchema>;

export const ACCOUNT_CLOSED = '账号已注销';
export const CLOSE_BLOCKED = '账号暂不能注销，请先处理以下事项';
