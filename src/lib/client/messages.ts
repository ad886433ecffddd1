// In-system messages in the browser: the header bell's unread count and the newest page of
// messages ($messageUnread, $messages), refreshed at login, on page load and every minute while
// the tab is visible. Loaded by the header only for a logged-in visitor, so anonymous pages
// carry none of it.
import { createApiClient } from './api.ts';
import { $messageUnread, $messages, $token, type UserMessage } from './stores.ts';
import { ORDER_PAID_EVENT } from './pay-events.ts';
import { notifyApi } from '../shared/notify/api.ts';

const MESSAGE_POLL_MS = 60_000;
export const MESSAGE_PAGE_SIZE = 10;
/** A payment queues an 已完成 message; the worker writes it within seconds: look twice. */
const AFTER_PAYMENT_MS = [3000, 10_000];

export type MessagePage = { list: UserMessage[]; total: number; unread: number };

// Background calls: a failed poll is retried next minute, never a toast or a login popup (the
// session check owns those).
const quiet = createApiClient({ notify: () => {}, onUnauthorized: () => {} });

let last = 0;
let inFlight: Promise<void> | null = null;
/**
 * Counts the pages stored from elsewhere (the panel after 全部已读, an opened message). A poll
 * that was sent before one of them answers with the count as it was then: storing it would bring
 * back a badge the user just cleared until the next poll a minute later (the header badge race).
 */
let newerPages = 0;

/** Reads message/list page 1 into the stores (one call at a time). */
function refreshMessages(): Promise<void> {
  if (!$token.get()) return Promise.resolve();
  const seen = newerPages;
  inFlight ??= quiet
    .call(notifyApi.list, { page: 1, size: MESSAGE_PAGE_SIZE })
    .then((page) => {
      last = Date.now();
      if (page && $token.get() && seen === newerPages) writeStores(1, page);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Keeps the stores in step with a page the panel has read (newer than any poll under way). */
export function storePage(page: number, data: MessagePage): void {
  newerPages++;
  writeStores(page, data);
}

function writeStores(page: number, data: MessagePage): void {
  $messageUnread.set(Number(data.unread) || 0);
  if (page === 1) $messages.set(data.list);
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Starts polling (idempotent); stops by itself at logout. */
export function startMessagePolling(): void {
  void refreshMessages();
  if (timer !== undefined) return;
  const due = () => !document.hidden && Date.now() - last >= MESSAGE_POLL_MS - 1000;
  timer = setInterval(() => {
    if (due()) void refreshMessages();
  }, MESSAGE_POLL_MS);
  document.addEventListener('visibilitychange', () => {
    if (due()) void refreshMessages();
  });
  $token.listen((token) => {
    if (token) void refreshMessages();
  });
  window.addEventListener(ORDER_PAID_EVENT, () => {
    for (const ms of AFTER_PAYMENT_MS) setTimeout(() => void refreshMessages(), ms);
  });
}
