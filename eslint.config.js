import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import drizzle from 'eslint-plugin-drizzle';
import { readdirSync } from 'node:fs';

// Browser code: everything that may end up in a bundle the browser loads.
const browser = [
  './src/islands',
  './src/components',
  './src/scripts',
  './src/lib/client',
  './src/lib/shared',
  './src/admin',
];

// Server domains (src/lib/server/<domain>/; platform is the layer below them, not a domain): one
// domain, a page or the server entry reaches another only through its public face, index.ts, so a
// domain can change its insides without breaking its neighbours. Its tables are insides too: a
// domain imports its own tables.ts, and reads another's only through named functions or published
// subqueries of that domain's index.ts (decision 0060). Only a table may name another's table,
// for a foreign key: see the override for tables.ts below. drizzle.config.ts lists the table files.
const serverDomains = readdirSync('./src/lib/server', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
  .map((entry) => entry.name);
const domainZonesExcept = (except) =>
  serverDomains.map((domain) => ({
    target: [
      ...serverDomains.filter((other) => other !== domain).map((other) => `./src/lib/server/${other}`),
      './src/pages',
      './src/layouts',
      './src/middleware.ts',
      './src/server.ts',
    ],
    from: `./src/lib/server/${domain}`,
    except,
    message: `Another domain reaches ${domain} only through ${domain}/index.ts.`,
  }));
const domainZones = domainZonesExcept(['./index.ts']);

// The composition beside the domains (app.ts, jobs.ts, boot.ts, the dev tools) mounts them: no
// domain imports it back, and platform, the floor under every domain, imports no domain at all.
const compositionFiles = readdirSync('./src/lib/server', { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => `./src/lib/server/${entry.name}`);
const floorZones = [
  {
    target: './src/lib/server/platform',
    from: './src/lib/server',
    except: ['./platform'],
    message: 'Platform is the floor: it imports no domain, nor the app that mounts them.',
  },
  {
    target: serverDomains.map((domain) => `./src/lib/server/${domain}`),
    from: compositionFiles,
    message: 'A domain does not import the composition that mounts it (app.ts, jobs.ts, boot.ts, dev tools).',
  },
];

// The one-way rule between runtime zones, on resolved paths (relative imports and #aliases alike):
// pages → islands/components/admin → lib/client → lib/shared; server code stays on the server.
const layerZones = [
  { target: browser, from: './src/lib/server', message: 'Browser code never imports server code.' },
  {
    target: './src/lib/shared',
    from: './src',
    except: ['./lib/shared'],
    message: 'lib/shared depends on nothing of ours.',
  },
  {
    target: './src/lib/client',
    from: ['./src/islands', './src/components', './src/admin', './src/pages', './src/layouts'],
    message: 'lib/client sits below the UI: it imports only lib/shared.',
  },
  {
    target: './src/islands',
    from: './src/admin',
    message: 'The customer site never loads the staff console.',
  },
  {
    target: './src/admin',
    from: './src/islands',
    message: 'The staff console has its own components.',
  },
];

// zod through lib/shared/zod.ts only, so its Chinese error map is always loaded.
const zodThroughShared = {
  name: 'zod',
  allowTypeImports: true,
  message: "Import z from lib/shared/zod.ts (the Chinese error map), not from 'zod'.",
};

// Money owns every movement (decision 0058): outside money/, nothing imports the ledger's tables
// (through the table barrel, a tables.ts or money itself) or post(); other domains use the named
// reads and operations of money/index.ts. Matched on the import's text, #aliases included.
const ledgerTables = ['moneyAccounts', 'moneyTransfers', 'moneyPostings'];
const moneyOwnsMovements = [
  {
    regex: '(^|/)(platform/db/schema|money/tables)(\\.ts)?$',
    importNames: ledgerTables,
    message: "The ledger's tables are money's own: use the named reads of money/index.ts.",
  },
  {
    regex: '(^|/)money/[a-z-]+(\\.ts)?$',
    importNames: ['post', ...ledgerTables],
    message: 'Money owns every movement: use a named operation of money/index.ts, not post().',
  },
];

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'drizzle/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    plugins: { 'import-x': importX, drizzle },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.astro'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...layerZones, ...floorZones, ...domainZones],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The browser's own prompts are unstyled and block the page: ask in the site's dialog
      // (islands/member/Confirm.tsx's useConfirm, or the console's own).
      'no-restricted-globals': [
        'error',
        ...['confirm', 'alert', 'prompt'].map((name) => ({
          name,
          message: 'Use the site dialog (useConfirm), not the browser prompt.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['confirm', 'alert', 'prompt'].map((property) => ({
          object: 'window',
          property,
          message: 'Use the site dialog (useConfirm), not the browser prompt.',
        })),
      ],
      // A drizzle update or delete without where() would touch every row.
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'no-restricted-imports': ['error', { paths: [zodThroughShared], patterns: moneyOwnsMovements }],
      // A file holds one use case and a function one job (issue 29): past these sizes, split along
      // what the code does (a sub-component, a hook, the modal, the builder).
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 200, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Money itself, and the database client that gathers every table for drizzle.
    files: ['src/lib/server/money/**', 'src/lib/server/platform/db/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [zodThroughShared] }] },
  },
  { files: ['src/lib/shared/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    // A domain's face offers functions and subqueries, never its tables (they would be writable).
    files: ['src/lib/server/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({
          selector: `${node}[source.value=/tables\\.ts$/]`,
          message: "index.ts does not publish the domain's tables: offer named functions or subqueries.",
        })),
      ],
    },
  },
  {
    // A table references another domain's table by foreign key: the schema is one whole.
    files: ['src/lib/server/*/tables.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
);
