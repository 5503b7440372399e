import { applicationProcedure } from '../../trpc/application-procedure';
import { router } from '../../trpc/trpc';
import { fileNameOf, loadDocument } from '../../documents/document-content';
import { excelWorkbook } from '../../documents/excel-workbook';
import { wordDocument } from '../../documents/word-document';

const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const EXCEL = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The final document as files (docs/decisions/0045), made on the server so no page carries the
 * libraries: every member who reads the application may download it, as they may read and print
 * it. The file travels as base64 in the answer, through the same membership check as the screen.
 */
export const documentExportRouter = router({
  word: applicationProcedure.query(async ({ ctx }) => {
    const document = await loadDocument(ctx.db, ctx.application);
    return { fileName: fileNameOf(document.title, 'docx'), contentType: WORD, base64: (await wordDocument(document)).toString('base64') };
  }),

  excel: applicationProcedure.query(async ({ ctx }) => {
    const document = await loadDocument(ctx.db, ctx.application);
    return { fileName: fileNameOf(document.title, 'xlsx'), contentType: EXCEL, base64: (await excelWorkbook(document)).toString('base64') };
  }),
});
