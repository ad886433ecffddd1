// Helpers over astro:content for prerendered pages (they never touch the database).
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { ArticleCategory, SiteInfo } from '../shared/content/content.ts';
import { categoryOf, compareArticles, formatDate } from './articles.ts';

export type Article = {
  rid: string;
  category: ArticleCategory;
  title: string;
  date: Date;
  /** YYYY-MM-DD */
  created: string;
  sketch: string;
  img?: string;
  source?: string;
  author: string;
  top: boolean;
  entry: CollectionEntry<'articles'>;
};

function toArticle(entry: CollectionEntry<'articles'>): Article {
  return {
    ...entry.data,
    rid: entry.id,
    category: categoryOf(entry.filePath),
    created: formatDate(entry.data.date),
    entry,
  };
}

/** Articles in display order, optionally of one category. */
export async function getArticles(category?: ArticleCategory): Promise<Article[]> {
  const entries = await getCollection('articles');
  return entries
    .map(toArticle)
    .filter((a) => !category || a.category === category)
    .sort(compareArticles);
}

export type Thanks = CollectionEntry<'thanks'>['data'] & { rid: string; created: string };

/** Acknowledgements, newest first. */
export async function getThanks(): Promise<Thanks[]> {
  const entries = await getCollection('thanks');
  return entries
    .map((e) => ({ ...e.data, rid: e.id, created: formatDate(e.data.date) }))
    .sort((a, b) => b.date.getTime() - a.date.getTime() || a.rid.localeCompare(b.rid));
}

export async function getPage(id: string): Promise<CollectionEntry<'pages'>> {
  const page = await getEntry('pages', id);
  if (!page) throw new Error(`src/content/pages/${id}.md is missing`);
  return page;
}

export async function getSiteInfo(): Promise<SiteInfo> {
  const info = await getEntry('site', 'info');
  if (!info) throw new Error('src/content/site.yaml needs an entry with id "info"');
  return info.data;
}
