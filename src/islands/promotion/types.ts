// The promotion screens' answers, as the endpoints declare them.
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import type { promotionApi } from '../../lib/shared/promotion/api.ts';

export type Mine = OutputOf<typeof promotionApi.mine>;
export type Withdrawal = OutputOf<typeof promotionApi.withdrawList>['list'][number];
export type Campaign = OutputOf<typeof promotionApi.campaigns>['list'][number];
