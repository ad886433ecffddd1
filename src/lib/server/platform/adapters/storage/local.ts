import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { StorageAdapter } from './types.ts';

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

/** Files under `root` (DATA_DIR/uploads by default); keys are checked so none leaves the root. */
export function createLocalStorage(root: string): StorageAdapter {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!KEY.test(key) || key.includes('..') || !path.startsWith(base + sep))
      throw new Error(`bad storage key ${key}`);
    return path;
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // wx: a key is written once; a clash is a bug, not something to overwrite.
      await writeFile(path, bytes, { flag: 'wx' });
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
