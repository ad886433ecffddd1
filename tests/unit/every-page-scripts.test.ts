// The scripts every public page loads stay tiny (bench: an article ships at most 20 KB of JS):
// their static imports never reach Zod or an API declaration; those load with the islands or
// through a dynamic import() when a visitor is logged in.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const EVERY_PAGE = [
  'src/scripts/auth-boot.ts',
  'src/scripts/header.ts',
  'src/scripts/sidebar.ts',
  'src/scripts/member-dialogs.ts',
];
const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"()]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm;

/** Every module reached by static imports from `entry` (relative paths and bare packages). */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith('/')) return; // a package
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = match[1] ?? match[2];
      if (match[0].trimStart().startsWith('import type') || match[0].trimStart().startsWith('export type'))
        continue;
      visit(spec.startsWith('.') ? resolve(dirname(file), spec) : spec);
    }
  };
  visit(resolve(entry));
  return seen;
}

describe('scripts on every page', () => {
  it.each(EVERY_PAGE)('%s reaches neither Zod nor an API declaration statically', (entry) => {
    const reached = [...staticClosure(entry)];
    expect(
      reached.filter((m) => m === 'zod' || m.startsWith('zod/') || /\/shared\/.*api\.ts$/.test(m)),
    ).toEqual([]);
  });

  it('the walker does see Zod behind the API client', () => {
    expect(staticClosure('src/lib/client/token-refresh.ts')).toContain('zod');
  });
});
