import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { createTemplates } from './templates.ts';

// API tests read the content manifest the build writes; build once if it is missing. Then the
// run's template databases, which every API test file copies instead of migrating its own.
export default async function setup(project: TestProject) {
  if (!existsSync('dist/client/content/manifest.json')) {
    execSync('npx astro build', { stdio: 'inherit' });
  }
  const started = Date.now();
  const { templates, remove } = await createTemplates(process.env.TEST_DATABASE_URL);
  console.log(`[test setup] ${templates.kind} template databases ready in ${Date.now() - started} ms`);
  project.provide('dbTemplates', templates);
  return remove;
}
