import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('.ci/run', () => {
  it('fails at once, saying why, when PostgreSQL does not answer', () => {
    const run = spawnSync('bash', ['.ci/run'], {
      env: { ...process.env, TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('PostgreSQL does not answer at 127.0.0.1:1');
    expect(run.stdout).not.toContain('npm install');
  });
});
