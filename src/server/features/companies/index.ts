/** What other modules may ask of companies. */
export { deleteCompanies, removeCompaniesDeletedBefore } from './company-deletion.queries';
export { updateCompanyCalendarToken } from './calendar-token.queries';
