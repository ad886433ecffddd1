// Loaded on demand by src/scripts/auth-boot.ts the first time a page asks for the login popup,
// so pages where nobody logs in never download React.
import { useCallback } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { $inviterCode, $location, isLoggedIn } from '../../lib/client/stores.ts';
import { requiresLogin } from '../../lib/client/session.ts';
import LoginPopup, { type Panel, type PopupRequest } from './LoginPopup.tsx';

const $request = atom<PopupRequest | null>(null);
let root: Root | null = null;
let seq = 0;

function Popup() {
  const request = useStore($request);
  const close = useCallback((loggedIn: boolean) => {
    $request.set(null);
    if (loggedIn) return;
    $location.set(null);
    // Spec: closing the popup on a page that needs a login returns home.
    if (requiresLogin(location.pathname) && !isLoggedIn()) location.assign('/');
  }, []);
  return <LoginPopup request={request} onClose={close} />;
}

export function openLoginPopup(options: { panel?: Panel | 'sign'; inviterCode?: string } = {}): void {
  if (!root) {
    const host = document.createElement('div');
    host.dataset.loginPopup = '';
    document.body.append(host);
    root = createRoot(host);
    root.render(<Popup />);
  }
  const panel: Panel = options.panel === 'reg' || options.panel === 'reset' ? options.panel : 'log';
  $request.set({ panel, inviterCode: options.inviterCode ?? $inviterCode.get(), seq: ++seq });
}
