/**
 * Lookups that arrive together go to the database together (decision 0068): the keys asked for
 * while the event loop handles one round of I/O are read in one statement when that round ends.
 * Each caller's read still starts after its request arrived, so nothing it sees is older than
 * what a lookup of its own would have seen: a revoked token is refused as before. The same key
 * twice in a round is read once.
 */
export function batchedLookup<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let pending: Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]> | null = null;

  const flush = async (batch: NonNullable<typeof pending>) => {
    try {
      const found = await loadMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        const batch = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
        pending = batch;
        // setImmediate runs after the poll phase: every request parsed in this round has asked.
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
