/** What other modules may ask of reviews: the module that owns a section's reviewers and moves sections through review. */
export { findDocumentFacts, listSectionsInFull } from './review-documents.queries';
export { markCommentedIfInReview } from './review-transitions';
