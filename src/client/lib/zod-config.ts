/**
 * Zod compiles fast object parsers with `new Function` and probes for it when a schema is built;
 * the CSP forbids eval (`script-src 'self'`), so the probe alone reports a violation. The client
 * uses zod's interpreted parsers instead. Imported first by main.tsx, before any schema exists.
 */
import { z } from 'zod';

z.config({ jitless: true });
