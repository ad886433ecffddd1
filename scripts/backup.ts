// npm run backup [-- <directory>]: a backup of the database (and local uploads) into ./backups or
// the given directory. The embedded database is copied while its directory is locked: stop the
// server first (a few seconds); with DATABASE_URL, pg_dump runs while the server serves.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readEnv } from '../src/lib/server/platform/env.ts';
import { backupEmbedded, backupPostgres } from '../src/lib/server/platform/backup.ts';
import { DataDirLockedError } from '../src/lib/server/platform/db/lock.ts';

// The same .env as the server reads.
if (existsSync('.env')) process.loadEnvFile('.env');
const env = readEnv();
const into = process.argv[2] ?? 'backups';
mkdirSync(into, { recursive: true });
try {
  if (env.DATABASE_URL) {
    console.log(`已备份 PostgreSQL：${backupPostgres(env.DATABASE_URL, into)}`);
    if (env.STORAGE_PROVIDER === 'local')
      console.log(
        `本地上传文件在 ${join(env.DATA_DIR, 'uploads')}，请一并复制（或改用对象存储 STORAGE_PROVIDER=s3）。`,
      );
  } else console.log(`已备份嵌入式数据库与上传文件：${await backupEmbedded(env.DATA_DIR, into)}`);
} catch (error) {
  if (error instanceof DataDirLockedError)
    console.error(`${error.message}\n备份嵌入式数据库需先停止服务（约几秒），完成后再启动。`);
  else console.error((error as Error).message);
  process.exit(1);
}
