/**
 * The health module's front door (decision 0055): what other modules may use. No other module
 * needs anything of it; the composition root registers its routes.
 */
export { healthRoutes } from './health.routes';
