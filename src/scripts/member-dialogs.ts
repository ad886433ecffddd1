// On every page, a few hundred bytes: the dialogs any page may ask for by event, fetched (with
// React) only when asked. 'portal:open-home-sampling' comes from the header's 上门取样 button;
// 'portal:open-profile' from the attestation prompt after login or any page that needs it;
// 'portal:open-pay' ({ rid }) from the order lists and details; 'portal:open-messages' from the
// header's message bell.
import { isLoggedIn } from '../lib/client/stores.ts';
import { OPEN_PAY_EVENT, type PayEventDetail } from '../lib/client/pay-events.ts';

const OPEN_HOME_SAMPLING_EVENT = 'portal:open-home-sampling';
const OPEN_PROFILE_EVENT = 'portal:open-profile';
const OPEN_MESSAGES_EVENT = 'portal:open-messages';

const openLogin = () =>
  window.dispatchEvent(new CustomEvent('portal:open-login', { detail: { panel: 'log' } }));

window.addEventListener(OPEN_HOME_SAMPLING_EVENT, () => {
  if (!isLoggedIn()) return openLogin();
  void import('../islands/member/sampling-mount.tsx').then((m) => m.openHomeSampling());
});

window.addEventListener(OPEN_PROFILE_EVENT, () => {
  if (!isLoggedIn()) return openLogin();
  void import('../islands/member/profile-mount.tsx').then((m) => m.openProfileDialog());
});

window.addEventListener(OPEN_PAY_EVENT, (event) => {
  const rid = (event as CustomEvent<PayEventDetail | null>).detail?.rid;
  if (!rid) return;
  if (!isLoggedIn()) return openLogin();
  void import('../islands/payments/mount.tsx').then((m) => m.openPayDialog(String(rid)));
});

window.addEventListener(OPEN_MESSAGES_EVENT, () => {
  if (!isLoggedIn()) return openLogin();
  void import('../islands/notify/mount.tsx').then((m) => m.openMessages());
});
