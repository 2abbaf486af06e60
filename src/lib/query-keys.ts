/** Every query key of the client comes from this one factory, so invalidation is by key. */
export const queryKeys = {
  settings: {
    all: ['settings'] as const,
    public: () => ['settings', 'public'] as const,
  },
  session: {
    all: ['session'] as const,
    current: () => ['session', 'current'] as const,
  },
  /** Shared by the collection page and every download button (src/lib/use-download.ts). */
  collectionUnlocked: (id: number) => ['collection', id, 'unlocked'] as const,
  messages: {
    all: ['messages'] as const,
    unread: (userId: number) => ['messages', 'unread', userId] as const,
  },
} as const;
