import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canEvaluate,
  canGiveFeedback,
  canPay,
  eventText,
  fileSize,
  needsQuote,
  ORDER_TABS,
  tabByKey,
} from '#shared/orders/order-view.ts';
import { orderActionText, orderStatusText, statusFilterText } from '#shared/orders/order-status.ts';
import { ORDER_STATUSES, type OrderStatus } from '#shared/orders/order-status.ts';
import { dispositionName } from '../../src/lib/client/download.ts';

describe('order tabs', () => {
  it('cover every status exactly once, after 全部', () => {
    expect(ORDER_TABS[0]).toMatchObject({ key: 'all', label: '全部', statuses: [] });
    const covered = ORDER_TABS.flatMap((t) => t.statuses);
    expect([...covered].sort()).toEqual([...ORDER_STATUSES].sort());
    expect(tabByKey('testing').statuses).toEqual(['received', 'testing']);
    expect(tabByKey('sampling').statuses).toEqual(['awaiting_sample', 'awaiting_pickup']);
    expect(tabByKey('nonsense').key).toBe('all');
    expect(tabByKey(null).key).toBe('all');
  });
});

describe('what the customer may do', () => {
  const o = (status: OrderStatus, pay_mode: 'after' | 'before' = 'after') => ({ status, pay_mode });
  it('cancels only before the sample is received', () => {
    for (const s of ['quoting', 'unpaid', 'awaiting_sample', 'awaiting_pickup'] as const)
      expect(canCancel(o(s, 'before'))).toBe(true);
    for (const s of ['received', 'testing', 'delivered', 'unsettled', 'completed', 'cancelled'] as const)
      expect(canCancel(o(s))).toBe(false);
  });
  it('pays a prepaid order in 待付款 and a pay-after order in 待结算, nothing else', () => {
    expect(canPay(o('unpaid', 'before'))).toBe(true);
    expect(canPay(o('unsettled', 'after'))).toBe(true);
    expect(canPay(o('quoting', 'before'))).toBe(false);
    expect(canPay(o('awaiting_sample', 'after'))).toBe(false);
    expect(canPay(o('delivered', 'after'))).toBe(false);
    expect(canPay(o('completed', 'after'))).toBe(false);
  });
  it('gives feedback once the data is out and evaluates once completed', () => {
    expect(canGiveFeedback(o('testing'))).toBe(false);
    expect(['delivered', 'unsettled', 'completed'].every((s) => canGiveFeedback(o(s as OrderStatus)))).toBe(
      true,
    );
    expect(canEvaluate(o('unsettled'))).toBe(false);
    expect(canEvaluate(o('completed'))).toBe(true);
  });
  it('shows 待报价 instead of an amount until staff quote', () => {
    expect(needsQuote({ status: 'quoting', quoted_fen: null })).toBe(true);
    expect(needsQuote({ status: 'unpaid', quoted_fen: 1000 })).toBe(false);
  });
});

describe('words', () => {
  it('names timeline actions in Chinese', () => {
    expect(eventText('create')).toBe('提交订单');
    expect(eventText('receive')).toBe('确认收样');
    expect(eventText('deliver')).toBe('出具数据');
    expect(eventText('feedback')).toBe('报告反馈');
    expect(eventText('upload')).toBe('上传文件');
  });
  it('sizes files', () => {
    expect(fileSize(45)).toBe('45 B');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('dispositionName', () => {
  it('prefers the RFC 5987 name, then the plain one', () => {
    expect(
      dispositionName(
        `attachment; filename="XRD_____.pdf"; filename*=UTF-8''${encodeURIComponent('XRD检测报告.pdf')}`,
      ),
    ).toBe('XRD检测报告.pdf');
    expect(dispositionName('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(dispositionName('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(dispositionName('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="x.pdf"')).toBe('x.pdf');
    expect(dispositionName(null)).toBeNull();
    expect(dispositionName('inline')).toBeNull();
  });
});

describe('words by project type (decision 0078)', () => {
  it('a data-analysis order waits for data, not a sample; other types keep their words', () => {
    expect(orderStatusText('awaiting_sample', 3)).toBe('待上传数据');
    expect(orderStatusText('received', 3)).toBe('已收数据');
    expect(orderStatusText('testing', 3)).toBe('检测中');
    expect(orderStatusText('awaiting_sample', 1)).toBe('待寄样');
    expect(orderStatusText('received', 2)).toBe('已收样');
    expect(orderStatusText('awaiting_sample', undefined)).toBe('待寄样');
    expect(orderActionText('receive', 3)).toBe('确认收到数据');
    expect(orderActionText('reject', 1)).toBe('拒收样品');
    expect(eventText('receive', 3)).toBe('确认收到数据');
    expect(eventText('picked', 3)).toBe('上门取样');
    expect(statusFilterText('awaiting_sample')).toBe('待寄样/待上传数据');
    expect(statusFilterText('unpaid')).toBe('待付款');
  });
});
