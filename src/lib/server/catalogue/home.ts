import { and, asc, desc, eq } from 'drizzle-orm';
import type { HomeData } from '../../shared/catalogue/catalogue.ts';
import { item, prefecture } from './tables.ts';
import type { Services } from '../platform/services.ts';
import { toArticleSummary, toThanksItem } from '../content/index.ts';
import { getTypeGroups } from './projects.ts';

const DEFAULT_CASE_IMG = '/upload/img/ability/case.svg';
/** How many of each the home page shows; the partner strip shows 4 logos (spec section 9). */
const HOME_LIMITS = { hotItems: 8, serviceCases: 4, thanks: 5, partners: 4 } as const;

/** Everything the home page shows (GET /api/open/web/index), memoized for a few seconds. */
export function getHomeData(s: Services): Promise<HomeData> {
  return s.memo.get('catalogue:home', async () => {
    const [groups, prefectures, hot] = await Promise.all([
      getTypeGroups(s),
      s.db.select().from(prefecture).orderBy(asc(prefecture.sort), asc(prefecture.id)),
      s.db
        .select({
          rid: item.rid,
          name: item.name,
          img: item.img,
          sketch: item.sketch,
          order: item.orderCount,
        })
        .from(item)
        .where(and(eq(item.hot, true), eq(item.onSale, true)))
        .orderBy(desc(item.orderCount), asc(item.id))
        .limit(HOME_LIMITS.hotItems),
    ]);
    const cases = s.content.articles
      .filter((a) => a.category === 'service')
      .slice(0, HOME_LIMITS.serviceCases);
    return {
      bannerArr: s.content.banners.map((b) => ({
        img: b.img,
        redirect: b.redirect,
        title: b.title,
        description: b.description,
      })),
      typeArr: groups.map((g) => ({
        id: g.id,
        name: g.name,
        img: g.img,
        discount_info: { discount_label: g.discount_label },
        typeChildArr: g.children.map((c) => ({ id: c.id, name: c.name })),
      })),
      prefectureNavBottomArr: prefectures.map((p) => ({
        id: p.id,
        name: p.name,
        img: p.img,
        sketch: p.sketch,
        type_id: p.typeId,
        child_id: p.childId,
      })),
      hotItems: hot,
      serviceCaseArr: cases.map((a) => {
        const c = toArticleSummary(a);
        return {
          rid: c.rid,
          title: c.title,
          sketch: c.sketch,
          // A case card always shows a picture; articles without a cover get the generic one.
          img: c.img || DEFAULT_CASE_IMG,
          source: c.source,
          created: c.created,
        };
      }),
      thanksArr: s.content.thanks.slice(0, HOME_LIMITS.thanks).map((t) => {
        const r = toThanksItem(t);
        return {
          company: r.company,
          title: r.title,
          code: r.code,
          content: r.content,
          sketch: r.sketch,
          source: r.source,
        };
      }),
      partnerArr: s.content.partners
        .slice(0, HOME_LIMITS.partners)
        .map((p) => ({ name: p.name, img: p.img, url: p.url ?? '' })),
    };
  });
}
