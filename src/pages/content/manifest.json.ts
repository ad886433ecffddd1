import type { APIRoute } from 'astro';
import { buildContentManifest } from '../../lib/content/manifest.ts';

// Written at build to dist/client/content/manifest.json; the API process reads it at start-up,
// so Markdown stays the single source of articles, acknowledgements, banners and site info.
export const prerender = true;

export const GET: APIRoute = async () => Response.json(await buildContentManifest());
