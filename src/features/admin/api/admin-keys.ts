/** Query keys of the admin screens; invalidating `all` refreshes every one of them. */
export const adminKeys = {
  all: ['admin'] as const,
  roles: () => ['admin', 'roles'] as const,
  tasks: () => ['admin', 'tasks'] as const,
  servers: () => ['admin', 'servers'] as const,
  downloads: (serverId: number) => ['admin', 'servers', serverId, 'downloads'] as const,
  feeds: (serverId: number) => ['admin', 'servers', serverId, 'feeds'] as const,
};
