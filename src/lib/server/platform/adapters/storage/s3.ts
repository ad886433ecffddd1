import { AwsClient } from 'aws4fetch';
import { StorageUnavailableError, type StorageAdapter } from './types.ts';

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (endpoint/bucket/key): MinIO and most self-hosted stores; off for virtual hosts. */
  pathStyle: boolean;
};

/**
 * Files in any S3-compatible object store (MinIO, Aliyun OSS, Tencent COS, AWS S3), so several app
 * processes share uploads (decision 0034). Requests are signed with AWS Signature V4 (aws4fetch);
 * keys are checked as the local adapter checks them.
 */
export function createS3Storage(config: S3Config): StorageAdapter {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const base = config.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    if (config.pathStyle) return `${base}/${config.bucket}/${key}`;
    const u = new URL(base);
    return `${u.protocol}//${config.bucket}.${u.host}/${key}`;
  };
  const fail = async (res: Response, what: string) => {
    const message = `s3 ${what} answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
    // A store that is down or overloaded may answer the next try; a refusal (bad key, no such
    // bucket) is a configuration error that retrying will not mend.
    return res.status >= 500 || res.status === 429
      ? new StorageUnavailableError(message)
      : new Error(message);
  };
  /** A signed request; an unreachable store (refused, reset, DNS) is unavailable, not a bug. */
  const send = async (key: string, init: RequestInit) => {
    const url = urlOf(key);
    try {
      return await client.fetch(url, init);
    } catch (error) {
      throw new StorageUnavailableError(`s3 ${init.method} ${key} failed: ${String(error)}`);
    }
  };
  return {
    kind: 's3',
    async put(key, bytes) {
      const res = await send(key, {
        method: 'PUT',
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': 'application/octet-stream' },
      });
      if (!res.ok) throw await fail(res, `put ${key}`);
    },
    async get(key) {
      const res = await send(key, { method: 'GET' });
      if (res.status === 404) return null;
      if (!res.ok) throw await fail(res, `get ${key}`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send(key, { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw await fail(res, `delete ${key}`);
    },
  };
}
