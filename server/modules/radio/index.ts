/**
 * The radio module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export type { RadioCandidatesRepository } from './radio-candidates.repository';
export type { RadioRepository } from './radio.repository';
export { radioRoutes } from './radio.routes';
export type { RadioRequest, RadioService } from './radio.service';
