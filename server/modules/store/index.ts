/**
 * The store module's front door (decision 0055): what other modules may use. No other module
 * needs anything of it yet; the composition root registers its routes.
 */
export { paymentsStatusRoutes } from './payments-status.routes';
export { paymentsRoutes } from './payments.routes';
export { productsRoutes } from './products.routes';
export { transactionsRoutes } from './transactions.routes';
