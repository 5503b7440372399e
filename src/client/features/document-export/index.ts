/** The final document as Word and Excel downloads. */
export { DocumentDownloads } from './document-downloads';
