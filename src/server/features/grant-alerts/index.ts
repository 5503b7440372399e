/** What other modules may ask of grant alerts. */
export { forgetAlertsOf } from './grant-alerts.queries';
