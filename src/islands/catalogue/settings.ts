// Site settings for the pickup form (allowRegion, samplingSetting, samplingInfo, localInfo),
// kept in $webSettings so a page shows the last copy at once; each page load refreshes it once.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../lib/client/api.ts';
import { $webSettings } from '../../lib/client/stores.ts';
import type { PublicSettings } from '../../lib/shared/catalogue/settings.ts';
import { catalogueApi } from '../../lib/shared/catalogue/api.ts';

let refreshing: Promise<void> | null = null;

function refreshSettings(): Promise<void> {
  refreshing ??= api.call(catalogueApi.settings, {}, { silent: true }).then((data) => {
    if (data) $webSettings.set(data as never);
  });
  return refreshing;
}

/** The public settings, or null until the first copy arrives. */
export function useSettings(): PublicSettings | null {
  const settings = useStore($webSettings, { ssr: () => null });
  useEffect(() => {
    void refreshSettings();
  }, []);
  const s = settings as Partial<PublicSettings> | null;
  return s?.samplingSetting && s.localInfo ? (s as PublicSettings) : null;
}
