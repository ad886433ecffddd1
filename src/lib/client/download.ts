// Downloads of files behind the token (GET /api/auth/file/download/:rid): a link cannot carry
// the Authorization header, so the file is fetched with it and saved from a blob under the
// name the server gives in Content-Disposition.
import { $token } from './stores.ts';
import { MSG_NETWORK, MSG_SERVER, MSG_UNAUTHORIZED } from './api.ts';

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*=UTF-8''…` form first
 * (Chinese names), else the plain `filename="…"`, else null.
 */
export function dispositionName(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || null;
}

/** Fetches `url` with the token and saves it; resolves the saved name, or throws a Chinese message. */
export async function downloadWithToken(url: string, fallbackName = 'download'): Promise<string> {
  const access = $token.get()?.access;
  let res: Response;
  try {
    res = await fetch(url, { headers: access ? { authorization: `Bearer ${access}` } : {} });
  } catch {
    throw new Error(MSG_NETWORK);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg || (res.status === 401 ? MSG_UNAUTHORIZED : `${MSG_SERVER}（${res.status}）`));
  }
  const name = dispositionName(res.headers.get('content-disposition')) ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
  return name;
}
