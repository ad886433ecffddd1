// npm run restore -- <backup>: puts a backup made by npm run backup back. The server must be
// stopped; the current data directory is kept beside it, never deleted.
import { existsSync } from 'node:fs';
import { readEnv } from '../src/lib/server/platform/env.ts';
import { restoreEmbedded, restorePostgres } from '../src/lib/server/platform/backup.ts';

// The same .env as the server reads.
if (existsSync('.env')) process.loadEnvFile('.env');
const env = readEnv();
const from = process.argv[2];
if (!from) {
  console.error('用法：npm run restore -- <备份目录或 .dump 文件>');
  process.exit(1);
}
try {
  if (env.DATABASE_URL) {
    restorePostgres(env.DATABASE_URL, from);
    console.log('已从备份恢复 PostgreSQL。');
  } else {
    const kept = await restoreEmbedded(env.DATA_DIR, from);
    console.log(`已恢复到 ${env.DATA_DIR}${kept ? `；原数据目录保留在 ${kept}` : ''}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
