import type { Services } from '../services.ts';
import type { Role } from '../../../shared/staff/permissions.ts';

/** What kind of login a session is: `staff` is a console login (the only kind /api/admin accepts). */
export type SessionKind = 'customer' | 'staff';

/** The caller of a request with a valid token (accounts' authGuard sets it). */
export type AuthUser = { id: number; rid: string; phone: string; sessionId: number; kind: SessionKind };

/**
 * The Hono environment of every route: the process's services and what the guards learn about the
 * caller. It lives in platform, below the domains, so routes need not import the app that mounts them.
 */
export type ApiEnv = {
  Variables: { services: Services; user?: AuthUser; staffRole?: Role; requestId?: string };
};
