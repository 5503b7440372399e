/** What other modules may ask of deadlines: the reminders' jobs, run by the worker. */
export { deliverReminders, writeDueReminders } from './deadlines.service';
