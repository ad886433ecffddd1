// Data leaves the lab only as a signed, reviewed report (decision 0081): 出具数据 needs a valid
// released report version. Reports sit above orders, so orders cannot ask them: the reports
// domain registers its answer here when it loads. Without one, nothing counts as released.
import type { Db, Tx } from '../platform/db/client.ts';

/** Whether the order has a released report version that is still valid (not superseded or revoked). */
export type ReleasedReport = (db: Db | Tx, orderId: number) => Promise<boolean>;

let released: ReleasedReport | undefined;

export function registerReleasedReport(check: ReleasedReport): void {
  released = check;
}

export const hasReleasedReport: ReleasedReport = (db, orderId) =>
  released ? released(db, orderId) : Promise.resolve(false);

export const NEED_RELEASED_REPORT =
  '请先签发检测报告：检测结果审核通过后由授权签字人在「检测报告」中签发，首次签发即出具数据';
