// The API contract, generated: an OpenAPI 3.1 document built from every route's contract() (the
// same zod schemas the handlers validate with) and served at /api/openapi.json, with a readable
// reference page at /api/docs for the mini-program and partners.
import { createHash } from 'node:crypto';
import { z } from '../../../shared/zod.ts';
import { ERROR_CODES } from '../../../shared/errors.ts';
import { contractOf, type RouteContract } from './contract.ts';

type JsonSchema = Record<string, unknown>;
export type ApiRoute = { method: string; path: string; contract: RouteContract | undefined };

/** Every route of the app (method and full path) with its declared contract, if any. */
export function apiRoutes(app: { routes: { method: string; path: string; handler: object }[] }): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const r of app.routes) {
    // Middleware mounted for every method (guards, limits) is not a route.
    if (r.method === 'ALL' || !r.path.startsWith('/api/') || r.path.endsWith('*')) continue;
    const key = `${r.method} ${r.path}`;
    const entry = seen.get(key) ?? { method: r.method, path: r.path, contract: undefined };
    entry.contract ??= contractOf(r.handler);
    seen.set(key, entry);
  }
  return [...seen.values()];
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { const: 1 }, msg: { type: 'string' }, data },
});

const FAILURE: JsonSchema = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { const: 0 },
    msg: { type: 'string', description: '中文提示，原样展示给用户' },
    data: {
      type: 'object',
      required: ['error'],
      properties: { error: { enum: [...ERROR_CODES], description: '稳定的机器码，客户端据此分支' } },
    },
  },
};

/** Who may call a route, from its declared access (decision 0064). */
function audience(route: ApiRoute): { tag: string; security?: object[]; note: string } {
  const access = route.contract?.access;
  if (access === 'public') return { tag: 'open', note: '公开' };
  if (access === 'dev') return { tag: 'dev', note: '开发工具，仅本机' };
  if (access === 'signed-in') return { tag: 'auth', security: [{ bearer: [] }], note: '需登录' };
  return {
    tag: 'admin',
    security: [{ bearer: [] }],
    note: access ? `仅工作人员（权限 ${access}）` : '仅工作人员',
  };
}

function operation(route: ApiRoute): JsonSchema {
  const c = route.contract ?? {};
  const who = audience(route);
  const op: JsonSchema = {
    tags: [who.tag],
    summary: c.summary ?? `${route.method} ${route.path}`,
    description: who.note,
    ...(who.security ? { security: who.security } : {}),
  };
  const params: JsonSchema[] = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (c.query) {
    const q = jsonSchema(c.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {}))
      params.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
  }
  if (params.length) op.parameters = params;
  if (c.body) op.requestBody = { content: { 'application/json': { schema: jsonSchema(c.body) } } };
  if (c.multipart)
    op.requestBody = {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: Object.fromEntries(
              Object.entries(c.multipart).map(([name, description]) => [
                name,
                name === 'file'
                  ? { type: 'string', format: 'binary', description }
                  : { type: 'string', description },
              ]),
            ),
          },
        },
      },
    };
  op.responses = {
    '200': {
      description: c.produces ?? '成功：code 1；业务失败：code 0（HTTP 200）',
      content: c.produces
        ? { 'application/octet-stream': {} }
        : {
            'application/json': {
              schema: {
                oneOf: [
                  envelope(c.response ? jsonSchema(c.response, 'output') : {}),
                  { $ref: '#/components/schemas/Failure' },
                ],
              },
            },
          },
    },
    '4XX': {
      description: '未登录 401、无权限 403、接口不存在 404、请求过大 413、格式不支持 415',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
    },
  };
  return op;
}

/** The OpenAPI 3.1 document of every route. */
export function openApiDocument(routes: ApiRoute[]): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '科研检测服务平台 API',
      version: '1',
      description:
        '所有接口返回 {code, msg, data}：code 1 成功，0 失败；失败时 data 为 {error: 机器码}。' +
        '需登录的接口携带 Authorization: Bearer <token>。金额单位为分（*_fen），编号为字符串（rid）。',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Failure: FAILURE },
    },
    paths,
  };
}

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

