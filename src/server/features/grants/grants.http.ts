/** What search engines read of the public catalogue: `robots.txt` and the sitemap of its pages. */
import { Hono } from 'hono';
import { appUrl } from '../../env';
import type { RouteKit } from '../../trpc/signed-in';
import { robotsTxt, sitemapEntries, sitemapXml } from './grants.head';

export function grantsRoutes({ services }: RouteKit): Hono {
  const routes = new Hono();
  routes.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(appUrl(services.env)));
  });
  routes.get('/sitemap.xml', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    return c.body(sitemapXml(appUrl(services.env), await sitemapEntries(services.db)));
  });
  return routes;
}
