import type { SearchResult } from '../../shared/catalogue/catalogue.ts';
import type { Services } from '../platform/services.ts';
import { searchArticles } from '../content/index.ts';
import { listProjects } from './projects.ts';

/** Items and articles matching kw; an empty kw finds nothing rather than everything. */
export async function searchCatalogue(
  s: Services,
  q: { kw: string; page?: number; size?: number },
): Promise<SearchResult> {
  const kw = q.kw.trim();
  const items = kw ? await listProjects(s, { kw, page: q.page, size: q.size }) : { list: [], total: 0 };
  return { kw, items, articles: searchArticles(s, { kw, page: q.page, size: q.size }) };
}
