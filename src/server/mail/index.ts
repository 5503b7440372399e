/**
 * Written e-mails' public face: queueing one, the worker's reads and marks of the queue, forgetting
 * and expiring them, and the grant alerts' sending. Everything outside `mail/` imports these from
 * here, never the files inside (tests/unit/server-import-graph.test.ts).
 */
export { findEmail, forgetEmailsOf, insertEmail, markEmailSent, recordEmailAttempt, removeEmailsBefore } from './email.queries';
export { queueEmail } from './email.service';
export { alertLink, hashToken, newToken, resumeGrantAlerts, sendGrantAlerts } from './grant-alerts';
