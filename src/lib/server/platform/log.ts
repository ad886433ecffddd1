// One JSON object per line (issue 19): what log collectors (journald, Loki, Aliyun SLS) parse
// without rules. Errors go to stderr through console.error, which the tests also watch.
type Level = 'info' | 'warn' | 'error';

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}