const STYLE = `body{font:14px/1.6 system-ui,"Noto Sans SC",sans-serif;margin:0;color:#0f172a;background:#f8fafc}
main{max-width:960px;margin:0 auto;padding:24px 16px}h1{font-size:22px}section{background:#fff;border:1px solid #e2e8f0;border-radius:8px;margin:12px 0;padding:12px 16px}
h2{font-size:15px;margin:0 0 6px;word-break:break-all}.m{display:inline-block;min-width:44px;padding:1px 6px;margin-right:8px;border-radius:4px;color:#fff;background:#1a3fa8;font-size:12px;text-align:center}
.m.get{background:#0f766e}.who{color:#64748b;font-size:12px;margin-left:8px}table{border-collapse:collapse;width:100%;font-size:13px}
td,th{border-top:1px solid #f1f5f9;padding:4px 6px;text-align:left;vertical-align:top}th{color:#64748b;font-weight:500;white-space:nowrap}code{font-size:12px}
td:first-child{width:28%}td:nth-child(2){width:14%}td:nth-child(3){width:8%}h3{font-size:16px;margin:28px 0 8px}.none{color:#64748b;margin:4px 0 0;font-size:13px}`;

function fieldsTable(schema: JsonSchema | undefined, none = '无请求参数'): string {
  const s = schema as { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
  const rows = Object.entries(s?.properties ?? {}).map(([name, p]) => {
    const type = (p.type as string | undefined) ?? (p.enum ? 'enum' : p.anyOf ? 'union' : '');
    const detail = p.enum ? (p.enum as unknown[]).join(' | ') : ((p.description as string | undefined) ?? '');
    return `<tr><td><code>${escape(name)}</code></td><td>${escape(String(type))}</td><td>${
      s?.required?.includes(name) ? '是' : ''
    }</td><td>${escape(String(detail))}</td></tr>`;
  });
  return rows.length
    ? `<table><tr><th>字段</th><th>类型</th><th>必填</th><th>说明</th></tr>${rows.join('')}</table>`
    : `<p class="none">${none}</p>`;
}

const GROUPS: Record<string, string> = {
  open: '公开接口（/api/open）',
  auth: '需登录（/api/auth）',
  admin: '工作人员（/api/admin）',
  dev: '开发工具（/api/dev，仅本机）',
};

/** The reference page; its one style element is allowed by hash in its own policy. */
export function apiDocsPage(doc: JsonSchema): { html: string; policy: string } {
  const sections: string[] = [];
  let lastGroup = '';
  const order = Object.keys(GROUPS);
  const byAudience = Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>).sort(
    ([, a], [, b]) =>
      order.indexOf((Object.values(a)[0].tags as string[])[0]) -
      order.indexOf((Object.values(b)[0].tags as string[])[0]),
  );
  for (const [path, ops] of byAudience) {
    for (const [method, op] of Object.entries(ops)) {
      const body = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      const schema = body?.['application/json']?.schema ?? body?.['multipart/form-data']?.schema;
      const query = (op.parameters as JsonSchema[] | undefined)?.filter((p) => p.in === 'query');
      const querySchema = query?.length
        ? {
            properties: Object.fromEntries(query.map((p) => [p.name as string, p.schema as JsonSchema])),
            required: query.filter((p) => p.required).map((p) => p.name as string),
          }
        : undefined;
      const produces = op.responses as Record<string, { description?: string; content?: object }>;
      const raw = produces['200']?.content && 'application/octet-stream' in produces['200'].content;
      const success = (
        (produces['200']?.content as Record<string, { schema?: { oneOf?: JsonSchema[] } }> | undefined)?.[
          'application/json'
        ]?.schema?.oneOf?.[0]?.properties as Record<string, JsonSchema> | undefined
      )?.data;
      const group = (op.tags as string[])[0];
      if (group !== lastGroup) {
        sections.push(`<h3>${escape(GROUPS[group] ?? group)}</h3>`);
        lastGroup = group;
      }
      sections.push(
        `<section><h2><span class="m ${method}">${method.toUpperCase()}</span>${escape(path)}<span class="who">${escape(
          String(op.description ?? ''),
        )}</span></h2>${fieldsTable(schema ?? querySchema)}${
          raw
            ? `<p class="none">返回：${escape(String(produces['200'].description))}</p>`
            : `<p class="none">返回 data：${success?.type === 'null' ? 'null' : ''}</p>${
                success?.type === 'null' ? '' : fieldsTable(success, '见 /api/openapi.json')
              }`
        }</section>`,
      );
    }
  }
  const info = doc.info as { title: string; description: string };
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(
    info.title,
  )}</title><style>${STYLE}</style></head><body><main><h1>${escape(info.title)}</h1><p>${escape(
    info.description,
  )}</p><p>机器可读版本：<a href="/api/openapi.json">/api/openapi.json</a>（OpenAPI 3.1）</p>${sections.join('')}</main></body></html>`;
  const hash = createHash('sha256').update(STYLE).digest('base64');
  return { html, policy: `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'` };
}
