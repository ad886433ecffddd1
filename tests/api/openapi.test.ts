// The contract is generated from the routes: every route declares its input, the document at
// /api/openapi.json describes every route with the very schemas the handlers validate with, and
// /api/docs renders it.
import { describe, expect, it } from 'vitest';
import { setupApi } from '../setup/api.ts';
import { apiRoutes } from '#server/platform/http/openapi.ts';
import { passwordLoginSchema } from '#shared/accounts/auth.ts';
import { z } from '#shared/zod.ts';
import { isPermission } from '#shared/staff/permissions.ts';

const t = await setupApi({ seed: false });

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: unknown }> };
        parameters?: { name: string; in: string }[];
        security?: unknown[];
      }
    >
  >;
};

describe('the OpenAPI document', () => {
  it('every route declares a contract', () => {
    const routes = apiRoutes(t.api);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.contract).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('every route declares who may call it: a permission under /api/admin, signed-in under /api/auth', () => {
    const expected = (path: string) =>
      path.startsWith('/api/admin/')
        ? 'a permission'
        : path.startsWith('/api/auth/')
          ? 'signed-in'
          : path.startsWith('/api/dev/')
            ? 'dev'
            : 'public';
    const declared = (access: string | undefined) =>
      access === undefined
        ? 'nothing'
        : ['public', 'signed-in', 'dev'].includes(access)
          ? access
          : isPermission(access)
            ? 'a permission'
            : `unknown ${access}`;
    const wrong = apiRoutes(t.api)
      .filter((r) => declared(r.contract?.access) !== expected(r.path))
      .map((r) => `${r.method} ${r.path}: ${declared(r.contract?.access)}`);
    expect(wrong).toEqual([]);
  });

  it('every route that answers in the envelope declares the schema of its data', () => {
    const undeclared = apiRoutes(t.api).filter(
      (r) => r.contract && !r.contract.produces && !r.contract.response,
    );
    expect(undeclared.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('describes every route, with its request schema, at /api/openapi.json', async () => {
    const res = await t.api.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(described.sort()).toEqual(
      apiRoutes(t.api)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
    // The login body is the shared schema itself.
    const login = doc.paths['/api/open/login'].post.requestBody!.content['application/json'].schema;
    expect(login).toEqual(
      (({ $schema: _s, ...rest }) => rest)(
        z.toJSONSchema(passwordLoginSchema, { io: 'input', unrepresentable: 'any' }),
      ),
    );
    expect(doc.paths['/api/auth/user/info'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/file/download/{rid}'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'rid', in: 'path' }),
    );
    expect(doc.paths['/api/auth/file/upload4file'].post.requestBody!.content).toHaveProperty(
      'multipart/form-data',
    );
  });

  it('renders a reference page at /api/docs under its own strict policy', async () => {
    const res = await t.api.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'/,
    );
    const html = await res.text();
    expect(html).toContain('科研检测服务平台 API');
    expect(html).toContain('/api/open/login');
    expect(html).toContain('<code>account</code>');
  });
});

describe('a route validates with the schema it declares', () => {
  it('a handler reading its body with another schema fails loudly (caught by the API tests)', async () => {
    const { Hono } = await import('hono');
    const { contract } = await import('#server/platform/http/contract.ts');
    const { readBody } = await import('#server/platform/http/envelope.ts');
    const app = new Hono();
    const declared = z.object({ a: z.string() });
    app.post('/x', contract({ body: declared }), async (c) =>
      c.json(await readBody(c, z.object({ b: z.string() }))),
    );
    app.onError((e, c) => c.text(e.message, 500));
    const res = await app.request('/x', { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('does not declare');
  });
});
