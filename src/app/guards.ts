import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { safeRedirectPath } from '../../domain/redirect-path';
import type { UserWithRole } from '../../domain/user';
import { notifyError } from '../lib/notify';
import { strings } from '../lib/strings';
import { sessionQuery } from '../common/session';

/**
 * Route guards for `beforeLoad`. They wait for the session query to settle before deciding,
 * so a signed-in user reloading a protected page stays on it. Toasts are skipped for
 * preloads (hovering a link must not show "Please login").
 */
export interface GuardArgs {
  context: { queryClient: QueryClient };
  preload: boolean;
  /** Where the user was going: /login brings them back there after signing in. */
  location?: { pathname: string; href: string };
}

/** Red, 5 s (spec part 1, section 4 "Email confirmation"). */
const CONFIRM_EMAIL_TOAST_MS = 5000;

async function loadSession(queryClient: QueryClient): Promise<UserWithRole | null> {
  try {
    const session = await queryClient.ensureQueryData(sessionQuery());
    // A "signed out" restored from storage may predate a sign-in made since: before sending
    // anyone to /login, ask the server when it can be asked.
    const answeredAt = queryClient.getQueryState(sessionQuery().queryKey)?.dataUpdatedAt ?? 0;
    if (session === null && answeredAt < performance.timeOrigin && onlineManager.isOnline()) {
      return await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 });
    }
    return session;
  } catch {
    return null;
  }
}

/**
 * Every page except the public ones: no session -> /login?redirect=<where they were going>
 * with the red login-required toast. A bare visit of / (the app's front door, or the landing
 * after a logout) is no error: it goes to the sign-in page quietly (decision 0044).
 */
export async function requireSession({
  context,
  preload,
  location,
}: GuardArgs): Promise<UserWithRole> {
  const session = await loadSession(context.queryClient);
  if (!session) {
    const home = location === undefined || location.pathname === '/';
    if (!preload && !home) notifyError(strings.errors.loginRequired);
    const back = home ? undefined : safeRedirectPath(location.href);
    throw redirect({ to: '/login', search: back === undefined ? {} : { redirect: back } });
  }
  return session;
}

/** Requests, uploads, unlocked collections: an unconfirmed e-mail -> / with a red toast. */
export async function requireConfirmedEmail(args: GuardArgs): Promise<UserWithRole> {
  const session = await requireSession(args);
  if (!session.user.emailConfirmed) {
    if (!args.preload)
      notifyError(strings.errors.confirmEmailFirst, { duration: CONFIRM_EMAIL_TOAST_MS });
    throw redirect({ to: '/' });
  }
  return session;
}

/** Browse, collection and playlist pages need the role flag roleEnableBrowse. */
export async function requireBrowse(args: GuardArgs): Promise<UserWithRole> {
  const session = await requireSession(args);
  if (!session.role.roleEnableBrowse) throw redirect({ to: '/' });
  return session;
}

/**
 * Administration pages. The spec leaves client enforcement open; the server refuses the calls
 * anyway, so a non-admin is simply taken home instead of seeing empty admin screens.
 */
export async function requireAdmin(args: GuardArgs): Promise<UserWithRole> {
  const session = await requireSession(args);
  if (!session.user.isAdmin) throw redirect({ to: '/' });
  return session;
}
