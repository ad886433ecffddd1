import type { ComponentType } from 'react';
import { Loading, LoginNeeded } from './kit.tsx';
import { useSessionUser } from './session-user.ts';

/**
 * The one login gate of the member islands: a placeholder until the session is known (the server
 * knows nothing of it), the login prompt when logged out, and the island itself only for a
 * logged-in user, so the island never has to ask.
 */
export function memberOnly<P extends object>(View: ComponentType<P>) {
  function MemberOnly(props: P) {
    const { loggedIn, ready } = useSessionUser();
    if (!ready) return <Loading />;
    if (!loggedIn) return <LoginNeeded />;
    return <View {...props} />;
  }
  MemberOnly.displayName = `MemberOnly(${View.displayName ?? View.name})`;
  return MemberOnly;
}
