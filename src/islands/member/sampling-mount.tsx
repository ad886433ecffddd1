// Loaded on demand (src/scripts/member-dialogs.ts) the first time someone presses 上门取样, so
// pages where nobody does never download React or this dialog.
import { createRoot, type Root } from 'react-dom/client';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import HomeSamplingDialog from './HomeSamplingDialog.tsx';
import { isLoggedIn } from '../../lib/client/stores.ts';

const $open = atom(false);
let root: Root | null = null;

function Host() {
  const open = useStore($open);
  return <HomeSamplingDialog open={open} onClose={() => $open.set(false)} />;
}

export function openHomeSampling(): void {
  // Spec section 4: without a login the login panel opens instead.
  if (!isLoggedIn()) {
    window.dispatchEvent(new CustomEvent('portal:open-login', { detail: { panel: 'log' } }));
    return;
  }
  if (!root) {
    const host = document.createElement('div');
    host.dataset.homeSampling = '';
    document.body.append(host);
    root = createRoot(host);
    root.render(<Host />);
  }
  $open.set(true);
}
