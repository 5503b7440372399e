/** What other modules may ask of funds: the module that owns the funds of the catalogue. */
export { cachedPublicFund, cachedPublicFunds, findFundById, fundSlugExists } from './funds.queries';
