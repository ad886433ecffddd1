// The points answers as the islands use them (types only: no zod in the browser bundle).
import type { z } from 'zod';
import type {
  ExchangeQuoteSchema,
  PointsItemSchema,
  PointsOverviewSchema,
} from '../../lib/shared/points/responses.ts';

export type PointsOverview = z.output<typeof PointsOverviewSchema>;
export type PointsItem = z.output<typeof PointsItemSchema>;
export type ExchangeQuote = z.output<typeof ExchangeQuoteSchema>;

/** 12,345 as people read it. */
export const pts = (n: number) => n.toLocaleString('zh-CN');

/** Announced after anything that changed the customer's points (an exchange, a transfer). */
export const POINTS_CHANGED_EVENT = 'portal:points-changed';
export const pointsChanged = () => window.dispatchEvent(new Event(POINTS_CHANGED_EVENT));
