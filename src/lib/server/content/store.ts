import { readFile } from 'node:fs/promises';
import type { ContentManifest } from '../../shared/content/content.ts';
import type { ContentStore } from '../platform/services.ts';

export type { ContentStore };

function revive(manifest: ContentManifest): ContentStore {
  // JSON turned the dates into strings.
  const articles = manifest.articles.map((a) => ({ ...a, date: new Date(a.date) }));
  const thanks = manifest.thanks.map((t) => ({ ...t, date: new Date(t.date) }));
  const byRid = new Map(articles.map((a) => [a.rid, a]));
  return { ...manifest, articles, thanks, article: (rid) => byRid.get(rid) };
}

export function contentStoreFrom(manifest: ContentManifest): ContentStore {
  return revive(manifest);
}

export async function loadContentStore(manifestPath: string): Promise<ContentStore> {
  let text: string;
  try {
    text = await readFile(manifestPath, 'utf8');
  } catch {
    throw new Error(`Content manifest ${manifestPath} is missing: run "npm run build" first.`);
  }
  return revive(JSON.parse(text) as ContentManifest);
}
