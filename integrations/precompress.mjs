// @ts-check
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

/**
 * Writes .gz and .br beside every text file of the client build, so the server (sirv with
 * gzip/brotli on) answers prerendered pages and assets compressed without compressing per request.
 * @returns {import('astro').AstroIntegration}
 */
export default function precompress() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let count = 0;
        for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !TEXT.test(entry.name)) continue;
          const file = join(entry.parentPath, entry.name);
          const body = await readFile(file);
          if (body.length < 1024) continue;
          await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
          await writeFile(
            `${file}.br`,
            brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          count++;
        }
        logger.info(`${count} files precompressed (gzip, brotli)`);
      },
    },
  };
}
