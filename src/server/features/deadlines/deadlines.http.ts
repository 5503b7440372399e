/**
 * A private calendar feed (decision 0044): `/api/calendar/<token>.ics`, the address its own
 * credential, so it is never kept by anyone in between nor passed on as a referrer; a renewed or
 * unknown one is 404. Named, for a browser that saves it, by the calendar's name in its reader's
 * language.
 */
import { Hono } from 'hono';
import { appUrl } from '../../env';
import { sendFile } from '../../http/files';
import type { RouteKit } from '../../trpc/signed-in';
import { calendarFeed } from './calendar-feed';

export function deadlinesRoutes({ services }: RouteKit): Hono {
  const routes = new Hono();
  routes.get('/api/calendar/:file', async (c) => {
    const file = c.req.param('file');
    const feed = file.endsWith('.ics') ? await calendarFeed(services.db, file.slice(0, -'.ics'.length), appUrl(services.env)) : null;
    c.header('Referrer-Policy', 'no-referrer');
    if (feed === null) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not Found', 404);
    }
    return sendFile(c, { body: new TextEncoder().encode(feed.text), contentType: 'text/calendar; charset=utf-8', fileName: `${feed.name}.ics`, disposition: 'inline' });
  });
  return routes;
}
