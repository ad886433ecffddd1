import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { POINTS_CHANGED_EVENT, type PointsOverview } from './types.ts';
import { pointsApi } from '../../lib/shared/points/api.ts';

/** integration/init: null until it arrives; fetched again after an exchange or a transfer. */
export function usePoints() {
  const [overview, setOverview] = useState<PointsOverview | null>(null);
  const reload = useCallback(async () => {
    const res = await api.call(pointsApi.overview, {});
    if (res) setOverview(res);
  }, []);
  useEffect(() => {
    void reload();
    const again = () => void reload();
    window.addEventListener(POINTS_CHANGED_EVENT, again);
    return () => window.removeEventListener(POINTS_CHANGED_EVENT, again);
  }, [reload]);
  return overview;
}
