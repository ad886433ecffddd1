// Lighthouse's default (mobile, simulated throttling) performance score, in a Chromium we
// start ourselves with a debugging port, so no browser download or launcher is needed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS } from './pages.ts';
import { freePort, start, stop, waitFor } from './process.ts';

export type Scores = Record<string, number | string>;
type Audit = { score: number | null; displayValue?: string };
type Lhr = {
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
};

const METRICS: [id: string, label: string][] = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/** The five scored metrics, so a score below 100 says where the points went. */
function metricLine(lhr: Lhr): string {
  return METRICS.map(([id, label]) => {
    const a = lhr.audits[id];
    return a ? `${label} ${a.displayValue ?? '?'} (${Math.round((a.score ?? 0) * 100)})` : `${label} ?`;
  }).join(', ');
}

export async function lighthouseScores(
  urls: Record<string, string>,
  preferredPort?: number,
): Promise<{ scores: Scores; metrics: Record<string, string> }> {
  let run: (url: string, flags: object) => Promise<{ lhr: Lhr } | undefined>;
  try {
    run = (await import('lighthouse')).default as unknown as typeof run;
  } catch (error) {
    const why = `lighthouse not loadable: ${(error as Error).message}`;
    return { scores: Object.fromEntries(Object.keys(urls).map((k) => [k, why])), metrics: {} };
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
  const metrics: Record<string, string> = {};
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
        if (lhr) metrics[name] = metricLine(lhr);
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
  return { scores, metrics };
}
