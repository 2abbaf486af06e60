/**
 * The devices module's front door (decision 0055): what other modules may use. Repositories
 * appear here as types only, for the composition root (server/root/) to hand an instance across.
 */
export { devicesRoutes } from './devices.routes';
export { DevicesService } from './devices.service';
export { DeviceHub } from './device-hub';
export type { DevicesRepository } from './devices.repository';
