/** What other modules may ask of data rights: the export's and the retention sweep's jobs, run by the worker. */
export { failExport } from './data-rights.queries';
export { buildExport, retention, sweepExpired } from './data-rights.service';
