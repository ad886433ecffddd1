// The one-way dependency rule and the other structural rules are lint errors: each is proven here
// by linting a file that breaks it, at a path inside the zone it guards.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { afterAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint zones', () => {
  const serverImports = [
    "import { readEnv } from '../server/platform/env.ts';",
    "import { readEnv } from '#server/platform/env.ts';",
  ];

  it.each([
    ['src/lib/client/fixture.ts', serverImports[0]],
    ['src/lib/client/fixture.ts', serverImports[1]],
    ['src/lib/shared/fixture.ts', serverImports[0]],
    ['src/islands/accounts/fixture.tsx', "import { readEnv } from '../../lib/server/platform/env.ts';"],
    ['src/islands/accounts/fixture.tsx', serverImports[1]],
    ['src/components/site/fixture.ts', "import { readEnv } from '../../lib/server/platform/env.ts';"],
    ['src/scripts/fixture.ts', "import { readEnv } from '../lib/server/platform/env.ts';"],
    ['src/admin/fixture.tsx', serverImports[1]],
  ])('browser code never imports server code: %s with %s', async (file, line) => {
    expect(await problems(file, `${line}\nexport const x = readEnv;\n`)).toContainEqual(
      expect.stringContaining('Browser code never imports server code'),
    );
  });

  it.each([
    "import { api } from '../client/api.ts';",
    "import { api } from '#client/api.ts';",
    "import { api } from '../../islands/ui/Dialog.tsx';",
  ])('lib/shared imports nothing of ours: %s', async (line) => {
    expect(await problems('src/lib/shared/fixture.ts', `${line}\nexport const x = api;\n`)).toContainEqual(
      expect.stringContaining('lib/shared depends on nothing of ours'),
    );
  });

  it('lib/client does not import the UI above it', async () => {
    const code = "import Dialog from '../../islands/ui/Dialog.tsx';\nexport const x = Dialog;\n";
    expect(await problems('src/lib/client/fixture.ts', code)).toContainEqual(
      expect.stringContaining('lib/client sits below the UI'),
    );
  });

  it('allowed imports pass', async () => {
    const code =
      "import { z } from '../shared/zod.ts';\nimport { formatFen } from '../shared/money.ts';\nexport const x = [z, formatFen];\n";
    expect(await problems('src/lib/client/fixture.ts', code)).toEqual([]);
  });

  it('zod comes through lib/shared/zod.ts, so its Chinese messages are always loaded', async () => {
    const code = "import { z } from 'zod';\nexport const x = z.string();\n";
    expect(await problems('src/lib/client/fixture.ts', code)).toContainEqual(
      expect.stringContaining('lib/shared/zod.ts'),
    );
  });
});

