/**
 * Zod compiles fast object parsers with `new Function` and probes for it when a schema is built;
 * the CSP forbids eval (`script-src 'self'`), so the probe alone reports a violation. The client
 * uses zod's interpreted parsers instead. Every client import of `zod` resolves to this module
 * (vite.config.ts), so the setting is made before any schema exists, whatever chunk holds it.
 */
import { z } from 'zod';

z.config({ jitless: true });

export * from 'zod';
