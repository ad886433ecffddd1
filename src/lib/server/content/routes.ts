import { contract } from '../platform/http/contract.ts';
import {
  ArticleDetailSchema,
  ArticleSummarySchema,
  ThanksItemSchema,
} from '../../shared/catalogue/responses.ts';
import { pagedOf } from '../../shared/responses.ts';
import { Hono } from 'hono';
import {
  AcknowledgeListRequestSchema,
  NewsListRequestSchema,
  RidRequestSchema,
} from '../../shared/catalogue/catalogue.ts';
import { getArticle, listArticles, listThanks } from './articles.ts';
import { notFound } from '../platform/errors.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok, readBody } from '../platform/http/envelope.ts';

/** Articles and acknowledgements (news and thanks), read from the content folder. */
export function contentRoutes() {
  const r = new Hono<ApiEnv>();

  r.post(
    '/web/acknowledge/list4index',
    contract({ body: AcknowledgeListRequestSchema, response: pagedOf(ThanksItemSchema) }),
    async (c) => {
      const q = await readBody(c, AcknowledgeListRequestSchema);
      return ok(c, listThanks(c.var.services, q));
    },
  );

  r.post(
    '/web/news/list4index',
    contract({ body: NewsListRequestSchema, response: pagedOf(ArticleSummarySchema) }),
    async (c) => {
      const q = await readBody(c, NewsListRequestSchema);
      return ok(c, listArticles(c.var.services, q));
    },
  );

  r.post('/news/detail', contract({ body: RidRequestSchema, response: ArticleDetailSchema }), async (c) => {
    const { rid } = await readBody(c, RidRequestSchema);
    const article = getArticle(c.var.services, rid);
    if (!article) throw notFound('文章');
    return ok(c, article);
  });

  return r;
}
