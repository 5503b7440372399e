/** What other modules may ask of drafts: the writing job, run by the worker. */
export { draftState, finishDraft, loadDraftMaterial, markDraftRunning, recordDraftError, storeDraftProgress } from './drafts.queries';
