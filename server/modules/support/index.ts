/**
 * The support module's front door (decision 0055): what other modules may use. No other module
 * needs anything of it yet; the composition root registers its routes.
 */
export { supportRoutes } from './support.routes';
