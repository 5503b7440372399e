/**
 * Writes src/shared/route-table.ts, the route table the server answers 200 or 404 with, from the
 * screens' route files (src/client/app/routes/<name>.tsx), where each screen writes its own path,
 * layout and access (decision 0058). `tests/unit/routes.test.ts` fails while the two disagree.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../platform/project-path';

const definition = /defineScreen\('([a-z0-9_-]+)', \{\n {2}path: '([^']+)',\n {2}layout: '([a-z-]+)',\n {2}access: '([a-z]+)',\n( {2}catalogue: true,\n)?/;

// What the table imports, beside it in src/shared (kept out of this file's own import lines).
const besideTable = './routes';

/** The table's text, from the route files in `dir`. */
export function routeTableSource(dir: string): string {
  const entries = readdirSync(dir)
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.lazy.tsx'))
    .sort()
    .map((file) => {
      const found = definition.exec(readFileSync(path.join(dir, file), 'utf8'));
      if (!found) throw new Error(`${file}: no defineScreen('<name>', { path, layout, access, … }) at its top`);
      const [, name, route, layout, access, catalogue] = found;
      if (`${name}.tsx` !== file) throw new Error(`${file} defines the screen '${name}': a route file is named after its screen`);
      const key = /^[a-z]+$/.test(name!) ? name : `'${name}'`;
      return `  ${key}: { path: '${route}', layout: '${layout}', access: '${access}'${catalogue ? ', catalogue: true' : ''} },`;
    });
  return `/**
 * Every screen's route as its route file writes it (src/client/app/routes/<name>.tsx). Written by
 * \`npm run routes\` (src/server/cli/routes.ts): change the route file, not this.
 */
import { isSignInArea, routeMatcher, type RouteDef } from '${besideTable}';

export const routes = {
${entries.join('\n')}
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export const routeNames = Object.keys(routes) as RouteName[];

/** The public catalogue's pages (\`RouteDef.catalogue\`). */
export const publicPageRoutes: ReadonlySet<RouteName> = new Set(routeNames.filter((name) => 'catalogue' in routes[name]));

export const matchRoute = routeMatcher(routes);

/** Any path under /admin or /app needs a token, as do the screens marked \`user\`/\`admin\`. */
export function requiresSignIn(pathname: string): boolean {
  if (isSignInArea(pathname)) return true;
  const match = matchRoute(pathname);
  return match !== null && match.route.access !== 'anyone';
}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = projectPath('src/shared/route-table.ts');
  writeFileSync(out, routeTableSource(projectPath('src/client/app/routes')));
  console.log(`Wrote ${out}`);
}
