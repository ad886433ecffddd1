// Loaded on demand (src/scripts/member-dialogs.ts) the first time a page asks for the profile
// dialog with the 'portal:open-profile' event, e.g. from the attestation prompt after login.
import { createRoot, type Root } from 'react-dom/client';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import ProfileDialog from './ProfileDialog.tsx';

const $open = atom(false);
let root: Root | null = null;

function Host() {
  const open = useStore($open);
  return <ProfileDialog open={open} onClose={() => $open.set(false)} />;
}

export function openProfileDialog(): void {
  if (!root) {
    const host = document.createElement('div');
    host.dataset.profileDialog = '';
    document.body.append(host);
    root = createRoot(host);
    root.render(<Host />);
  }
  $open.set(true);
}
