/** What other modules may ask of ownership claims and transfers. */
export { forgetInTransfers } from './company-claims.queries';
