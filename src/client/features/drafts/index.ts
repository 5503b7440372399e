/** AI drafts of a section's text or rows. */
export { DraftPanel, useAiDraft } from './draft-panel';
export { DraftStateBadge } from './draft-states';
export { RowDraftPanel } from './row-draft-panel';
