/** What other modules may ask of companies: the module that owns companies, their memberships and registry look-ups. */
export { deleteCompanies, removeCompaniesDeletedBefore } from './company-deletion.queries';
export { updateCompanyCalendarToken } from './calendar-token.queries';
export { addMembership, isMemberByEmail, makeOwner } from './memberships.queries';
export { markLookupRunning, markLookupWaiting, recordLookupFound, recordLookupOutcome } from './registry-lookups.queries';
