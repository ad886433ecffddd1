// On every page, a few hundred bytes: the dialogs any page may ask for by event, fetched (with
// React) only when asked. 'portal:open-home-sampling' comes from the header's 上门取样 button;
// 'portal:open-profile' from the attestation prompt after login or any page that needs it.
import { isLoggedIn } from '../lib/client/stores.ts';

export const OPEN_HOME_SAMPLING_EVENT = 'portal:open-home-sampling';
export const OPEN_PROFILE_EVENT = 'portal:open-profile';

const openLogin = () =>
  window.dispatchEvent(new CustomEvent('portal:open-login', { detail: { panel: 'log' } }));

window.addEventListener(OPEN_HOME_SAMPLING_EVENT, () => {
  if (!isLoggedIn()) return openLogin();
  void import('../islands/sampling/mount.tsx').then((m) => m.openHomeSampling());
});

window.addEventListener(OPEN_PROFILE_EVENT, () => {
  if (!isLoggedIn()) return openLogin();
  void import('../islands/profile/mount.tsx').then((m) => m.openProfileDialog());
});
