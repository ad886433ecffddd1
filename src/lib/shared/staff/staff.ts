// The staff calls' requests and answers (decision 0023): the console's own account, staff
// members and their roles, the audit log.
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { pagedOf, ridOut } from '../responses.ts';
import { phoneField } from '../accounts/auth.ts';
import { optText } from '../orders/order.ts';
import { PERMISSIONS, ROLES } from './permissions.ts';

export const StaffMeSchema = z.object({
  rid: ridOut,
  phone: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  role_text: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
});

export const StaffMemberSchema = z.object({
  rid: ridOut,
  phone: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  role_text: z.string(),
  created: z.string(),
});
export const StaffPageSchema = pagedOf(StaffMemberSchema);

export const staffSaveSchema = z.object(
  {
    phone: phoneField,
    /** null takes the account off the staff. */
    role: z.enum(ROLES, { error: '[角色]不正确' }).nullable(),
  },
  { error: '请求参数格式不正确' },
);

export const auditListSchema = PageRequestSchema.extend({
  action: optText('操作', 64),
  entity_rid: optText('对象编号', 64),
  actor_phone: optText('操作人手机号', 11),
});

/** One field a call changed, in words (staff/audit-text.ts). */
export const AuditChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ rid: ridOut, phone: z.string(), name: z.string() }),
  role: z.string(),
  permission: z.string(),
  action: z.string(),
  /** The call's name in Chinese (its declared summary). */
  action_text: z.string(),
  entity_rid: z.string().nullable(),
  /** The record in words: 订单 O…, 员工 王五（138…）. */
  entity_text: z.string(),
  /** What the call changed, field by field, in Chinese. */
  changes: z.array(AuditChangeSchema),
  before: z.unknown(),
  after: z.unknown(),
  request: z.unknown(),
  /** denied: the role may not make the call at all (越权); refused: the call ran and said no. */
  outcome: z.enum(['ok', 'refused', 'denied']),
  /** For a denied row: how many times that actor was denied that call in that minute. */
  denied_count: z.number().int().nullable(),
  message: z.string(),
  ip: z.string(),
});
export const AuditPageSchema = pagedOf(AuditEntrySchema);

/** A record's own history (order page, item editor): its audit rows that changed something. */
export const historySchema = z.object(
  { rid: z.string({ error: '请求参数格式不正确' }).trim().min(1, '请求参数格式不正确').max(64) },
  { error: '请求参数格式不正确' },
);
export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who did it: name, or phone without one. */
  by: z.string(),
  action_text: z.string(),
  changes: z.array(AuditChangeSchema),
  /** The reason or note the call carried. */
  note: z.string(),
});
export const HistorySchema = z.object({ list: z.array(HistoryEntrySchema) });
