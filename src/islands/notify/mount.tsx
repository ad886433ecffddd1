// Loaded on demand (src/scripts/member-dialogs.ts) the first time the header's message bell is
// clicked ('portal:open-messages').
import { createRoot, type Root } from 'react-dom/client';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import MessagePanel from './MessagePanel.tsx';

const $open = atom(false);
let root: Root | null = null;

function Host() {
  const open = useStore($open);
  return <MessagePanel open={open} onClose={() => $open.set(false)} />;
}

export function openMessages(): void {
  if (!root) {
    const host = document.createElement('div');
    host.dataset.messagePanel = '';
    document.body.append(host);
    root = createRoot(host);
    root.render(<Host />);
  }
  $open.set(true);
}
