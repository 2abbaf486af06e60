/**
 * The radio stations module's front door (decision 0055): internet radio (issue 49), not the
 * track radio of server/modules/radio. The repository appears as a type only, for the root.
 */
export type { RadioStationsService } from './radio-stations.service';
export type { RadioStationsRepository, StationRow } from './radio-stations.repository';
export { radioStationsRoutes } from './radio-stations.routes';
