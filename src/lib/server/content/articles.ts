import type { ArticleDetail, ArticleSummary, Paged, ThanksItem } from '../../shared/catalogue/catalogue.ts';
import type { ArticleCategory, ManifestArticle, ManifestThanks } from '../../shared/content/content.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { shanghaiDate } from '../../shared/time.ts';
import type { Services } from '../platform/services.ts';

// Articles and acknowledgements live in Markdown/YAML (src/content) and reach the server through
// the build's content manifest (services.content); nothing here touches the database.

export function toArticleSummary(a: ManifestArticle): ArticleSummary {
  return {
    rid: a.rid,
    category: a.category,
    title: a.title,
    sketch: a.sketch,
    img: a.img ?? '',
    source: a.source ?? '',
    author: a.author,
    top: a.top,
    created: shanghaiDate(a.date),
  };
}

export function toThanksItem(t: ManifestThanks): ThanksItem {
  return {
    rid: t.rid,
    company: t.company,
    title: t.title,
    code: t.code,
    content: t.content,
    sketch: t.sketch,
    source: t.source,
    created: shanghaiDate(t.date),
  };
}

function slice<T>(rows: T[], page?: number, size?: number): Paged<T> {
  const w = pageWindow(page, size);
  return { list: rows.slice(w.offset, w.offset + w.size), total: rows.length };
}

/** One category's articles, pinned first then newest (the manifest's order). */
export function listArticles(
  s: Services,
  q: { type?: ArticleCategory; page?: number; size?: number },
): Paged<ArticleSummary> {
  const type = q.type ?? 'news';
  const rows = s.content.articles.filter((a) => a.category === type);
  const paged = slice(rows, q.page, q.size);
  return { list: paged.list.map(toArticleSummary), total: paged.total };
}

export function getArticle(s: Services, rid: string): ArticleDetail | null {
  const a = s.content.article(rid);
  return a ? { ...toArticleSummary(a), html: a.html } : null;
}

export function listThanks(s: Services, q: { page?: number; size?: number }): Paged<ThanksItem> {
  const paged = slice(s.content.thanks, q.page, q.size);
  return { list: paged.list.map(toThanksItem), total: paged.total };
}

/** Articles whose title or sketch contains kw (case-insensitive). */
export function searchArticles(
  s: Services,
  q: { kw: string; page?: number; size?: number },
): Paged<ArticleSummary> {
  const kw = q.kw.trim().toLowerCase();
  const rows = kw
    ? s.content.articles.filter(
        (a) => a.title.toLowerCase().includes(kw) || a.sketch.toLowerCase().includes(kw),
      )
    : [];
  const paged = slice(rows, q.page, q.size);
  return { list: paged.list.map(toArticleSummary), total: paged.total };
}
