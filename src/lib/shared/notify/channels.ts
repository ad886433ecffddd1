// The customer's notification channels per event kind (issue 34, decision 0091): which kinds of
// order news they choose channels for, the one-time WeChat subscriptions asked at order submit,
// and the words of the console's delivery log.
import { z } from '../zod.ts';

/** The kinds of order news a customer chooses channels for (and subscribes to in WeChat). */
export const NOTIFY_KINDS = ['sample', 'report', 'payment'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export const NOTIFY_KIND_TEXT: Record<NotifyKind, string> = {
  sample: '样品签收',
  report: '报告已出',
  payment: '待付款/补差价',
};

/** Which kind a message template belongs to; other templates keep their fixed channels. */
export const KIND_OF_TEMPLATE: Readonly<Record<string, NotifyKind>> = {
  received: 'sample',
  data_received: 'sample',
  rejected: 'sample',
  data_rejected: 'sample',
  delivered: 'report',
  report_issued: 'report',
  report_revised: 'report',
  quoted: 'payment',
  billed: 'payment',
};

export type ChannelChoice = { wechat: boolean; sms: boolean; email: boolean };

/** Before a customer chooses: WeChat first, SMS when WeChat cannot deliver, e-mail where the news has it. */
export const DEFAULT_CHOICE: ChannelChoice = { wechat: true, sms: true, email: true };

/**
 * The channels one message goes to, from the template's own channels and the customer's choice:
 * with WeChat chosen, SMS stands by as its fallback instead of going as well.
 */
export function chosenChannels<C extends string>(
  defaults: readonly C[],
  choice: ChannelChoice,
): { channels: (C | 'wechat')[]; smsFallback: boolean } {
  const hasSms = defaults.includes('sms' as C);
  const channels: (C | 'wechat')[] = defaults.filter((c) =>
    c === 'sms' ? choice.sms && !choice.wechat : c === 'email' ? choice.email : true,
  );
  if (choice.wechat) channels.unshift('wechat');
  return { channels, smsFallback: choice.wechat && choice.sms && hasSms };
}

export const CHANNEL_TEXT: Record<string, string> = {
  wechat: '微信',
  sms: '短信',
  email: '邮件',
  inbox: '站内消息',
};

export const DELIVERY_STATUS_TEXT: Record<string, string> = {
  sending: '发送中',
  sent: '已发送',
  merged: '已合并',
  fallback: '改发短信',
  failed: '发送失败',
};

const kindField = z.enum(NOTIFY_KINDS, { error: '[通知类型]不正确' });

/** notify/settings/save: every kind's choice at once. */
export const notifySettingsSchema = z.object(
  {
    list: z
      .array(z.object({ kind: kindField, wechat: z.boolean(), sms: z.boolean(), email: z.boolean() }))
      .min(1, '[通知设置]不能为空')
      .max(NOTIFY_KINDS.length),
  },
  { error: '请求参数格式不正确' },
);

/** notify/subscribe: the one-time WeChat subscriptions accepted for the orders just placed. */
export const notifySubscribeSchema = z.object(
  {
    order_rids: z.array(z.string().trim().min(1).max(64), { error: '[订单]格式不正确' }).min(1).max(20),
    kinds: z.array(kindField).max(NOTIFY_KINDS.length),
  },
  { error: '请求参数格式不正确' },
);

export const NotifySettingsSchema = z.object({
  wechat_bound: z.boolean(),
  list: z.array(z.object({ kind: z.string(), wechat: z.boolean(), sms: z.boolean(), email: z.boolean() })),
});
export type NotifySettings = z.output<typeof NotifySettingsSchema>;

export const NotifySubscribedSchema = z.object({ kinds: z.array(z.string()) });

/** notify/wx-config: the page asking for WeChat's open tags, without its #fragment. */
export const wxConfigSchema = z.object(
  {
    url: z
      .string({ error: '[页面地址]不能为空' })
      .trim()
      .min(1, '[页面地址]不能为空')
      .max(1000, '[页面地址]过长'),
  },
  { error: '请求参数格式不正确' },
);

/**
 * WeChat's JS-SDK config for that page (decision 0096): `enabled` false where the portal has no
 * Official Account (dev provider) or WeChat could not be reached; the page then keeps its own prompt.
 */
export const WxConfigSchema = z.object({
  enabled: z.boolean(),
  app_id: z.string(),
  timestamp: z.number(),
  nonce_str: z.string(),
  signature: z.string(),
  /** The 订阅通知 template of each kind (sample, report, payment). */
  templates: z.record(z.string(), z.string()),
});
export type WxConfig = z.output<typeof WxConfigSchema>;

/** The kinds whose templates WeChat reports accepted in an open tag's `success` event. */
export function acceptedKinds(
  subscribeDetails: string,
  templates: Readonly<Record<string, string>>,
): NotifyKind[] {
  let details: Record<string, unknown>;
  try {
    details = JSON.parse(subscribeDetails) as Record<string, unknown>;
  } catch {
    return [];
  }
  // Each value is itself JSON, {"status":"accept"} (or reject / cancel / filter).
  const accepted = (v: unknown) => {
    try {
      return (
        (typeof v === 'string' ? (JSON.parse(v) as { status?: string }) : (v as { status?: string }))
          ?.status === 'accept'
      );
    } catch {
      return false;
    }
  };
  return NOTIFY_KINDS.filter((k) => templates[k] && accepted(details[templates[k]]));
}

/** The console's 通知记录 of one order. */
export const DeliveryLogSchema = z.object({
  list: z.array(
    z.object({
      template: z.string(),
      title: z.string(),
      channel: z.string(),
      status: z.string(),
      detail: z.string(),
      result: z.string(),
      created: z.string(),
    }),
  ),
});
export type DeliveryLog = z.output<typeof DeliveryLogSchema>;
