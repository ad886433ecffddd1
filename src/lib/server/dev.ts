import { buildContentManifest } from '../content/manifest.ts';
import { contentStoreFrom } from './content/store.ts';
import { readEnv } from './platform/env.ts';
import { openMigratedDatabase } from './boot.ts';
import { createServices, type Services } from './platform/services.ts';
import { createApi } from './app.ts';
import { startJobWorker } from './platform/jobs.ts';
import { JOB_HANDLERS, PERIODIC_JOBS } from './jobs.ts';
import { ensureDemoStaff } from './staff/index.ts';

// Only `astro dev` loads this file (see src/middleware.ts).
let services: Promise<Services> | undefined;
let api: ReturnType<typeof createApi> | undefined;

export function devServices(): Promise<Services> {
  services ??= (async () => {
    const env = readEnv({ ...process.env, NODE_ENV: 'development' });
    const database = await openMigratedDatabase(env);
    const created = createServices(env, database, contentStoreFrom(await buildContentManifest()));
    if (env.SEED_DEMO) await ensureDemoStaff(created);
    startJobWorker(created, JOB_HANDLERS, { periodic: PERIODIC_JOBS });
    return created;
  })();
  return services;
}

export async function devApi(request: Request): Promise<Response> {
  api ??= createApi(await devServices());
  return api.fetch(request);
}
