/** What other modules may ask of companies: the module that owns companies and their memberships. */
export { deleteCompanies, removeCompaniesDeletedBefore } from './company-deletion.queries';
export { updateCompanyCalendarToken } from './calendar-token.queries';
export { addMembership, isMemberByEmail, makeOwner } from './memberships.queries';
