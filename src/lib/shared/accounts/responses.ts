// What the account calls answer (decision 0020): the schemas, and the types derived from them.
import { z } from '../zod.ts';
import { ridOut } from '../responses.ts';
import { ROLES } from '../staff/permissions.ts';

/** Login and bind answer this; epoch seconds, as the spec's token record. */
export const LoginResultSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expires: z.number(),
});
export type LoginResult = z.output<typeof LoginResultSchema>;

/** refresh4token answers this (the spec's field names). */
export const RefreshResultSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  expires_at: z.number(),
});
export type RefreshResult = z.output<typeof RefreshResultSchema>;

export const WxTicketSchema = z.object({
  expire_seconds: z.number(),
  qr_code_url: z.string(),
  qr_image_url: z.string().nullable(),
  ticket: z.string(),
});
export type WxTicket = z.output<typeof WxTicketSchema>;

export const WxPollResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('need_bind'), bindKey: z.string() }),
  LoginResultSchema.extend({ status: z.literal('confirmed') }),
]);
export type WxPollResult = z.output<typeof WxPollResultSchema>;

/** wx/bindStatus: the bind QR code not scanned yet, or scanned and bound. */
export const WxBindStatusSchema = z.object({ status: z.enum(['pending', 'bound']) });

/** A customer as staff answers name them (order, reservation and temp-device lists, user/find). */
export const CustomerRefSchema = z.object({
  rid: ridOut,
  phone: z.string(),
  name: z.string(),
  company: z.string(),
});

/** code4sms: seconds before another code may be asked for. */
export const CodeSentSchema = z.object({ resend_after: z.number() });

export const UserInfoSchema = z.object({
  account: z.string(),
  rid: ridOut,
  phone: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  avatar: z.string(),
  organization: z.number().nullable(),
  company: z.string(),
  /** Profile attestation fields (update4profile; see src/lib/shared/member/profile.ts). */
  teacher: z.string(),
  teacher_phone: z.string(),
  teacher_mail: z.string(),
  company_leader: z.string(),
  company_leader_phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address_code: z.string(),
  address: z.string(),
  invite_code: z.string(),
  has_password: z.boolean(),
  wechat_bound: z.boolean(),
  created: z.string(),
  /**
   * In user/info only: the account's staff role, null for a customer. Staff are not asked to
   * complete a customer profile (they will work in the staff console).
   */
  staff_role: z.enum(ROLES).nullable().optional(),
});
export type UserInfo = z.output<typeof UserInfoSchema>;
