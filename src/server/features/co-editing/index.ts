/** What other modules may ask of co-editing: an editor's client ids bound to its section, and whether the text writes this process took have settled. */
export { bindsClient } from './text-clients';
export { textWritesSettled } from './co-editing.service';
