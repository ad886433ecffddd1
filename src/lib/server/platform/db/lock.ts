import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite corrupts a data directory that two processes open, so the first opener writes its pid
 * into DATA_DIR/portal.lock and everyone else is refused. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `数据目录 ${dataDir} 正被另一个进程 (pid ${holder}) 使用。嵌入式数据库只允许一个进程打开；` +
            `请先停止该进程，或为本进程设置不同的 DATA_DIR，或使用 DATABASE_URL 连接 PostgreSQL。`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`无法锁定数据目录 ${dataDir}`);
}
