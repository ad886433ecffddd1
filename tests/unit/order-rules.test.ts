import { describe, expect, it } from 'vitest';
import { fenToYuan, formatFen, lineFen, sumFen, yuanToFen } from '#shared/money.ts';
import { parameterProblem, sampleCountProblem, planAddSchema } from '#shared/plan/plan-rules.ts';
import { deliverySchema, evaluateSchema, orderAddSchema } from '#shared/orders/order.ts';
import type { ItemOptions } from '#shared/catalogue/catalogue.ts';

const options: ItemOptions = {
  sampleCount: { min: 1, max: 5, default: 1 },
  parameters: [
    { name: '制样类型', required: true, choices: ['TEM 薄片', '截面观察'] },
    { name: '备注说明', required: false, choices: [] },
  ],
};
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('money in fen', () => {
  it('formats and parses yuan without floating-point drift', () => {
    expect(fenToYuan(123456)).toBe('1234.56');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-250)).toBe('-2.50');
    expect(formatFen(280000)).toBe('¥2800.00');
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('12.345')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(lineFen(280000, 3)).toBe(840000);
    expect(sumFen([{ line_fen: 1 }, { line_fen: 2 }])).toBe(3);
  });
});

describe('line options', () => {
  it('checks parameters against the item', () => {
    expect(parameterProblem(options, { 制样类型: 'TEM 薄片' })).toBeNull();
    expect(parameterProblem(options, {})).toBe('[制样类型]不能为空');
    expect(parameterProblem(options, { 制样类型: '别的' })).toBe('[制样类型]不正确');
    expect(parameterProblem(options, { 制样类型: 'TEM 薄片', 其他: 'x' })).toBe('[其他]不是该项目的测试参数');
    expect(parameterProblem(options, { 制样类型: '截面观察', 备注说明: '任意文字' })).toBeNull();
  });
  it('keeps the sample count in the item range', () => {
    expect(sampleCountProblem(options, 0)).toBe('[样品数量]至少为1');
    expect(sampleCountProblem(options, 6)).toBe('[样品数量]最多为5');
    expect(sampleCountProblem(options, 5)).toBeNull();
  });
  it('accepts only the spec codes for source and disposal', () => {
    expect(planAddSchema.safeParse({ item_rid: 'x', source: 4, disposal: 2 }).success).toBe(true);
    expect(planAddSchema.safeParse({ item_rid: 'x', source: '-1' }).success).toBe(true);
    expect(first(planAddSchema.safeParse({ item_rid: 'x', source: 5 }))).toBe('[样品来源]不正确');
    expect(first(planAddSchema.safeParse({ item_rid: 'x', disposal: 3 }))).toBe('[样品处理方式]不正确');
    expect(first(planAddSchema.safeParse({}))).toBe('[检测项目]不能为空');
  });
});

describe('order requests', () => {
  it('needs date, time and an address for a pickup, nothing more for self-delivery', () => {
    expect(deliverySchema.safeParse({ type: 0 }).success).toBe(true);
    expect(first(deliverySchema.safeParse({}))).toBe('[送样方式]不能为空');
    expect(first(deliverySchema.safeParse({ type: 1 }))).toBe('[姓名]不能为空');
    const addr = {
      name: '张三',
      phone: '13912345678',
      province: '广东省',
      city: '广州市',
      area: '天河区',
      address: '1号',
      address_code: '440106',
    };
    expect(first(deliverySchema.safeParse({ type: 1, ...addr }))).toBe('[取样日期]不能为空');
    expect(first(deliverySchema.safeParse({ type: 1, ...addr, date: '2026-02-30' }))).toBe(
      '[取样日期]格式不正确',
    );
    expect(first(deliverySchema.safeParse({ type: 1, ...addr, date: '2026-12-01' }))).toBe(
      '[取样时间]不能为空',
    );
    expect(
      deliverySchema.safeParse({ type: 1, ...addr, date: '2026-12-01', time: '09:00-11:00' }).success,
    ).toBe(true);
    expect(first(deliverySchema.safeParse({ type: 1, ...addr, phone: '123' }))).toBe('[手机]格式不正确');
  });
  it('validates an evaluation score 1-5', () => {
    expect(first(evaluateSchema.safeParse({ rid: 'o1' }))).toBe('[评分]不能为空');
    expect(first(evaluateSchema.safeParse({ rid: 'o1', score: 6 }))).toBe('[评分]应为1-5的整数');
    expect(evaluateSchema.safeParse({ rid: 'o1', score: '5' }).success).toBe(true);
  });
  it('answers a wrong shape with a message, not an exception', () => {
    expect(first(orderAddSchema.safeParse('x'))).toBe('请求参数格式不正确');
    expect(first(orderAddSchema.safeParse({ delivery: { type: 0 }, items: 'x' }))).toBe(
      '[检测项目]格式不正确',
    );
  });
});
