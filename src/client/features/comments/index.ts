/** Comment threads on a section, anchored to passages of its text. */
export { CommentOnSelection, useCommentAnchors, type CommentAnchors } from './comment-anchors';
export { CommentsPanel } from './comments-panel';
export { OpenCommentsCard } from './open-comments-card';
