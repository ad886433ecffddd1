import { eq, sql } from 'drizzle-orm';
import type { DeviceSummary, ProjectListItem } from '../../shared/catalogue/catalogue.ts';
import { splitTags } from '../../shared/catalogue/tags.ts';
import { device, item, projectChild } from './tables.ts';

// Column selections and row mappers shared by the catalogue services.

export const listItemColumns = {
  rid: item.rid,
  typeId: item.typeId,
  childId: item.childId,
  childName: projectChild.name,
  name: item.name,
  img: item.img,
  sketch: item.sketch,
  description: item.description,
  priceFen: item.priceFen,
  unit: item.unit,
  orderCount: item.orderCount,
  quoteOnly: item.quoteOnly,
};
export const joinChild = eq(projectChild.id, item.childId);

type ListItemRow = {
  rid: string;
  typeId: number;
  childId: number;
  childName: string;
  name: string;
  img: string;
  sketch: string;
  description: string;
  priceFen: number;
  unit: string;
  orderCount: number;
  quoteOnly: boolean;
};

export const toListItem = (r: ListItemRow): ProjectListItem => ({
  rid: r.rid,
  type_id: r.typeId,
  child_id: r.childId,
  child_name: r.childName,
  name: r.name,
  img: r.img,
  sketch: r.sketch,
  tags: splitTags(r.description),
  price_fen: r.priceFen,
  unit: r.unit,
  order: r.orderCount,
  quote_only: r.quoteOnly,
});

export const toDeviceSummary = (d: typeof device.$inferSelect): DeviceSummary => ({
  rid: d.rid,
  name: d.name,
  model: d.model,
  category: d.category,
  location: d.location,
  img: d.img,
  sketch: d.sketch,
  price_fen: d.priceFen,
  price_unit: d.priceUnit === 'session' ? 'session' : 'hour',
  min_minutes: d.minMinutes,
  lead_hours: d.leadHours,
  remote: d.remote,
  item_rid: d.itemRid,
  bill_by_actual: d.billByActual,
  needs_authorization: d.needsAuthorization,
  booking_rules: d.bookingRules ?? null,
});

export const countAll = sql<number>`cast(count(*) as int)`;
