import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { UserWithRole } from '../../domain/user';
import { queryKeys } from '../common/query-keys';

/**
 * The persisted session is shown at once on start (so the app opens offline), then checked
 * with the server in the background (restored queries start stale, see providers.tsx). When
 * the server no longer knows it (signed out on another device, expired, removed), the route
 * guards run again and send the user to /login. Only answers from the server count: the
 * sign-out flow clears the session itself and leads to /login on its own.
 */
export function useSessionRevalidation(): void {
  const client = useQueryClient();
  const router = useRouter();

  useEffect(() => {
    const key = queryKeys.session.current();
    let known = client.getQueryData<UserWithRole | null>(key) ?? null;
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash !== hashKey(key)) return;
      const next = (event.action.data as UserWithRole | null | undefined) ?? null;
      const ended = known !== null && next === null && !event.action.manual;
      known = next;
      if (ended) void router.invalidate();
    });
    return unsubscribe;
  }, [client, router]);
}
