// News and acknowledgements under /api/open (decision 0064).
import { endpoint } from '../api/endpoint.ts';
import { pagedOf } from '../responses.ts';
import { ArticleDetailSchema, ArticleSummarySchema, ThanksItemSchema } from '../catalogue/responses.ts';
import {
  AcknowledgeListRequestSchema,
  NewsListRequestSchema,
  RidRequestSchema,
} from '../catalogue/catalogue.ts';

export const contentApi = {
  thanks: endpoint({
    method: 'POST',
    path: '/api/open/web/acknowledge/list4index',
    access: 'public',
    summary: '致谢列表',
    body: AcknowledgeListRequestSchema,
    response: pagedOf(ThanksItemSchema),
  }),
  news: endpoint({
    method: 'POST',
    path: '/api/open/web/news/list4index',
    access: 'public',
    summary: '新闻列表',
    body: NewsListRequestSchema,
    response: pagedOf(ArticleSummarySchema),
  }),
  article: endpoint({
    method: 'POST',
    path: '/api/open/news/detail',
    access: 'public',
    summary: '新闻详情',
    body: RidRequestSchema,
    response: ArticleDetailSchema,
  }),
};
