// 预计 N 个工作日内开始测试 (decision 0097) is kept on an order's lines when it is placed and when it
// is quoted. The estimate reads the worklist's queue, which sits above orders, so the worklist
// registers its answer here when it loads. Without one, lines keep no estimate.
import type { Tx } from '../platform/db/client.ts';

/** Each item's estimate in working days (null: no instrument or no capacity), read in `tx`. */
export type StartEstimator = (tx: Tx, now: number, itemRids: string[]) => Promise<Map<string, number | null>>;

let estimator: StartEstimator | undefined;

export function registerStartEstimator(estimate: StartEstimator): void {
  estimator = estimate;
}

export const startEstimatesOf: StartEstimator = (tx, now, itemRids) =>
  estimator ? estimator(tx, now, itemRids) : Promise.resolve(new Map());
