// Backups (issue 19, docs/deploy.md): the embedded database and local uploads copied while the
// data directory is locked (the server stopped for the few seconds it takes), and restored the
// same way; PostgreSQL through pg_dump / pg_restore.
import { cp, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { basename, join, resolve } from 'node:path';
import { lockDataDir } from './db/lock.ts';

const stamp = (now = new Date()) => now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** Copies DATA_DIR (database files and local uploads) into `into/portal-<stamp>/`; its path. */
export async function backupEmbedded(dataDir: string, into: string, now = new Date()): Promise<string> {
  const source = resolve(dataDir);
  if (!existsSync(source)) throw new Error(`数据目录 ${source} 不存在`);
  // Held while copying: a running server holds it, so a copy is never taken under its feet.
  const unlock = lockDataDir(source);
  try {
    const target = join(resolve(into), `portal-${stamp(now)}`);
    await mkdir(target, { recursive: true });
    await cp(source, join(target, 'data'), {
      recursive: true,
      filter: (path) => basename(path) !== 'portal.lock',
    });
    await writeFile(
      join(target, 'backup.json'),
      JSON.stringify({ kind: 'embedded', created: now.toISOString(), dataDir: source }, null, 2),
    );
    return target;
  } finally {
    unlock();
  }
}

/**
 * Puts a backup back as DATA_DIR. The current directory is kept beside it
 * (DATA_DIR.before-restore-<stamp>), never deleted.
 */
export async function restoreEmbedded(
  dataDir: string,
  backup: string,
  now = new Date(),
): Promise<string | null> {
  const from = join(resolve(backup), 'data');
  if (!existsSync(from)) throw new Error(`${backup} 不是本系统的备份（缺少 data 目录）`);
  const target = resolve(dataDir);
  let kept: string | null = null;
  if (existsSync(target)) {
    // Refused while a server holds it (the lock throws); released before the directory moves.
    lockDataDir(target)();
    if ((await readdir(target)).length > 0) {
      kept = `${target}.before-restore-${stamp(now)}`;
      await rename(target, kept);
    }
  }
  const unlock = lockDataDir(target);
  try {
    await cp(from, target, { recursive: true, force: false, errorOnExist: false });
  } finally {
    unlock();
  }
  return kept;
}

/** pg_dump of the PostgreSQL database into `into/portal-<stamp>.dump` (custom format). */
export function backupPostgres(url: string, into: string, now = new Date()): string {
  const file = join(resolve(into), `portal-${stamp(now)}.dump`);
  const run = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, url], { stdio: 'inherit' });
  if (run.error || run.status !== 0)
    throw new Error('pg_dump 失败：请确认已安装 PostgreSQL 客户端工具且 DATABASE_URL 可连接');
  return file;
}

export function restorePostgres(url: string, file: string): void {
  const run = spawnSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${url}`, file], {
    stdio: 'inherit',
  });
  if (run.error || run.status !== 0) throw new Error('pg_restore 失败：请确认备份文件与 DATABASE_URL');
}
