/** What the section editor saves as it is typed: the text, co-edited live, and the fields beside it. */
export { useAppliedChanges, type AppliedChanges } from './applied-changes';
export { CoEditedText, cursorColourOf, type TextCursor, type TextMark } from './co-edited-text';
export { LiveConnectionNotice } from './live-connection-notice';
export { usePassageInsert } from './passage-insert';
export { remoteCursors, useCoEditing, type TextSaveState } from './use-co-editing';
export { useSectionDraft, type SaveState, type SectionDoc } from './use-section-draft';
