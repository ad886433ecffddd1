// Lighthouse's default (mobile, simulated throttling) performance score, in a Chromium we
// start ourselves with a debugging port, so no browser download or launcher is needed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS } from './pages.ts';
import { freePort, start, stop, waitFor } from './process.ts';

export type Scores = Record<string, number | string>;

export async function lighthouseScores(
  urls: Record<string, string>,
  preferredPort?: number,
): Promise<Scores> {
  let run: (
    url: string,
    flags: object,
  ) => Promise<
    | { lhr: { categories: { performance: { score: number | null } }; runtimeError?: { message: string } } }
    | undefined
  >;
  try {
    run = (await import('lighthouse')).default as unknown as typeof run;
  } catch (error) {
    return Object.fromEntries(
      Object.keys(urls).map((k) => [k, `lighthouse not loadable: ${(error as Error).message}`]),
    );
  }
  const port = await freePort(preferredPort);
  const profile = mkdtempSync(join(tmpdir(), 'bench-chrome-'));
  const log: string[] = [];
  const chrome = start(
    CHROMIUM,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      ...CHROMIUM_FLAGS,
      'about:blank',
    ],
    {},
    log,
  );
  const scores: Scores = {};
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, 15_000);
    for (const [name, url] of Object.entries(urls)) {
      try {
        const result = await run(url, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        const score = lhr?.categories.performance.score;
        scores[name] =
          score == null ? `no score: ${lhr?.runtimeError?.message ?? 'unknown'}` : Math.round(score * 100);
      } catch (error) {
        scores[name] = `failed: ${(error as Error).message.split('\n')[0]}`;
      }
    }
  } catch (error) {
    for (const name of Object.keys(urls))
      scores[name] = `Chromium did not start: ${(error as Error).message}`;
  } finally {
    await stop(chrome);
    rmSync(profile, { recursive: true, force: true });
  }
  return scores;
}
