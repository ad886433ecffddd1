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
  it('docs/api.md names every open route of the API', () => {
    const api = read('docs/api.md');
    const app = read('src/lib/server/app.ts');
    // Each domain's routes.ts, open-routes.ts, admin-routes.ts… (src/lib/server/<domain>/).
    const routeFiles = readdirSync('src/lib/server', { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('routes.ts'),
    );
    const undocumented: string[] = [];
    let checked = 0;
    for (const file of routeFiles) {
      const source = read(`src/lib/server/${file}`);
      const exported = source.match(/export function (\w+)\(/)?.[1];
      // Where app.ts mounts this router, e.g. app.route('/api/open', siteRoutes()).
      const prefix = exported
        ? app.match(new RegExp(`route\\('([^']+)',\\s*${exported}\\(`))?.[1]
        : undefined;
      if (!prefix?.startsWith('/api/open')) continue;
      for (const [, method, path] of source.matchAll(/\br\.(get|post|put|delete)\('([^']+)'/g)) {
        const full = `${prefix}${path}`;
        checked += 1;
        // The tables name calls under their section's prefix: `web/index` under /api/open.
        const call = full.replace(/^\/api\/open\//, '');
        if (!api.includes(`\`${call}\``)) undocumented.push(`${method.toUpperCase()} ${full}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
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
