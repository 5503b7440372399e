/**
 * RFC 8058 one-click unsubscribe from a grant alert: a mail client POSTs here, no sign-in. An
 * unknown token answers as a known one (nothing says whether an address was subscribed); a GET,
 * which link scanners also make, changes nothing and shows the page that unsubscribes on request.
 */
import { Hono } from 'hono';
import { alertTokenInput } from '../../../shared/schemas/grant-alerts';
import type { RouteKit } from '../../trpc/signed-in';
import { unsubscribeAlert } from './grant-alerts.service';

export function grantAlertsRoutes({ services }: RouteKit): Hono {
  const routes = new Hono();
  routes.post('/api/grant-alerts/unsubscribe', async (c) => {
    const parsed = alertTokenInput.safeParse({ token: c.req.query('token') });
    if (!parsed.success) return c.text('Bad Request', 400);
    await unsubscribeAlert(services, parsed.data.token);
    c.header('Cache-Control', 'no-store');
    return c.text('Unsubscribed', 200);
  });
  routes.get('/api/grant-alerts/unsubscribe', (c) => {
    const parsed = alertTokenInput.safeParse({ token: c.req.query('token') });
    if (!parsed.success) return c.text('Bad Request', 400);
    return c.redirect(`/?alerts=unsubscribe&token=${encodeURIComponent(parsed.data.token)}`, 303);
  });
  return routes;
}
