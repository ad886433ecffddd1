import { describe, expect, it } from 'vitest';
import { splitTags } from '#shared/catalogue/tags.ts';

describe('splitTags', () => {
  it('splits an item description on | into tags', () => {
    expect(splitTags('物相鉴定|结晶度|晶粒尺寸')).toEqual(['物相鉴定', '结晶度', '晶粒尺寸']);
  });

  it('trims tags and drops empty ones', () => {
    expect(splitTags(' 形貌观察 || 高分辨 |  | 喷金|')).toEqual(['形貌观察', '高分辨', '喷金']);
  });

  it('gives no tags for an empty or missing description', () => {
    expect(splitTags('')).toEqual([]);
    expect(splitTags('  |  ')).toEqual([]);
    expect(splitTags(null)).toEqual([]);
    expect(splitTags(undefined)).toEqual([]);
  });

  it('keeps a description without separators as one tag', () => {
    expect(splitTags('Zeta 电位')).toEqual(['Zeta 电位']);
  });
});
