// The signed-in user as the member islands see it: $user (kept by the session check) and a
// reload after a change, so the header, the centre and every open island follow at once.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../lib/client/api.ts';
import { $token, $user, setUserInfo, type Address, type User } from '../../lib/client/stores.ts';
import { memberApi } from '../../lib/shared/member/api.ts';

/** Fetches user/info into $user (addresses under `addresses`, as the session code stores them). */
export async function reloadUser(): Promise<User | null> {
  const data = await api.call(memberApi.info, {}, { silent: true });
  return data?.userInfo ? setUserInfo(data) : null;
}

/** The default address first, then the others in the server's order (newest first). */
export function sortAddresses(list: readonly Address[]): Address[] {
  return [...list].sort((a, b) => Number(b.default === 1) - Number(a.default === 1));
}

export type SessionView = { user: User | null; loggedIn: boolean; ready: boolean };

/**
 * The session for rendering. The server (and the first client render) know nothing of it, so
 * `ready` stays false until mounted: islands show a placeholder rather than a logged-out flash.
 */
export function useSessionUser(): SessionView {
  const token = useStore($token, { ssr: () => null });
  const user = useStore($user, { ssr: () => null });
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return { user: token ? user : null, loggedIn: ready && Boolean(token), ready };
}
