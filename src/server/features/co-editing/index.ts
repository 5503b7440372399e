/** What other modules may ask of co-editing: whether the text writes this process took have settled. */
export { textWritesSettled } from './co-editing.service';
