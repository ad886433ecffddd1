import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, PageRequestSchema, pageCount, pageWindow } from '#shared/pagination.ts';

describe('pageWindow', () => {
  it('turns page and size into an offset', () => {
    expect(pageWindow(1, 10)).toEqual({ page: 1, size: 10, offset: 0 });
    expect(pageWindow(3, 20)).toEqual({ page: 3, size: 20, offset: 40 });
  });

  it('defaults to the first page of ten', () => {
    expect(pageWindow()).toEqual({ page: 1, size: 10, offset: 0 });
    expect(pageWindow(null, null)).toEqual({ page: 1, size: 10, offset: 0 });
  });

  it('clamps pages below 1 and sizes outside 1..50', () => {
    expect(pageWindow(0, 10).page).toBe(1);
    expect(pageWindow(-5, 10)).toEqual({ page: 1, size: 10, offset: 0 });
    expect(pageWindow(1, 0).size).toBe(1);
    expect(pageWindow(1, -3).size).toBe(1);
    expect(pageWindow(2, 100000)).toEqual({ page: 2, size: MAX_PAGE_SIZE, offset: MAX_PAGE_SIZE });
    expect(pageWindow(1e308, 10).page).toBe(100_000);
  });

  it('floors fractions and ignores NaN and Infinity', () => {
    expect(pageWindow(2.9, 10.7)).toEqual({ page: 2, size: 10, offset: 10 });
    expect(pageWindow(NaN, Infinity)).toEqual({ page: 1, size: 10, offset: 0 });
  });
});

describe('pageCount', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(57, 0)).toBe(57);
  });
});

describe('PageRequestSchema', () => {
  it('accepts numbers and numeric text, and treats null and empty text as absent', () => {
    expect(PageRequestSchema.parse({ page: 2, size: '20' })).toEqual({ page: 2, size: 20 });
    expect(PageRequestSchema.parse({ page: null, size: '' })).toEqual({});
  });

  it('rejects non-numbers with the field named in Chinese', () => {
    const msg = (v: unknown) => PageRequestSchema.safeParse(v).error?.issues[0].message;
    expect(msg({ page: 'abc' })).toBe('[页码]格式不正确');
    expect(msg({ size: true })).toBe('[每页条数]格式不正确');
    expect(msg({ size: '  ' })).toBe('[每页条数]格式不正确');
    expect(msg([])).toBe('请求参数格式不正确');
  });
});
