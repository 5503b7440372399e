/** The structured sections' rows — budget, activity plan, deliverables — edited and shown. */
export { useDataProblemText, useLeftoverText } from './data-problems';
export { DecimalInput, useFormatMoney } from './decimal-input';
export { FinalStructured } from './final-structured';
export { SectionDataEditor } from './section-data-editor';
