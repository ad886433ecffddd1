/** Where uploaded bytes live. Keys are made by the server, never from a client's file name. */
export type StorageAdapter = {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when the key is unknown. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
};

/**
 * The store cannot be reached or answers that it is down (a network failure, a 5xx): nothing was
 * stored or read, and the same call may succeed in a moment (the API answers 503 with Retry-After).
 */
export class StorageUnavailableError extends Error {}
