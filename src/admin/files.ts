// A customer's files (vouchers, reports, receipt photos) read with the console's token.
import { useEffect, useState } from 'react';
import { $session, notice } from './session.ts';
import { filesAdminApi } from '../lib/shared/files/api.ts';

/**
 * A customer's file (voucher, report, receipt photo) with the console's token, or null when it
 * cannot be read; `thumb` asks for a picture's thumbnail.
 */
export async function fetchStaffFile(rid: string, thumb = false): Promise<Blob | null> {
  const res = await fetch(filesAdminApi.download.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${$session.get()?.access ?? ''}` },
    body: JSON.stringify({ rid, thumb }),
  }).catch(() => null);
  return res?.ok && !res.headers.get('content-type')?.includes('json') ? res.blob() : null;
}

/** A staff file shown as an object URL (released when the screen leaves it). */
export function useStaffFile(rid: string | null, thumb = false) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!rid) return;
    let revoked = false;
    let made = '';
    void fetchStaffFile(rid, thumb).then((b) => {
      if (!b || revoked) return;
      made = URL.createObjectURL(b);
      setUrl(made);
    });
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [rid, thumb]);
  return url;
}

/**
 * Posts `body` to a file call (a PDF unless `type` says otherwise) with the console's token and
 * saves the answer as `name`, or shows the refusal.
 */
export async function savePdf(
  path: string,
  body: unknown,
  name: string,
  type = 'application/pdf',
): Promise<boolean> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${$session.get()?.access ?? ''}` },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!res?.ok || !res.headers.get('content-type')?.includes(type)) {
    const msg = ((await res?.json().catch(() => null)) as { msg?: string } | null)?.msg;
    notice('error', msg || '下载失败');
    return false;
  }
  const url = URL.createObjectURL(await res.blob());
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return true;
}
