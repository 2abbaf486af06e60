/**
 * The users module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export { toWireUser } from './users.repository';
export type { UsersRepository } from './users.repository';
export type { UsersService } from './users.service';
