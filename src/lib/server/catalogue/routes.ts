import { contract } from '../platform/http/contract.ts';
import {
  AbilityPageSchema,
  AbilityViewsSchema,
  HomeDataSchema,
  ItemDetailSchema,
  ProjectListItemSchema,
  SearchResultSchema,
  TypeGroupSchema,
} from '../../shared/catalogue/responses.ts';
import { pagedOf } from '../../shared/responses.ts';
import { z } from '../../shared/zod.ts';
import { Hono } from 'hono';
import {
  AbilityListRequestSchema,
  ProjectListRequestSchema,
  RidRequestSchema,
  SearchRequestSchema,
  type HomeData,
} from '../../shared/catalogue/catalogue.ts';
import { getHomeData } from './home.ts';
import { getItem, getTypeGroups, listProjects } from './projects.ts';
import { searchCatalogue } from './search.ts';
import { listAbilities, syncAbilityViews } from './abilities.ts';
import { notFound } from '../platform/errors.ts';
import type { ApiEnv } from '../platform/http/api-env.ts';
import { checkAnswer, ok, readBody, type Envelope } from '../platform/http/envelope.ts';

/**
 * Home data, categories, item lists and details, search, the capability showcase. project/list, project/detail and
 * search are ours: the spec does not show those paths (docs/decisions/0003-open-api-extras.md).
 */
export function catalogueRoutes() {
  const r = new Hono<ApiEnv>();

  // The busiest call: the envelope is memoized already encoded (same TTL as the data), so a
  // hit costs neither JSON.stringify nor UTF-8 encoding; bytes go out half again as fast.
  r.get('/web/index', contract({ response: HomeDataSchema }), async (c) => {
    const s = c.var.services;
    const body = await s.memo.get('api:web-index', async () => {
      const data = await getHomeData(s);
      checkAnswer(c, data);
      return Buffer.from(JSON.stringify({ code: 1, msg: '操作成功!', data } satisfies Envelope<HomeData>));
    });
    return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' });
  });

  r.get('/type/group', contract({ response: z.array(TypeGroupSchema) }), async (c) =>
    ok(c, await getTypeGroups(c.var.services)),
  );

  r.post(
    '/project/list',
    contract({ body: ProjectListRequestSchema, response: pagedOf(ProjectListItemSchema) }),
    async (c) => {
      const q = await readBody(c, ProjectListRequestSchema);
      return ok(c, await listProjects(c.var.services, q));
    },
  );

  r.post('/project/detail', contract({ body: RidRequestSchema, response: ItemDetailSchema }), async (c) => {
    const { rid } = await readBody(c, RidRequestSchema);
    const detail = await getItem(c.var.services, rid);
    if (!detail) throw notFound('项目');
    return ok(c, detail);
  });

  r.post('/search', contract({ body: SearchRequestSchema, response: SearchResultSchema }), async (c) => {
    const q = await readBody(c, SearchRequestSchema);
    return ok(c, await searchCatalogue(c.var.services, q));
  });

  r.post(
    '/ability/index',
    contract({ body: AbilityListRequestSchema, response: AbilityPageSchema }),
    async (c) => {
      const q = await readBody(c, AbilityListRequestSchema);
      return ok(c, await listAbilities(c.var.services, q));
    },
  );

  r.post(
    '/ability/sync4num',
    contract({ body: RidRequestSchema, response: AbilityViewsSchema }),
    async (c) => {
      const { rid } = await readBody(c, RidRequestSchema);
      const views = await syncAbilityViews(c.var.services, rid);
      if (!views) throw notFound('案例');
      return ok(c, views);
    },
  );

  return r;
}
