// A result's raw data files (decision 0075): each downloads with the console's token and shows
// the start of its SHA-256, which reports freeze.
import { notice } from '../session.ts';
import { Badge, button } from '../ui.tsx';
import { fetchStaffFile } from '../files.ts';
import type { ResultFile } from '../../lib/shared/results/responses.ts';

async function download(rid: string, name: string) {
  const blob = await fetchStaffFile(rid);
  if (!blob) return notice('error', '文件下载失败');
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  URL.revokeObjectURL(url);
}

const sizeText = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${(n / 1024 / 1024).toFixed(1)} MB`;

export function FileLink({ file }: { file: ResultFile }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2" data-finished={file.finished || undefined}>
      {file.finished && <Badge tone="brand">成品报告</Badge>}
      <button type="button" className={button.link} onClick={() => void download(file.rid, file.name)}>
        {file.name}
      </button>
      <span className="text-xs text-slate-500">
        {sizeText(file.size)} · SHA-256 <code title={file.sha256}>{file.sha256.slice(0, 12)}…</code> ·{' '}
        {file.by}
      </span>
    </span>
  );
}
