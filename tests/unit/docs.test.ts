// The README and docs/api.md are what a newcomer trusts: they must not fall behind the code.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(path, 'utf8');

describe('documentation stays in step with the code', () => {
  it('the README starts with the two commands and documents every variable of .env.example', () => {
    const readme = read('README.md');
    expect(readme).toMatch(/^# .*\n+```sh\nnpm install\nnpm start\n```/);
    const variables = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(variables.length).toBeGreaterThan(0);
    const missing = variables.filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('the README lists every npm script', () => {
    const readme = read('README.md');
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts);
    expect(
      scripts.filter((name) => !readme.includes(`npm run ${name}`) && !readme.includes(`npm ${name}`)),
    ).toEqual([]);
  });

  // The open API is this issue's contract; later issues' /api/auth calls are listed as they land.
  it('docs/api.md names every open route of the API', async () => {
    const api = read('docs/api.md');
    // Every call is declared in lib/shared (<domain>/api.ts, platform-api.ts; decision 0064).
    const files = readdirSync('src/lib/shared', { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('/api.ts') || f.endsWith('-api.ts'),
    );
    const open: string[] = [];
    for (const file of files) {
      const module = (await import(`../../src/lib/shared/${file}`)) as Record<string, unknown>;
      for (const group of Object.values(module))
        for (const e of Object.values(group as Record<string, { method?: string; path?: string }>))
          if (typeof e?.path === 'string' && e.path.startsWith('/api/open/'))
            open.push(`${e.method} ${e.path}`);
    }
    // The tables name calls under their section's prefix: `web/index` under /api/open.
    const undocumented = open.filter(
      (call) => !api.includes(`\`${call.replace(/^\w+ \/api\/open\//, '')}\``),
    );
    expect(open.length).toBeGreaterThan(10);
    expect(undocumented).toEqual([]);
  });

  it('decision records have unique numbers and all appear in the index', () => {
    const dir = 'docs/decisions';
    const records = readdirSync(dir).filter((f) => /^\d{4}-.+\.md$/.test(f));
    const numbers = records.map((f) => f.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
    for (const f of records) expect(read(`${dir}/${f}`)).toMatch(new RegExp(`^# ${f.slice(0, 4)} — `));
    const index = read(`${dir}/README.md`);
    expect(records.filter((f) => !index.includes(`(${f})`))).toEqual([]);
  });
});
