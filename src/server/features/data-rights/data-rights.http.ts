/**
 * A data archive's downloads (decision 0043), each streamed one stored part at a time as the client
 * takes it:
 * - the e-mailed link, `/api/data-exports/<token>`: the link is the credential, as a reset link
 *   is, so it is never kept by a cache nor passed on as a referrer; an expired or unknown one leads
 *   to the profile, which says so in words;
 * - the profile's and company page's button, `/api/my-data-exports/<id>`: the signed-in person's
 *   own archive, with the session's token as every signed-in call; someone else's is 404.
 */
import { Hono, type Context } from 'hono';
import { sendFile } from '../../http/files';
import type { RouteKit, SignedInEnv } from '../../trpc/signed-in';
import { exportForDownload } from './data-rights.service';

type Archive = NonNullable<Awaited<ReturnType<typeof exportForDownload>>>;

const sendArchive = (c: Context, archive: Archive) => sendFile(c, { body: archive.body, bytes: archive.bytes, contentType: 'application/zip', fileName: archive.fileName });

export function dataRightsRoutes({ services, signedIn }: RouteKit): Hono<SignedInEnv> {
  const routes = new Hono<SignedInEnv>();
  routes.get('/api/data-exports/:token', async (c) => {
    const archive = await exportForDownload(services.db, { token: c.req.param('token') });
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (!archive) return c.redirect('/profile?export=gone', 303);
    return sendArchive(c, archive);
  });
  routes.get('/api/my-data-exports/:id', signedIn('dataRights.download'), async (c) => {
    const archive = await exportForDownload(services.db, { userId: c.get('caller').user.id, exportId: c.req.param('id') });
    if (!archive) return c.text('Not Found', 404);
    return sendArchive(c, archive);
  });
  return routes;
}
