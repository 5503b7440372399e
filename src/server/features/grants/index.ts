/** What other modules may ask of grants: the module that owns the grants of the catalogue, their sections, inputs, requirements and rules. */
export { findGrantQuestions } from './grant-questions.queries';
export { publicPageHead, renderPageHtml } from './grants.head';
export { pageExistsChecks } from './grants.pages';
export { grantIdOf, insertCatalogueGrant, liveSectionIds, type CatalogueGrant } from './grants.queries';
export { insertGrantRulesIfMissing, type CatalogueRules } from './grant-rules.queries';