describe('server domains', () => {
  it.each([
    ['src/lib/server/orders/fixture.ts', "import { cancelReservation } from '../reservations/book.ts';"],
    [
      'src/lib/server/reservations/fixture.ts',
      "import { insertOrder as cancelReservation } from '../orders/place.ts';",
    ],
    [
      'src/pages/fixture.ts',
      "import { getDevice as cancelReservation } from '../lib/server/catalogue/devices.ts';",
    ],
    ['src/server.ts', "import { getDevice as cancelReservation } from './lib/server/catalogue/devices.ts';"],
  ])('another domain is reached only through its index.ts: %s with %s', async (file, line) => {
    expect(await problems(file, `${line}\nexport const x = cancelReservation;\n`)).toContainEqual(
      expect.stringMatching(/only through \w+\/index\.ts/),
    );
  });

  it('through index.ts, and table to table (foreign keys), pass', async () => {
    const viaIndex = "import { insertOrder } from '../orders/index.ts';\nexport const x = insertOrder;\n";
    expect(await problems('src/lib/server/reservations/fixture.ts', viaIndex)).toEqual([]);
    const table = "import { users } from '../accounts/tables.ts';\nexport const x = users;\n";
    expect(await problems('src/lib/server/orders/tables.ts', table)).toEqual([]);
  });

  it.each([
    [
      'src/lib/server/orders/fixture.ts',
      "import { users as cancelReservation } from '../accounts/tables.ts';",
    ],
    [
      'src/lib/server/reservations/fixture.ts',
      "import { setting as cancelReservation } from '../catalogue/site-tables.ts';",
    ],
    ['src/pages/fixture.ts', "import { orders as cancelReservation } from '../lib/server/orders/tables.ts';"],
  ])("another domain's tables are its insides: %s with %s", async (file, line) => {
    expect(await problems(file, `${line}\nexport const x = cancelReservation;\n`)).toContainEqual(
      expect.stringMatching(/only through \w+\/index\.ts/),
    );
  });

  it("index.ts publishes functions and subqueries, never the domain's tables", async () => {
    for (const code of ["export { orders } from './tables.ts';\n", "export * from './tables.ts';\n"])
      expect(await problems('src/lib/server/orders/index.ts', code)).toContainEqual(
        expect.stringContaining("does not publish the domain's tables"),
      );
  });

  it.each([
    ['src/lib/server/platform/fixture.ts', "import { insertOrder as x } from '../orders/index.ts';"],
    [
      'src/lib/server/platform/http/fixture.ts',
      "import type { AuthUser as x } from '../../accounts/tokens.ts';",
    ],
    ['src/lib/server/platform/http/fixture.ts', "import { createApi as x } from '../../app.ts';"],
    ['src/lib/server/platform/db/fixture.ts', "import { users as x } from '../../accounts/tables.ts';"],
  ])('platform is the floor, it imports no domain: %s with %s', async (file, line) => {
    expect(await problems(file, `${line}\nexport const y = x;\n`)).toContainEqual(
      expect.stringContaining('Platform is the floor'),
    );
  });

  it.each(["import { createApi as x } from '../app.ts';", "import { JOB_HANDLERS as x } from '../jobs.ts';"])(
    'a domain does not import the composition that mounts it: %s',
    async (line) => {
      expect(
        await problems('src/lib/server/orders/fixture.ts', `${line}\nexport const y = x;\n`),
      ).toContainEqual(expect.stringContaining('does not import the composition'));
    },
  );

  it('domains depend on each other one way: the graph of their imports has no cycle', () => {
    const root = 'src/lib/server';
    const domains = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'platform')
      .map((e) => e.name);
    const edges = new Map(domains.map((d) => [d, new Set<string>()]));
    for (const d of domains)
      for (const file of readdirSync(`${root}/${d}`, { recursive: true }) as string[]) {
        if (!file.endsWith('.ts') || file.endsWith('tables.ts')) continue;
        // Every import of another domain is an edge (its tables too, which the zones above refuse
        // anyway); only a tables.ts may name another's table, for a foreign key.
        for (const [, other] of readFileSync(`${root}/${d}/${file}`, 'utf8').matchAll(
          /from '\.\.\/([a-z-]+)\//g,
        ))
          if (other !== d && edges.has(other)) edges.get(d)!.add(other);
      }
    // Peel off domains that depend on nothing left; whatever remains sits on a cycle.
    const order: string[] = [];
    const left = new Set(domains);
    for (let progress = true; progress;) {
      progress = false;
      for (const d of left)
        if ([...edges.get(d)!].every((o) => !left.has(o))) {
          order.push(d);
          left.delete(d);
          progress = true;
        }
    }
    expect([...left], `domains on a cycle (lowest first so far: ${order.join(' < ')})`).toEqual([]);
  });
});

