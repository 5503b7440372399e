/** What other modules may ask of comments: the people's words forgotten, and word of a section's comments changing. */
export { forgetInComments } from './comments.queries';
export { listenToComments, type CommentsNotice } from './comments-news';
