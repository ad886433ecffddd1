import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  articleLink,
  categoryOf,
  compareArticles,
  formatDate,
  neighbours,
  pageLinks,
} from '../../src/lib/content/articles.ts';
import type { ContentManifest } from '../../src/lib/shared/content/content.ts';

describe('article rules', () => {
  it('opens an external original in place of our article page', () => {
    expect(articleLink({ rid: 'n-a', source: 'https://doi.org/10.1/x' })).toEqual({
      href: 'https://doi.org/10.1/x',
      external: true,
    });
    expect(articleLink({ rid: 'n-a' })).toEqual({ href: '/article/n-a', external: false });
    expect(articleLink({ rid: 'n-a', source: '' })).toEqual({ href: '/article/n-a', external: false });
  });

  it('formats front-matter dates as the same calendar day', () => {
    expect(formatDate(new Date('2026-03-01'))).toBe('2026-03-01');
    // 23:30 UTC is already the next morning in Shanghai.
    expect(formatDate(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
  });

  it('lists pinned articles first, then newest first', () => {
    const a = { rid: 'a', top: false, date: new Date('2026-01-01') };
    const b = { rid: 'b', top: false, date: new Date('2026-05-01') };
    const c = { rid: 'c', top: true, date: new Date('2025-01-01') };
    expect([a, b, c].sort(compareArticles).map((x) => x.rid)).toEqual(['c', 'b', 'a']);
  });

  it('takes the category from the folder and refuses others', () => {
    expect(categoryOf('src/content/articles/course/c-x.md')).toBe('course');
    expect(() => categoryOf('src/content/articles/misc/x.md')).toThrow();
  });

  it('finds neighbours in display order', () => {
    const list = [{ rid: 'a' }, { rid: 'b' }, { rid: 'c' }];
    expect(neighbours(list, 'b')).toEqual({ prev: { rid: 'a' }, next: { rid: 'c' } });
    expect(neighbours(list, 'a')).toEqual({ prev: undefined, next: { rid: 'b' } });
    expect(neighbours(list, 'zz')).toEqual({});
  });

  it('shows first, last and two pages either side, with gaps', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });
});

// The build validated every file against the zod schemas; these check what editors rely on.
describe('published content', () => {
  const manifest = JSON.parse(readFileSync('dist/client/content/manifest.json', 'utf8')) as ContentManifest;
  const count = (c: string) => manifest.articles.filter((a) => a.category === c).length;

  it('has the demo articles and acknowledgements', () => {
    expect(count('news')).toBeGreaterThanOrEqual(12);
    expect(count('course')).toBeGreaterThanOrEqual(6);
    expect(count('service')).toBeGreaterThanOrEqual(8);
    expect(manifest.thanks.length).toBeGreaterThanOrEqual(10);
    expect(manifest.articles.some((a) => a.source)).toBe(true);
    expect(manifest.articles.filter((a) => !a.source).length).toBeGreaterThan(manifest.articles.length / 2);
  });

  it('gives every article a unique id, a body and a local cover with a size', () => {
    const rids = manifest.articles.map((a) => a.rid);
    expect(new Set(rids).size).toBe(rids.length);
    for (const a of manifest.articles) {
      expect(a.html.length, a.rid).toBeGreaterThan(50);
      expect(a.img, a.rid).toMatch(/^\/upload\/img\/(news|course|service)\//);
      const file = `public${a.img}`;
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/<svg[^>]+width="\d+"[^>]+height="\d+"/);
    }
  });

  it('links every acknowledgement to its original', () => {
    for (const t of manifest.thanks) {
      expect(t.source).toMatch(/^https:\/\//);
      for (const field of [t.company, t.title, t.code, t.content, t.sketch])
        expect(field.length).toBeGreaterThan(0);
    }
  });
});
