import type { BrowseFilters } from '../../domain/browse-filters';
import type { UserSearchQuery } from '../../domain/user';

/**
 * Every query key of the client comes from this one factory: a tree by area, each area's
 * `all` the prefix of every key below it, so a mutation invalidates by prefix and no two
 * features can name the same call differently. Some shapes are read elsewhere: the first
 * element 'local' keeps a query out of the persisted cache (app/query-client.ts), and the
 * offline e2e test looks for the home and collection keys in the persisted copy.
 */
export const queryKeys = {
  settings: {
    all: ['settings'] as const,
    public: () => ['settings', 'public'] as const,
    admin: () => ['settings', 'admin'] as const,
    paymentsStatus: () => ['settings', 'payments-status'] as const,
  },
  session: {
    all: ['session'] as const,
    current: () => ['session', 'current'] as const,
  },
  home: {
    all: ['home'] as const,
    homepage: () => ['home', 'homepage'] as const,
  },
  browse: {
    all: ['browse'] as const,
    searches: () => ['browse', 'search'] as const,
    search: (filters: BrowseFilters) => ['browse', 'search', filters] as const,
    external: (query: string) => ['browse', 'external', query] as const,
  },
  collections: {
    all: ['collection'] as const,
    detail: (id: number) => ['collection', id, 'detail'] as const,
    recommendations: (id: number) => ['collection', id, 'recommendations'] as const,
    /** Name and price only (the player's download button): the bulk call with one id. */
    summary: (id: number) => ['collection', id, 'summary'] as const,
    /** GET /api/collection/{id}: the target of /upload/{id}. */
    uploadTarget: (id: number) => ['collection', id, 'upload-target'] as const,
    /** Every unlock at once: a purchase refreshes them all. */
    unlockedAll: () => ['collection', 'unlocked'] as const,
    unlocked: (id: number) => ['collection', 'unlocked', id] as const,
    fileTags: (fileId: number) => ['collection', 'file-tags', fileId] as const,
    byName: (query: string, limit: number) => ['collection', 'by-name', query, limit] as const,
  },
  player: {
    waveform: (fileId: number) => ['waveform', fileId] as const,
  },
  /** Artist pages and the browse page's artist search (GET /api/artist/{id}, /api/artists). */
  artists: {
    all: ['artists'] as const,
    detail: (id: number) => ['artists', 'detail', id] as const,
    search: (query: string, limit: number) => ['artists', 'search', query, limit] as const,
  },
  /** GET /api/lyrics/{fileId}: the player reads them, the admin tag editor writes them. */
  lyrics: {
    all: ['lyrics'] as const,
    file: (fileId: number) => ['lyrics', fileId] as const,
  },
  /** Likes live under playlists: the liked playlist is one, so a like refreshes both. */
  playlists: {
    all: ['playlists'] as const,
    mine: () => ['playlists', 'mine'] as const,
    detail: (id: number) => ['playlists', 'detail', id] as const,
    likedIds: () => ['playlists', 'liked-ids'] as const,
  },
  /**
   * Favourites and ratings (issue 45), one store with /rest. Liked tracks are the liked
   * playlist (see playlists), so a like refreshes `favourites()` as well.
   */
  annotations: {
    all: ['annotations'] as const,
    favourites: () => ['annotations', 'favourites'] as const,
    ratings: () => ['annotations', 'ratings'] as const,
  },
  comments: {
    all: ['comments'] as const,
    group: (groupId: number) => ['comments', 'group', groupId] as const,
    /** Comments written offline, waiting in the outbox. */
    pending: (groupId: number) => ['comments', 'pending', groupId] as const,
    /** The admin list of every comment, newest first. */
    latest: () => ['comments', 'latest'] as const,
  },
  messages: {
    all: ['messages'] as const,
    inbox: () => ['messages', 'inbox'] as const,
    unread: (userId: number) => ['messages', 'unread', userId] as const,
    conversations: () => ['messages', 'conversations'] as const,
    thread: (userId: number) => ['messages', 'thread', userId] as const,
    recipients: (query: string) => ['messages', 'recipients', query] as const,
  },
  /**
   * GET /api/libraries: one list for the browse filter, the role editor and the admin Libraries
   * panel (issue 46); a library change, a scan or a role change refreshes it.
   */
  libraries: {
    all: ['libraries'] as const,
  },
  /** GET /api/role: one list for the store, the admin role screen and the user screens. */
  roles: {
    all: ['roles'] as const,
  },
  admin: {
    all: ['admin'] as const,
    tasks: () => ['admin', 'tasks'] as const,
    backups: () => ['admin', 'backups'] as const,
    missingFiles: () => ['admin', 'library-missing'] as const,
    servers: () => ['admin', 'servers'] as const,
    downloads: (serverId: number) => ['admin', 'servers', serverId, 'downloads'] as const,
    feeds: (serverId: number) => ['admin', 'servers', serverId, 'feeds'] as const,
  },
  users: {
    all: ['users'] as const,
    user: (id: number) => ['users', 'one', id] as const,
    unlocked: (id: number) => ['users', 'unlocked', id] as const,
    searches: () => ['users', 'search'] as const,
    search: (query: UserSearchQuery) => ['users', 'search', query] as const,
    ipBan: (ip: string) => ['users', 'ip-ban', ip] as const,
  },
  requests: {
    all: ['requests'] as const,
    lists: () => ['requests', 'list'] as const,
    list: (page: { offset: number; count: number; userId: number | null }) =>
      ['requests', 'list', page] as const,
    detail: (id: number) => ['requests', 'detail', id] as const,
  },
  store: {
    all: ['store'] as const,
    products: () => ['store', 'products'] as const,
    subscription: () => ['store', 'subscription'] as const,
    transactions: (scope: 'mine' | 'all') => ['store', 'transactions', scope] as const,
  },
  support: {
    all: ['support'] as const,
    list: () => ['support', 'list'] as const,
    ticket: (id: number) => ['support', 'ticket', id] as const,
  },
  /** GET /api/user/app_password: the signed-in user's app passwords (never the passwords). */
  appPasswords: {
    all: ['app-passwords'] as const,
  },
  /** GET /api/user/scrobbling: the account's ListenBrainz and Last.fm connections. */
  scrobbling: {
    all: ['scrobbling'] as const,
  },
  /** GET /api/share: the signed-in user's share links (everyone's for an administrator). */
  shares: {
    all: ['shares'] as const,
  },
  /** GET /api/devices: the user's web apps, what each plays (issue 50). */
  devices: {
    all: ['devices'] as const,
  },
  /** Listening parties (issue 50): live state, never persisted ('local'). */
  party: {
    all: ['local', 'party'] as const,
    state: (token: string) => ['local', 'party', token] as const,
    search: (token: string, q: string) => ['local', 'party', token, 'search', q] as const,
  },
  /** GET /api/play_queue: the queue an app saved, offered to continue on this device. */
  playQueue: {
    all: ['play-queue'] as const,
    saved: () => ['play-queue', 'saved'] as const,
  },
  userUploads: {
    all: ['user-uploads'] as const,
    page: (offset: number) => ['user-uploads', 'page', offset] as const,
  },
  /** Listening history and the year in review (issue 48): the caller's own plays. */
  history: {
    all: ['history'] as const,
    page: (page: { offset: number; limit: number; q: string }) =>
      ['history', 'page', page] as const,
    stats: (year: number | null) => ['history', 'stats', year] as const,
    yearShares: () => ['history', 'year-shares'] as const,
    /** GET /api/year-share/{token}: someone's shared year, open without a session. */
    shared: (token: string) => ['history', 'shared', token] as const,
  },
  /** Podcasts and internet radio stations (issue 49). */
  podcasts: {
    all: ['podcasts'] as const,
    list: () => ['podcasts', 'list'] as const,
    detail: (id: number) => ['podcasts', 'detail', id] as const,
  },
  radioStations: {
    all: ['radio-stations'] as const,
  },
  /** "Continue listening": long tracks and episodes left part-way (issue 49). */
  bookmarks: {
    all: ['bookmarks'] as const,
  },
  /** Device state (IndexedDB), not server data: never persisted with the query cache. */
  local: {
    offlineItems: () => ['local', 'offline-items'] as const,
  },
} as const;
