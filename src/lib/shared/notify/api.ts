// In-system messages under /api/auth (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { z } from '../zod.ts';
import { PageRequestSchema } from '../pagination.ts';
import { MessagePageSchema, UnreadSchema } from './responses.ts';
import {
  DeliveryLogSchema,
  notifySettingsSchema,
  NotifySettingsSchema,
  notifySubscribeSchema,
  NotifySubscribedSchema,
  wxConfigSchema,
  WxConfigSchema,
} from './channels.ts';
import { orderRidSchema } from '../orders/order.ts';

/** message/read: the messages to mark read (none: all of them). */
const messageReadSchema = z.object(
  { rids: z.array(z.string().trim().min(1).max(64), { error: '[消息]格式不正确' }).max(100).optional() },
  { error: '请求参数格式不正确' },
);

export const notifyApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/auth/message/list',
    access: 'signed-in',
    summary: '站内消息列表',
    body: PageRequestSchema,
    response: MessagePageSchema,
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/auth/message/read',
    access: 'signed-in',
    summary: '标记消息已读',
    body: messageReadSchema,
    response: UnreadSchema,
  }),
  // Channels per kind of order news and WeChat's one-time subscriptions (decision 0091).
  settings: endpoint({
    method: 'POST',
    path: '/api/auth/notify/settings',
    access: 'signed-in',
    summary: '通知设置',
    response: NotifySettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/auth/notify/settings/save',
    access: 'signed-in',
    summary: '保存通知设置',
    body: notifySettingsSchema,
    response: NotifySettingsSchema,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/auth/notify/subscribe',
    access: 'signed-in',
    summary: '订阅微信通知',
    body: notifySubscribeSchema,
    response: NotifySubscribedSchema,
  }),
  // Inside WeChat's browser: the JS-SDK config for the open tag wx-open-subscribe (decision 0096).
  wxConfig: endpoint({
    method: 'POST',
    path: '/api/auth/notify/wx-config',
    access: 'signed-in',
    summary: '微信 JS-SDK 配置',
    body: wxConfigSchema,
    response: WxConfigSchema,
  }),
  deliveries: endpoint({
    method: 'POST',
    path: '/api/admin/order/notifications',
    access: 'orders.read',
    summary: '订单通知记录',
    body: orderRidSchema,
    response: DeliveryLogSchema,
  }),
};
