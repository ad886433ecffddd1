// The s3 storage adapter (issue 19, decision 0034) against a local S3-compatible server started
// here (s3rver): bytes written, read back, deleted, unknown keys null, bad keys refused; and an
// upload through the API lands in the object store and downloads from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { createS3Storage } from '#server/platform/adapters/storage/s3.ts';
import { setupApi } from '../setup/api.ts';
import { orderHelpers, PDF } from '../support/orders.ts';
import { freePort } from '../support/server-process.ts';

const BUCKET = 'lab-uploads';
let server: S3rver;
let endpoint = '';

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server?.close();
});

const storage = (accessKeyId = 'S3RVER') =>
  createS3Storage({
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey: 'S3RVER',
    pathStyle: true,
  });

describe('the s3 storage adapter', () => {
  it('writes, reads back and deletes bytes; an unknown key is null', async () => {
    const s3 = storage();
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await s3.put('2026-11/abc.pdf', bytes);
    expect(await s3.get('2026-11/abc.pdf')).toEqual(bytes);
    await s3.delete('2026-11/abc.pdf');
    expect(await s3.get('2026-11/abc.pdf')).toBeNull();
    expect(await s3.get('2026-11/never.pdf')).toBeNull();
  });

  it('refuses keys that could leave the prefix, and answers unknown credentials with an error', async () => {
    await expect(storage().put('../etc/passwd', new Uint8Array([1]))).rejects.toThrow('bad storage key');
    await expect(storage('NOBODY').put('2026-11/x.pdf', new Uint8Array([1]))).rejects.toThrow(/s3 put/);
  });

  it('keeps uploads made through the API and serves their downloads', async () => {
    const t = await setupApi();
    const o = orderHelpers(t);
    t.services.storage = storage();
    const c = await o.customer();
    const up = await o.upload('/api/auth/file/upload4file', c.h, PDF, '说明.pdf');
    expect(up.body.code).toBe(1);
    const res = await t.api.request(`/api/auth/file/download/${up.body.data.rid}`, { headers: c.h });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);

    // The same store, stopped (nothing listens on its port): uploads and downloads answer 503 with
    // Retry-After and a Chinese message, never 500.
    t.services.storage = createS3Storage({
      endpoint: `http://127.0.0.1:${await freePort()}`,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      pathStyle: true,
    });
    const unavailable = { code: 0, msg: '文件服务暂时不可用，请稍后重试', data: { error: 'UNAVAILABLE' } };
    const down = await t.api.request(`/api/auth/file/download/${up.body.data.rid}`, { headers: c.h });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('10');
    expect(await down.json()).toEqual(unavailable);
    expect(await o.upload('/api/auth/file/upload4file', c.h, PDF, '说明.pdf')).toEqual({
      status: 503,
      body: unavailable,
    });
  }, 120_000);
});
