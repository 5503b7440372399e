/**
 * What other modules may ask of applications: the module that owns applications, their sections,
 * events, section texts (the co-editing store and its documents' thread) and versions.
 */
export {
  copyApplication,
  findApplicationOverview,
  findSection,
  findSectionHead,
  findSectionOfApplication,
  finishedDraftTexts,
  forgetInApplicationEvents,
  grantTermColumns,
  grantTermsOf,
  knownFactColumns,
  knownFactsOf,
  listApplicationsOfUser,
  markPublished,
  recordEvent,
  removeApplicationsDeletedBefore,
  sectionRuleColumnsIn,
  setSectionStatus,
  updateAssignment,
  updateInternalDeadline,
  updateSectionVersioned,
  type SectionRow,
} from './applications.queries';
export { changeApplication } from './status-news';
export { keepOpenThreads, recountApplications } from './kept-counts.queries';
export { announceText, saveAndAnnounce, saveSection, saveSectionAndAnnounce, saveTextChange, SERVER_CLIENT_ID, type TextWriter } from './section-save';
export { applyChanges, COMPACT_AFTER_CHANGES, documentBound, documentForEditor, dropDocument, keepCommitted, keepDocument, type KeptDocument } from './text-store';
export { claimTextClients, readStoredText } from './text-store.queries';
export { textThread } from './text-host';
export { checkAwareness, MAX_UPDATE_ITEMS } from './update-checks';
export { findVersion, listVersions, recordSectionVersion, removeVersionsBefore } from './versions.queries';
