/** What other modules may ask of co-editing. */
export { bindsClient } from './text-clients';
