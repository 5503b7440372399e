/**
 * The final document's files (docs/decisions/0045, 0055): each a download at an address of its
 * application, which the server's routes and the client's buttons both take from here.
 */
import { z } from 'zod';
import { applicationIdSchema } from './applications';

export const documentFiles = {
  word: { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  excel: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
} as const;

export type DocumentFileKind = keyof typeof documentFiles;

/** The route's pattern (Hono's) for a kind of file. */
export const documentFileRoute = (kind: DocumentFileKind) => `/api/applications/:applicationId/document.${documentFiles[kind].extension}`;

/** The address of an application's file. */
export const documentFilePath = (applicationId: string, kind: DocumentFileKind) => `/api/applications/${encodeURIComponent(applicationId)}/document.${documentFiles[kind].extension}`;

/** What a file's address names. */
export const documentFileParams = z.object({ applicationId: applicationIdSchema });
