// The pure rules of results (decision 0075): an item's result fields, a value against its range,
// what submission and review need, and the queue's waiting time.
import { describe, expect, it } from 'vitest';
import {
  isNumberText,
  outOfRange,
  rangeText,
  resultFieldsSchema,
  type ResultField,
} from '#shared/results/fields.ts';
import {
  ALREADY_APPROVED,
  FREE_FORM_EMPTY,
  FREE_TEXT_KEY,
  NOT_WAITING_REVIEW,
  NOTHING_ENTERED,
  OUT_OF_RANGE_NEEDS_REMARK,
  SAME_REVIEWER_REFUSED,
  SELF_REVIEW_REFUSED,
  entryProblem,
  notEditable,
  reviewRefusal,
  submitProblem,
  waitedText,
} from '#shared/results/results.ts';

const bet: ResultField = {
  key: 'bet',
  name: '比表面积',
  unit: 'm²/g',
  type: 'number',
  min: 0.5,
  max: 200,
  required: true,
};
const look: ResultField = {
  key: 'look',
  name: '外观',
  unit: '',
  type: 'text',
  min: null,
  max: null,
  required: false,
};
const entries = (o: Record<string, string>) =>
  new Map(Object.entries(o).map(([k, value]) => [k, { value, remark: '' }]));

describe('result fields', () => {
  it('checks a field list: keys, names, ranges', () => {
    const ok = resultFieldsSchema.safeParse([{ ...bet, min: '0.5', max: '' }, look]);
    expect(ok.success && ok.data[0]).toMatchObject({ min: 0.5, max: null });
    const message = (v: unknown) => {
      const r = resultFieldsSchema.safeParse(v);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(message([{ ...bet, key: 'BET' }])).toMatch(/字段代码/);
    expect(message([bet, { ...look, key: 'bet' }])).toBe('[字段代码]不能重复');
    expect(message([{ ...bet, min: 5, max: 1 }])).toBe('[下限]不能大于上限');
    expect(message([{ ...look, min: 1 }])).toBe('文本字段不能设置范围');
    expect(message([{ ...bet, min: 'abc' }])).toBe('[下限]应为数字');
  });

  it('tells a number outside the range, and says the range', () => {
    expect(['12', '-1.5', '.5', '1e3', '+2'].every(isNumberText)).toBe(true);
    expect(['', '1,000', '12 m', 'abc', '1e999'].some(isNumberText)).toBe(false);
    expect([
      outOfRange(bet, '0.4'),
      outOfRange(bet, '200'),
      outOfRange(bet, '201'),
      outOfRange(look, '9'),
    ]).toEqual([true, false, true, false]);
    expect(rangeText(bet)).toBe('允许范围 0.5 – 200 m²/g');
    expect(rangeText({ ...bet, max: null })).toBe('允许范围 ≥ 0.5 m²/g');
    expect(rangeText({ ...bet, min: null, unit: '' })).toBe('允许范围 ≤ 200');
    expect(rangeText(look)).toBe('');
  });
});

describe('entering and submitting', () => {
  it('needs a remark outside the range and a number in a number field', () => {
    expect(entryProblem(bet, '250', '')).toBe(OUT_OF_RANGE_NEEDS_REMARK);
    expect(entryProblem(bet, '250', '已复测')).toBeNull();
    expect(entryProblem(bet, 'abc', '')).toBe('「比表面积」应为数字');
    expect(entryProblem(bet, '', '')).toBeNull();
    expect(entryProblem(null, '任意文字', '')).toBeNull();
    expect(notEditable('draft')).toBeNull();
    expect(notEditable('returned')).toBeNull();
    expect(notEditable('submitted')).toMatch(/已提交审核/);
    expect(notEditable('approved')).toMatch(/重测/);
  });

  it('submits once every required field has a value; a free-form result needs a file or a text', () => {
    expect(submitProblem([bet, look], entries({ look: '白' }), 0)).toBe('请填写「比表面积」后再提交审核');
    expect(submitProblem([bet, look], entries({ bet: '12' }), 0)).toBeNull();
    expect(submitProblem([bet], new Map([['bet', { value: '250', remark: '' }]]), 0)).toBe(
      OUT_OF_RANGE_NEEDS_REMARK,
    );
    expect(submitProblem([look], entries({}), 0)).toBe(NOTHING_ENTERED);
    expect(submitProblem([], entries({}), 0)).toBe(FREE_FORM_EMPTY);
    expect(submitProblem([], entries({}), 1)).toBeNull();
    expect(submitProblem([], entries({ [FREE_TEXT_KEY]: '见附件' }), 0)).toBeNull();
  });
});

describe('who may review', () => {
  const waiting = { status: 'submitted' as const, technicians: [1, 2], approvedBy: [3] };
  it('refuses whoever entered or retested it, a second review by the same person, and a result not waiting', () => {
    expect(reviewRefusal({ ...waiting, me: 2 })).toBe(SELF_REVIEW_REFUSED);
    expect(reviewRefusal({ ...waiting, me: 3 })).toBe(SAME_REVIEWER_REFUSED);
    expect(reviewRefusal({ ...waiting, me: 4 })).toBeNull();
    expect(reviewRefusal({ ...waiting, status: 'approved', me: 4 })).toBe(ALREADY_APPROVED);
    expect(reviewRefusal({ ...waiting, status: 'draft', me: 4 })).toBe(NOT_WAITING_REVIEW);
  });

  it('says how long a result has waited', () => {
    expect([0, 45, 60, 200, 24 * 60, 24 * 60 + 300].map(waitedText)).toEqual([
      '0分钟',
      '45分钟',
      '1小时',
      '3小时20分',
      '1天',
      '1天5小时',
    ]);
  });
});
