import { useCallback, useEffect, useState } from 'react';
import type { OutputOf } from '../../lib/shared/api/endpoint.ts';
import { api } from '../../lib/client/api.ts';
import { ORDER_PAID_EVENT } from '../../lib/client/pay-events.ts';
import { moneyApi } from '../../lib/shared/money/api.ts';

export type Asset = OutputOf<typeof moneyApi.asset>;

/** Announced after anything that moves the customer's money (a repayment, a transfer). */
export const MONEY_CHANGED_EVENT = 'portal:money-changed';
export const moneyChanged = () => window.dispatchEvent(new Event(MONEY_CHANGED_EVENT));

/**
 * The customer's wallet (asset/init): null until it arrives; fetched again after a payment or
 * any other movement this page made.
 */
export function useAsset(enabled = true) {
  const [asset, setAsset] = useState<Asset | null>(null);
  const reload = useCallback(async () => {
    const res = await api.call(moneyApi.asset, {});
    if (res) setAsset(res);
  }, []);
  useEffect(() => {
    if (!enabled) return;
    void reload();
    const again = () => void reload();
    window.addEventListener(ORDER_PAID_EVENT, again);
    window.addEventListener(MONEY_CHANGED_EVENT, again);
    return () => {
      window.removeEventListener(ORDER_PAID_EVENT, again);
      window.removeEventListener(MONEY_CHANGED_EVENT, again);
    };
  }, [enabled, reload]);
  return { asset, reload };
}