describe('money owns every movement', () => {
  it.each([
    ['src/lib/server/points/fixture.ts', "import { moneyPostings as x } from '../platform/db/schema.ts';"],
    [
      'src/lib/server/statements/fixture.ts',
      "import { moneyAccounts as x } from '#server/platform/db/schema.ts';",
    ],
    ['src/lib/server/groups/fixture.ts', "import { moneyTransfers as x } from '../money/tables.ts';"],
    ['src/pages/fixture.ts', "import { moneyAccounts as x } from '../lib/server/platform/db/schema.ts';"],
  ])("outside money/, the ledger's tables are refused: %s with %s", async (file, line) => {
    expect(await problems(file, `${line}\nexport const y = x;\n`)).toContainEqual(
      expect.stringContaining("The ledger's tables are money's own"),
    );
  });

  it.each([
    ['src/lib/server/groups/fixture.ts', "import { post as x } from '../money/index.ts';"],
    ['src/lib/server/points/fixture.ts', "import { post as x } from '#server/money/index.ts';"],
  ])('outside money/, post() is refused: %s with %s', async (file, line) => {
    expect(await problems(file, `${line}\nexport const y = x;\n`)).toContainEqual(
      expect.stringContaining('Money owns every movement'),
    );
  });

  it("named operations, other tables, and money's own files pass", async () => {
    const outside =
      "import { orders } from '../platform/db/schema.ts';\nimport { paidOnOrder } from '../money/index.ts';\nexport const x = [orders, paidOnOrder];\n";
    expect(await problems('src/lib/server/points/fixture.ts', outside)).toEqual([]);
    const inside =
      "import { moneyPostings } from '../platform/db/schema.ts';\nimport { post } from './ledger.ts';\nexport const x = [moneyPostings, post];\n";
    expect(await problems('src/lib/server/money/fixture.ts', inside)).toEqual([]);
  });
});

describe('import cycles', () => {
  const dir = 'src/lib/server/lint-fixture-cycle';
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a cycle between two modules is an error', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/a.ts`, "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(`${dir}/b.ts`, "import { a } from './a.ts';\nexport const b = () => a;\n");
    const [result] = await eslint.lintFiles([`${dir}/a.ts`]);
    expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});

describe('import cycles, type imports included (dpdm)', () => {
  const dir = 'src/lib/server/lint-fixture-type-cycle';
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cyclesUnder = async (glob: string) =>
    parseCircular(await parseDependencyTree(glob, { transform: false, skipDynamicImports: false }));

  it('a cycle of type imports is found', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/a.ts`, "import type { B } from './b.ts';\nexport type A = { b?: B };\n");
    writeFileSync(`${dir}/b.ts`, "import type { A } from './a.ts';\nexport type B = { a?: A };\n");
    expect(await cyclesUnder(`${dir}/*.ts`)).toHaveLength(1);
  });

  it('src has none (npm run check:cycles runs the same check)', async () => {
    const found = [...(await cyclesUnder('src/**/*.ts')), ...(await cyclesUnder('src/**/*.tsx'))];
    expect(found.filter((cycle) => !cycle.some((f) => f.includes('lint-fixture')))).toEqual([]);
  }, 60_000);
});

describe('drizzle', () => {
  const file = 'src/lib/server/fixture.ts';
  it.each([
    'export const wipe = (db: any, t: any) => db.delete(t);',
    'export const wipe = (s: any, t: any) => s.db.update(t).set({ name: "x" });',
    'export const wipe = (tx: any, t: any) => tx.delete(t).returning();',
  ])('update and delete need a where(): %s', async (code) => {
    const found = await problems(file, code);
    expect(found.some((p) => p.startsWith('drizzle/enforce-'))).toBe(true);
  });

  it('with where() they pass', async () => {
    const code = 'export const wipe = (db: any, t: any, w: any) => db.delete(t).where(w);';
    expect((await problems(file, code)).filter((p) => p.startsWith('drizzle/'))).toEqual([]);
  });
});

describe('sizes', () => {
  const statements = (n: number) => Array.from({ length: n }, (_, i) => `  const _v${i} = ${i};`).join('\n');
  const fn = (lines: number) => `export function f(): number {\n${statements(lines - 3)}\n  return 0;\n}\n`;

  it('a function over 200 lines is refused; one of 200 passes', async () => {
    expect(await problems('src/lib/shared/fixture.ts', fn(201))).toContainEqual(
      expect.stringContaining('max-lines-per-function'),
    );
    expect(await problems('src/lib/shared/fixture.ts', fn(200))).toEqual([]);
  });

  it('a file over 400 lines is refused, comments and blank lines not counted', async () => {
    const consts = (n: number) =>
      Array.from({ length: n }, (_, i) => `export const c${i} = ${i};`).join('\n');
    expect(await problems('src/lib/shared/fixture.ts', `${consts(401)}\n`)).toContainEqual(
      expect.stringContaining('max-lines'),
    );
    expect(await problems('src/lib/shared/fixture.ts', `${consts(400)}\n${'// why\n\n'.repeat(50)}`)).toEqual(
      [],
    );
  });
});
