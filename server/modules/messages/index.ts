/**
 * The messages module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export type { MessagesService, OutgoingMessage } from './messages.service';
