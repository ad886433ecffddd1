// Promotion campaigns: a small staff-managed list shown to customers within each one's window.
import { and, asc, count, desc, eq, gt, lte } from 'drizzle-orm';
import type { Services } from '../platform/services.ts';
import { promotionCampaigns } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { newRid } from '../platform/ids.ts';
import { pageWindow } from '../../shared/pagination.ts';
import { CAMPAIGN_NOT_FOUND } from '../../shared/promotion/promotion.ts';

type Campaign = typeof promotionCampaigns.$inferSelect;

const campaignOut = (c: Campaign) => ({
  rid: c.rid,
  title: c.title,
  text: c.text,
  image_url: c.imageUrl,
  link: c.link,
  starts_at: c.startsAt.toISOString(),
  ends_at: c.endsAt.toISOString(),
});

const staffOut = (c: Campaign, now: number) => ({
  ...campaignOut(c),
  status: c.status,
  sort: c.sort,
  showing: c.status === 'active' && c.startsAt.getTime() <= now && c.endsAt.getTime() > now,
});

/** web/promotion/all4user: what is on now, in staff's order. */
export async function activeCampaigns(s: Services) {
  const now = new Date(s.now());
  const rows = await s.db
    .select()
    .from(promotionCampaigns)
    .where(
      and(
        eq(promotionCampaigns.status, 'active'),
        lte(promotionCampaigns.startsAt, now),
        gt(promotionCampaigns.endsAt, now),
      ),
    )
    .orderBy(asc(promotionCampaigns.sort), desc(promotionCampaigns.startsAt))
    .limit(20);
  return { list: rows.map(campaignOut) };
}

export async function listCampaigns(
  s: Services,
  q: { page?: number; size?: number; status?: 'active' | 'retired' },
) {
  const w = pageWindow(q.page, q.size);
  const where = q.status ? eq(promotionCampaigns.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    s.db
      .select()
      .from(promotionCampaigns)
      .where(where)
      .orderBy(asc(promotionCampaigns.sort), desc(promotionCampaigns.startsAt), desc(promotionCampaigns.id))
      .limit(w.size)
      .offset(w.offset),
    s.db.select({ n: count() }).from(promotionCampaigns).where(where),
  ]);
  const now = s.now();
  return { list: rows.map((c) => staffOut(c, now)), total: total.n };
}

export async function saveCampaign(
  s: Services,
  staffId: number,
  input: {
    rid: string;
    title: string;
    text: string;
    image_url: string;
    link: string;
    starts_at: string;
    ends_at: string;
    sort?: number;
  },
) {
  const now = new Date(s.now());
  const fields = {
    title: input.title,
    text: input.text,
    imageUrl: input.image_url,
    link: input.link,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    sort: input.sort ?? 0,
    updatedAt: now,
  };
  if (input.rid) {
    const [row] = await s.db
      .update(promotionCampaigns)
      .set(fields)
      .where(eq(promotionCampaigns.rid, input.rid))
      .returning();
    if (!row) throw new DomainError(CAMPAIGN_NOT_FOUND, 200, 'NOT_FOUND');
    return staffOut(row, s.now());
  }
  const [row] = await s.db
    .insert(promotionCampaigns)
    .values({ rid: newRid('campaign'), ...fields, status: 'active', createdBy: staffId, createdAt: now })
    .returning();
  return staffOut(row, s.now());
}

export async function setCampaignStatus(s: Services, rid: string, status: 'active' | 'retired') {
  const [row] = await s.db
    .update(promotionCampaigns)
    .set({ status, updatedAt: new Date(s.now()) })
    .where(eq(promotionCampaigns.rid, rid))
    .returning();
  if (!row) throw new DomainError(CAMPAIGN_NOT_FOUND, 200, 'NOT_FOUND');
  return staffOut(row, s.now());
}
