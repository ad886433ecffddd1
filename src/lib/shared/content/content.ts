import { z } from '../zod.ts';

// Schemas of the editable content in src/content. Astro validates the files with them at build,
// and the API reads the same shapes from the content manifest the build writes.

export const articleCategories = ['news', 'course', 'service'] as const;
export type ArticleCategory = (typeof articleCategories)[number];

export const articleCategoryNames: Record<ArticleCategory, string> = {
  news: '新闻动态',
  course: '培训课程',
  service: '服务案例',
};

export const ArticleSchema = z.object({
  title: z.string().min(1),
  /** Publication date (YYYY-MM-DD). */
  date: z.coerce.date(),
  sketch: z.string().default(''),
  /** Cover image path under /upload/img. */
  img: z.string().optional(),
  /** External original; when set, lists open it in a new tab. */
  source: z.url().optional(),
  author: z.string().default(''),
  /** Shown first in lists when true. */
  top: z.boolean().default(false),
});
export type ArticleData = z.infer<typeof ArticleSchema>;

export const ThanksSchema = z.object({
  /** Author information (name, institution). */
  company: z.string(),
  /** Service item used. */
  title: z.string(),
  /** Journal information (journal, year, volume, DOI). */
  code: z.string(),
  /** Acknowledgement sentence as printed. */
  content: z.string(),
  /** Article summary. */
  sketch: z.string(),
  source: z.url(),
  date: z.coerce.date(),
});
export type ThanksData = z.infer<typeof ThanksSchema>;

export const BannerSchema = z.object({
  img: z.string(),
  /** 'http…' opens in a new tab; anything else is an item rid (/detail/{rid}). */
  redirect: z.string().default(''),
  title: z.string(),
  description: z.string().default(''),
  sort: z.number().int().default(0),
});
export type BannerData = z.infer<typeof BannerSchema>;

export const PartnerSchema = z.object({
  name: z.string(),
  img: z.string(),
  url: z.url().optional(),
  sort: z.number().int().default(0),
});
export type PartnerData = z.infer<typeof PartnerSchema>;

export const SiteInfoSchema = z.object({
  name: z.string(),
  slogan: z.string(),
  localInfo: z.object({
    address: z.string(),
    phone: z.string(),
    email: z.email(),
    /** Fixed address customers post samples to (self-delivery). */
    express: z.object({
      name: z.string(),
      phone: z.string(),
      address: z.string(),
    }),
  }),
  hours: z.string(),
  qrcodes: z.array(z.object({ name: z.string(), img: z.string() })).length(3),
  promotion: z.object({
    enabled: z.boolean(),
    img: z.string(),
    title: z.string(),
    url: z.url(),
  }),
  copyright: z.string(),
  icp: z.string().default(''),
  /** Where customers send a top-up by bank transfer (对公转账). */
  bank: z.object({ name: z.string(), bank: z.string(), account: z.string() }),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

/** A Markdown page (about, guide, license, policy…). */
export const PageSchema = z.object({
  title: z.string(),
  description: z.string().default(''),
  updated: z.coerce.date().optional(),
});

/** What the build writes to dist/client/content/manifest.json for the API to read. */
export type ManifestArticle = ArticleData & {
  rid: string;
  category: ArticleCategory;
  html: string;
};
export type ManifestThanks = ThanksData & { rid: string };
export type ContentManifest = {
  site: SiteInfo;
  banners: BannerData[];
  partners: PartnerData[];
  articles: ManifestArticle[];
  thanks: ManifestThanks[];
};
