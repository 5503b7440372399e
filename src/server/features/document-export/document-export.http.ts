/**
 * The final document as files (docs/decisions/0045, 0055), made on the server so no page carries
 * the libraries: every member who reads the application may download it, as they may read and
 * print it. Each file is a plain GET at its application's address, with the caller's session and
 * the membership check of the application's procedures: someone outside its company hears 404.
 */
import { Hono } from 'hono';
import { documentFileParams, documentFileRoute, documentFiles, type DocumentFileKind } from '../../../shared/schemas/document-export';
import { fileNameOf, loadDocument, type DocumentOut } from './document-content';
import { excelWorkbook } from './excel-workbook';
import { wordDocument } from './word-document';
import { sendFile } from '../../http/files';
import type { RouteKit, SignedInEnv } from '../../trpc/signed-in';
import { applicationOfMember } from '../../trpc/application-procedure';

const makers: Record<DocumentFileKind, (document: DocumentOut) => Promise<Buffer>> = { word: wordDocument, excel: excelWorkbook };

export function documentExportRoutes({ services, signedIn }: RouteKit): Hono<SignedInEnv> {
  const routes = new Hono<SignedInEnv>();
  for (const kind of Object.keys(documentFiles) as DocumentFileKind[]) {
    const { extension, contentType } = documentFiles[kind];
    // Timed and limited under the name the call had when the file came through the API.
    routes.get(documentFileRoute(kind), signedIn(`documentExport.${kind}`), async (c) => {
      const params = documentFileParams.safeParse({ applicationId: c.req.param('applicationId') });
      const reached = params.success ? await applicationOfMember(services, c.get('caller').user.id, params.data.applicationId) : undefined;
      if (!reached) return c.text('Not Found', 404);
      // Always made anew: the document changes with every save.
      const document = await loadDocument(services.db, reached.application);
      const bytes = await makers[kind](document);
      return sendFile(c, {
        body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength),
        contentType,
        fileName: fileNameOf(document.title, extension, document.language),
      });
    });
  }
  return routes;
}
