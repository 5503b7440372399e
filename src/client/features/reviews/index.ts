/** Sending sections to review, deciding on them, the history of it, and locking the final version. */
export { ApplicationHistory } from './application-history';
export { ReviewBar } from './review-bar';
export { ReviewReminders } from './review-reminders';
