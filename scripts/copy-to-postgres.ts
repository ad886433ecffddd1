// npm run db:copy-to-postgres -- postgres://user:pass@host:5432/portal
// Moves the embedded database (DATA_DIR) into a new, empty PostgreSQL database: stop the server
// first; afterwards set DATABASE_URL in .env and start it again (docs/deploy.md).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readEnv } from '../src/lib/server/platform/env.ts';
import { copyEmbeddedToPostgres } from '../src/lib/server/platform/db/copy.ts';
import { DataDirLockedError } from '../src/lib/server/platform/db/lock.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const env = readEnv();
const url = process.argv[2];
if (!url?.startsWith('postgres')) {
  console.error('用法：npm run db:copy-to-postgres -- postgres://用户:密码@主机:5432/数据库');
  process.exit(1);
}
try {
  const copied = await copyEmbeddedToPostgres(env.DATA_DIR, url, (table, rows) =>
    console.log(`${table.padEnd(32)} ${rows} 行`),
  );
  const total = Object.values(copied).reduce((a, b) => a + b, 0);
  console.log(`\n已复制 ${Object.keys(copied).length} 张表、共 ${total} 行到 PostgreSQL。`);
  console.log('下一步：在 .env 中设置 DATABASE_URL 为该地址，然后重新启动服务。');
  if (env.STORAGE_PROVIDER === 'local')
    console.log(
      `上传文件仍在 ${join(env.DATA_DIR, 'uploads')}：单机部署保留该目录即可；多进程部署请同步到对象存储并设置 STORAGE_PROVIDER=s3。`,
    );
} catch (error) {
  if (error instanceof DataDirLockedError)
    console.error(`${error.message}\n复制前请先停止服务（嵌入式数据库同一时间只能由一个进程打开）。`);
  else console.error(`复制失败，目标数据库未做任何更改：${(error as Error).message}`);
  process.exit(1);
}
