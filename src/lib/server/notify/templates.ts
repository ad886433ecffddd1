import { takesSample, type OrderAction, type OrderStatus } from '../../shared/orders/order-status.ts';
import { fenToYuan, formatFen } from '../../shared/money.ts';
import { chineseDate } from '../../shared/time.ts';

export type Channel = 'sms' | 'email' | 'inbox' | 'wechat';
export type Template =
  | 'quoted'
  | 'received'
  | 'rejected'
  | 'data_received'
  | 'data_rejected'
  | 'delivered'
  | 'billed'
  | 'completed'
  | 'cancelled'
  | 'reminder'
  | 'disposal'
  | 'labels'
  | 'report_issued'
  | 'report_revised'
  | 'report_revoked'
  | 'due_moved';

/**
 * Which transitions the customer hears about, and where. An order without a physical sample
 * (数据分析, decision 0078) hears that its data, not a sample, was received or refused.
 */
export function templateFor(action: OrderAction, to: OrderStatus, typeId?: number): Template | null {
  const sample = takesSample(typeId);
  if (to === 'cancelled') return 'cancelled';
  if (to === 'completed') return 'completed';
  if (action === 'quote') return 'quoted';
  if (action === 'receive') return sample ? 'received' : 'data_received';
  if (action === 'reject') return sample ? 'rejected' : 'data_rejected';
  if (action === 'deliver') return 'delivered';
  if (action === 'bill' || (action === 'finish' && to === 'unsettled')) return 'billed';
  return null;
}

export const CHANNELS: Record<Template, readonly Channel[]> = {
  quoted: ['sms', 'inbox'],
  received: ['sms', 'inbox'],
  rejected: ['sms', 'inbox'],
  data_received: ['sms', 'inbox'],
  data_rejected: ['sms', 'inbox'],
  delivered: ['sms', 'email', 'inbox'],
  billed: ['sms', 'inbox'],
  completed: ['email', 'inbox'],
  cancelled: ['sms', 'inbox'],
  reminder: ['sms', 'inbox'],
  disposal: ['sms', 'inbox'],
  // Not by SMS: it carries a link, and SMS providers send only approved templates.
  labels: ['email', 'inbox'],
  // A report's versions (decision 0077): the customer hears of each at once, as of 检测数据已出具.
  report_issued: ['sms', 'email', 'inbox'],
  report_revised: ['sms', 'email', 'inbox'],
  report_revoked: ['sms', 'email', 'inbox'],
  // Staff moved the promised date (decision 0082): the new date and the reason, as other order news.
  due_moved: ['sms', 'inbox'],
};

export type Payload = {
  order_no: string;
  amount_fen: string;
  note: string;
  recycle: string;
  /** The order's public id, for a link to its page (labels). */
  order_rid?: string;
  /** The promised date for the data fixed at receipt (YYYY-MM-DD, decision 0079). */
  due_date?: string;
  /** The customer's 专属顾问 at receipt, as the message names them: 张三（13800001111） (decision 0090). */
  advisor?: string;
};

/** Who calls after a receipt: the customer's 专属顾问 by name and phone, else 业务经理. */
const caller = (p: Payload) => (p.advisor ? `您的专属顾问${p.advisor}` : '业务经理');

/**
 * Variables of the SMS templates registered with a provider such as Aliyun (which sends only
 * approved templates): every template gets ${order_no}; quoted and billed also ${amount} (yuan,
 * e.g. 1234.50); cancelled and rejected also ${note} (the reason, or 无); reminder also ${note}
 * (instrument and time).
 */
export function smsParams(template: Template, p: Payload): Record<string, string> {
  const yuan = fenToYuan(Number(p.amount_fen));
  if (template === 'quoted' || template === 'billed') return { order_no: p.order_no, amount: yuan };
  if (template === 'cancelled' || template === 'rejected' || template === 'data_rejected')
    return { order_no: p.order_no, note: p.note || '无' };
  // The reservation reminder: ${note} is the instrument and the time, e.g. 扫描电镜（2026-11-23 08:30–10:30）.
  if (template === 'reminder') return { order_no: p.order_no, note: p.note };
  // The coming disposal (decision 0073): ${note} is the samples and the first day, e.g. -01、-02于2026-12-08起.
  if (template === 'disposal') return { order_no: p.order_no, note: p.note };
  // A report's versions (decision 0077): ${note} is the report number, with the reason of a revision
  // or a revocation, e.g. BG20261128048213-A1（原因：样品名称有误）.
  if (template === 'report_issued' || template === 'report_revised' || template === 'report_revoked')
    return { order_no: p.order_no, note: p.note };
  // The due date moved (decision 0082): ${note} is the new date and the reason, e.g. 2026-10-23（原因：加测）.
  if (template === 'due_moved') return { order_no: p.order_no, note: `${p.due_date}（原因：${p.note}）` };
  // A receipt (decision 0090): ${advisor} is who calls, e.g. 您的专属顾问张三（13800001111） or 业务经理.
  if (template === 'received' || template === 'data_received')
    return { order_no: p.order_no, advisor: caller(p) };
  return { order_no: p.order_no };
}

