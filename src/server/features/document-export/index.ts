/** What other modules may ask of the document export: an application's final document, as Word or Excel. */
export { fileNameOf, loadDocument } from './document-content';
export { excelWorkbook } from './excel-workbook';
export { wordDocument } from './word-document';
