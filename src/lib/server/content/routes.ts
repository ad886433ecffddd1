import { Hono } from 'hono';
import { route } from '../platform/http/route.ts';
import { contentApi } from '../../shared/content/api.ts';
import { getArticle, listArticles, listThanks } from './articles.ts';
import { notFound } from '../platform/errors.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { ok } from '../platform/http/envelope.ts';

/** Articles and acknowledgements (news and thanks), read from the content folder. */
export function contentRoutes() {
  const r = new Hono<ApiEnv>();

  route(r, contentApi.thanks, async (c, input) => {
    const q = await input.body();
    return ok(c, listThanks(c.var.services, q));
  });

  route(r, contentApi.news, async (c, input) => {
    const q = await input.body();
    return ok(c, listArticles(c.var.services, q));
  });

  route(r, contentApi.article, async (c, input) => {
    const { rid } = await input.body();
    const article = getArticle(c.var.services, rid);
    if (!article) throw notFound('文章');
    return ok(c, article);
  });

  return r;
}
