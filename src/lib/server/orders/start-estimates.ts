// 预计 N 个工作日内开始测试 (decision 0097) is kept on an order's lines when it is placed and when it
// is quoted. The estimate reads the worklist's queue, which sits above orders, so the worklist
// registers its answer here when it loads. Without one, lines keep no estimate.
import type { Tx } from '../platform/db/client.ts';

/**
 * Each item's estimate in working days (null: no instrument or no capacity), read in `tx`; the
 * queue leaves out the order being quoted, whose own samples are not ahead of themselves.
 */
export type StartEstimator = (
  tx: Tx,
  itemRids: string[],
  exceptOrderId?: number,
) => Promise<Map<string, number | null>>;

let estimator: StartEstimator | undefined;

export function registerStartEstimator(estimate: StartEstimator): void {
  estimator = estimate;
}

export const startEstimatesOf: StartEstimator = (tx, itemRids, exceptOrderId) =>
  estimator ? estimator(tx, itemRids, exceptOrderId) : Promise.resolve(new Map());
