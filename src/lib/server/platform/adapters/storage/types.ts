/** Where uploaded bytes live. Keys are made by the server, never from a client's file name. */
export type StorageAdapter = {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when the key is unknown. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
};
