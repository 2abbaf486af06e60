/** Query keys of the support screens; invalidating `all` refreshes list and tickets. */
export const supportKeys = {
  all: ['support'] as const,
  list: () => ['support', 'list'] as const,
  ticket: (id: number) => ['support', 'ticket', id] as const,
};
