// Loaded on demand (src/scripts/member-dialogs.ts) the first time a page asks to pay an order
// with the 'portal:open-pay' event.
import { createRoot, type Root } from 'react-dom/client';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import PayDialog from './PayDialog.tsx';

const $rid = atom<string | null>(null);
let root: Root | null = null;

function Host() {
  const rid = useStore($rid);
  return <PayDialog rid={rid} onClose={() => $rid.set(null)} />;
}

export function openPayDialog(rid: string): void {
  if (!root) {
    const host = document.createElement('div');
    host.dataset.payDialog = '';
    document.body.append(host);
    root = createRoot(host);
    root.render(<Host />);
  }
  // Reopening for the same order starts afresh (a new idempotency key, the balance reloaded).
  $rid.set(null);
  queueMicrotask(() => $rid.set(rid));
}