/** Title and text of one message; the same words on every channel (`site`: the links' origin). */
export function render(template: Template, p: Payload, site = ''): { title: string; text: string } {
  const amount = formatFen(Number(p.amount_fen));
  switch (template) {
    case 'quoted':
      return {
        title: '订单已报价',
        text: `您的订单${p.order_no}已报价，金额${amount}，请登录个人中心查看。`,
      };
    case 'received':
      return {
        title: '样品已签收',
        text: `您的订单${p.order_no}样品已签收${p.due_date ? `，预计${chineseDate(p.due_date)}前出数据` : ''}，${caller(p)}将在2小时内与您电话联系确认检测方案。`,
      };
    case 'rejected':
      return {
        title: '样品未通过验收',
        text: `您的订单${p.order_no}样品未通过验收${p.note ? `，原因：${p.note}` : ''}。请按业务经理的说明重新送样。`,
      };
    case 'data_received':
      return {
        title: '数据已收到',
        text: `您的订单${p.order_no}数据文件已收到，${caller(p)}将在2小时内与您电话联系确认分析方案。`,
      };
    case 'data_rejected':
      return {
        title: '数据未通过审核',
        text: `您的订单${p.order_no}数据文件未通过审核${p.note ? `，原因：${p.note}` : ''}。请按业务经理的说明在订单详情中重新上传数据文件。`,
      };
    case 'delivered':
      return {
        title: '检测数据已出具',
        text: `您的订单${p.order_no}检测数据已出具，请登录个人中心下载报告。`,
      };
    case 'billed':
      return {
        title: '订单待结算',
        text: `您的订单${p.order_no}结算单已出具，应付${amount}，请登录个人中心完成结算。`,
      };
    case 'completed':
      return {
        title: '订单已完成',
        text: `您的订单${p.order_no}已完成，感谢您的信任。${p.recycle === '1' ? '需回收的样品将在全额付款后48小时内寄回。' : ''}`,
      };
    case 'reminder':
      // note: '<instrument> <YYYY-MM-DD HH:mm–HH:mm>' (queued by the reservation reminders).
      return {
        title: '预约上机提醒',
        text: `您预约的${p.note}将于明天开始（订单${p.order_no}），请按时到场，如需取消请联系业务经理。`,
      };
    case 'disposal':
      // note: '<sample numbers>于<date>起' (queued by the disposal job, 3 working days ahead).
      return {
        title: '样品即将销毁',
        text: `您的订单${p.order_no}的样品${p.note}将按约定销毁。如需寄回，请登录个人中心在订单页点击「申请寄回」。`,
      };
    case 'labels':
      // note: how many samples are to be posted (queued when the order's samples are made).
      return {
        title: '请打印样品标签',
        text: `您的订单${p.order_no}已生成${p.note}个样品编号。寄送样品前，请打开订单详情打印样品标签（A4 标签纸或热敏标签），按编号贴在样品管上，打印时请选择"实际大小"：${site}/member/order?rid=${p.order_rid ?? ''}#labels`,
      };
    case 'report_issued':
      return {
        title: '检测报告已签发',
        text: `您的订单${p.order_no}的检测报告已签发（报告编号${p.note}），请登录个人中心在订单详情中下载。`,
      };
    case 'report_revised':
      return {
        title: '检测报告已更新',
        text: `您的订单${p.order_no}的检测报告已更新为${p.note}，原版本作废，请登录个人中心在订单详情中下载新版本。`,
      };
    case 'report_revoked':
      return {
        title: '检测报告已撤销',
        text: `您的订单${p.order_no}的检测报告${p.note}已撤销，请勿再使用该报告。如有疑问请联系业务经理。`,
      };
    case 'due_moved':
      // note: the reason staff gave; due_date: the new date.
      return {
        title: '交付日期调整',
        text: `您的订单${p.order_no}预计出数据日期调整为${p.due_date ? chineseDate(p.due_date) : '待定'}，原因：${p.note}。如有疑问请联系业务经理。`,
      };
    case 'cancelled':
      return { title: '订单已取消', text: `您的订单${p.order_no}已取消。${p.note ? `原因：${p.note}` : ''}` };
  }
}

/**
 * The one message that stands for `count` messages of the same news about one order within 10
 * minutes (decision 0091): the latest one's words, which are the order's state now (the last
 * amount quoted, the last report number), with how many there were, so the customer knows the
 * earlier message is superseded rather than lost.
 */
export function renderFolded(
  template: Template,
  latest: Payload,
  count: number,
  site = '',
): { title: string; text: string } {
  const { title, text } = render(template, latest, site);
  return {
    title: `${title}（共${count}条）`,
    text: `${text}（10分钟内共${count}条「${title}」通知，已合并为本条，以本条为准。）`,
  };
}
