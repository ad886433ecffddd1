/**
 * A small time-to-live memo for read-mostly data (home data, settings). Each process keeps its
 * own; entries expire after ttlMs, so several processes agree within that window.
 */
export function createMemo(ttlMs: number) {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  // Caches built on the same data (the page cache) empty with it (decision 0035).
  const listeners = new Set<() => void>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      // A failed load must not be remembered.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
      for (const listener of listeners) listener();
    },
    /** Calls listener whenever the memo is cleared; returns the unsubscribe. */
    onClear(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type Memo = ReturnType<typeof createMemo>;
