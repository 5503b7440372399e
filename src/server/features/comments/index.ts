/** What other modules may ask of comments. */
export { forgetInComments } from './comments.queries';
