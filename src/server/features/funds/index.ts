/** What other modules may ask of funds: the module that owns the funds of the catalogue. */
export { cachedPublicFund, cachedPublicFunds, findFundById, fundIdOf, fundSlugExists, insertCatalogueFund, setFundCountryIfUnset } from './funds.queries';
