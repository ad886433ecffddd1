import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import {
  ArticleSchema,
  BannerSchema,
  PageSchema,
  PartnerSchema,
  SiteInfoSchema,
  ThanksSchema,
} from './lib/shared/content/content.ts';

// Articles live in src/content/articles/{news,course,service}/<rid>.md; the file name is the
// public id (/article/<rid>), so it must be unique across the three folders.
const articles = defineCollection({
  loader: glob({
    pattern: '{news,course,service}/*.md',
    base: './src/content/articles',
    generateId: ({ entry }) => entry.replace(/^.*\//, '').replace(/\.md$/, ''),
  }),
  schema: ArticleSchema,
});

const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: PageSchema,
});

const thanks = defineCollection({
  loader: file('./src/content/thanks.yaml'),
  schema: ThanksSchema,
});

const banners = defineCollection({
  loader: file('./src/content/banners.yaml'),
  schema: BannerSchema,
});

const partners = defineCollection({
  loader: file('./src/content/partners.yaml'),
  schema: PartnerSchema,
});

const site = defineCollection({
  loader: file('./src/content/site.yaml'),
  schema: SiteInfoSchema,
});

export const collections = { articles, pages, thanks, banners, partners, site };
