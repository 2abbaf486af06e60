/**
 * The history module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across:
 * the scrobbling module records every accepted play through ListensHistoryRepository.
 */
export type { HistoryService } from './history.service';
export type { YearSharesService } from './year-shares.service';
export type { ListensHistoryRepository, NewHistoryListen } from './listens-history.repository';
export { historyRoutes } from './history.routes';
