import type { UserSearchQuery } from '../../../../domain/user';

/** Query keys of profiles, unlocked lists and the admin user table. */
export const usersKeys = {
  all: ['users'] as const,
  user: (id: number) => ['users', 'one', id] as const,
  unlocked: (id: number) => ['users', 'unlocked', id] as const,
  search: (query: UserSearchQuery) => ['users', 'search', query] as const,
};
