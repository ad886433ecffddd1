import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

// API tests read the content manifest the build writes; build once if it is missing.
export default function setup() {
  if (!existsSync('dist/client/content/manifest.json')) {
    execSync('npx astro build', { stdio: 'inherit' });
  }
}
