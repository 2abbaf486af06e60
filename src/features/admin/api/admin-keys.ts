/** Query keys of the admin screens; invalidating `all` refreshes every one of them. */
export const adminKeys = {
  all: ['admin'] as const,
  roles: () => ['admin', 'roles'] as const,
  tasks: () => ['admin', 'tasks'] as const,
};
