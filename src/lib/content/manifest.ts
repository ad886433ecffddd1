import { getCollection } from 'astro:content';
import type { ArticleCategory, ContentManifest } from '../shared/content/content.ts';

const bySort = <T extends { sort: number }>(a: T, b: T) => a.sort - b.sort;

/** Everything the API needs from src/content, with Markdown already rendered to HTML. */
export async function buildContentManifest(): Promise<ContentManifest> {
  const [site, banners, partners, articles, thanks] = await Promise.all([
    getCollection('site'),
    getCollection('banners'),
    getCollection('partners'),
    getCollection('articles'),
    getCollection('thanks'),
  ]);
  const info = site.find((e) => e.id === 'info');
  if (!info) throw new Error('src/content/site.yaml needs an entry with id "info"');
  return {
    site: info.data,
    banners: banners.map((e) => e.data).sort(bySort),
    partners: partners.map((e) => e.data).sort(bySort),
    articles: articles
      .map((e) => ({
        ...e.data,
        rid: e.id,
        category: e.filePath!.split('/').at(-2) as ArticleCategory,
        html: e.rendered?.html ?? '',
      }))
      .sort((a, b) => Number(b.top) - Number(a.top) || b.date.getTime() - a.date.getTime()),
    thanks: thanks.map((e) => ({ ...e.data, rid: e.id })).sort((a, b) => b.date.getTime() - a.date.getTime()),
  };
}
