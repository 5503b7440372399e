import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import type * as i18n from './src/shared/i18n/index';

const i18nDir = fileURLToPath(new URL('./src/shared/i18n/', import.meta.url));
const messagesPrefix = 'virtual:messages/';

/**
 * `virtual:messages/<locale>/public` and `virtual:messages/<locale>/rest`: one language's catalog
 * (Danish filling gaps) in two chunks of its own, so a visitor downloads only the language they
 * read, and a first visit to a public page only the part it shows (`publicMessageKeys`). The
 * catalogs stay one module per feature holding all three languages (`src/shared/i18n`); they are
 * evaluated here, at build time, and each message is parsed here too: the browser gets the parsed
 * form and no ICU parser (see `resolve`).
 */
function localeMessages(): Plugin {
  return {
    name: 'grantwork:locale-messages',
    resolveId: (id) => (id.startsWith(messagesPrefix) ? `\0${id}` : null),
    async load(id) {
      if (!id.startsWith(`\0${messagesPrefix}`)) return null;
      const [locale = '', part] = id.slice(messagesPrefix.length + 1).split('/');
      for (const file of readdirSync(path.join(i18nDir, 'messages'))) this.addWatchFile(path.join(i18nDir, 'messages', file));
      const { module } = await runnerImport<typeof i18n>(path.join(i18nDir, 'index.ts'), { configFile: false, logLevel: 'warn' });
      if (!module.isLocale(locale) || (part !== 'public' && part !== 'rest')) throw new Error(`no catalog ${id.slice(1)}`);
      const intlLocale = new Intl.Locale(locale);
      const parsed = Object.fromEntries(
        Object.entries(module.messagesFor(locale))
          .filter(([key]) => module.publicMessageKeys.has(key) === (part === 'public'))
          .map(([key, message]) => [key, parse(message, { locale: intlLocale })]),
      );
      // JSON.parse of a string literal is faster to start than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(parsed))});`;
    },
  };
}

const zodConfig = fileURLToPath(new URL('./src/client/lib/zod-config.ts', import.meta.url));

/**
 * `zod` in client code means `src/client/lib/zod-config.ts`, which configures zod before
 * re-exporting it: schemas are built in whichever chunk the bundler puts them, which may run before
 * the entry's own code.
 */
function configuredZod(): Plugin {
  return {
    name: 'grantwork:configured-zod',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (id !== 'zod' || !importer || importer === zodConfig) return null;
      return this.resolve(zodConfig, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * Every built script, stylesheet and SVG also written brotli- and gzip-compressed, so the server
 * sends them compressed at the best level without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'grantwork:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const source = readFileSync(full);
        writeFileSync(`${full}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${full}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * What the entry loads before anything else (its static imports, transitively): a screen's list of
 * chunks to preload need not name these again — they are in memory by the time any screen loads.
 * Every route's list lives in the entry, so each name left out there is bytes off every first
 * visit, with nothing loaded differently.
 */
const loadedByEntry = new Set<string>();
function entryClosure(): Plugin {
  return {
    name: 'grantwork:entry-closure',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      loadedByEntry.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || loadedByEntry.has(fileName)) return;
        loadedByEntry.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    },
  };
}

// The client lives in src/client and is built into dist/client, which the server serves; React 19
// and react-dom render it (decision 0029).
export default defineConfig({
  root: 'src/client',
  plugins: [configuredZod(), react(), tailwindcss(), localeMessages(), entryClosure(), precompress()],
  resolve: {
    // Messages arrive parsed (localeMessages): formatjs's build without the parser, 8 KB less.
    alias: [
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
      // TanStack's store reads state through the shim of `useSyncExternalStore` kept for React 17;
      // React 19 has the hook itself, which the package's own `with-selector` uses: 0.3 KB less.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Maps are written for reading a reported stack trace, but not referenced from the scripts,
    // and the server never serves them: the sources stay private.
    sourcemap: 'hidden',
    // The page names the entry's own imports (hostType 'html'), so they download beside it rather
    // than after it has been read; a screen's list leaves them out (entryClosure).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => !loadedByEntry.has(dep))) },
    // The list of chunks a page loads is read from the manifest (the bundle-size test, the server's preloads).
    manifest: true,
    rolldownOptions: {
      // @trpc/client's index imports its WebSocket link's module; without side effects declared,
      // that import tied the link (3 KB) to the entry instead of to live-connection.ts, its one user.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@trpc[\\/]client[\\/]/, sideEffects: false, external: false }] },
      output: {
        // Shared modules split out of the entry are named as such, never like a screen of the same
        // name; a screen's chunk is named after its route (`routes/grants.lazy.tsx`: `grants-….js`).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/src/shared/'))
            ? 'assets/shared-[name]-[hash].js'
            : `assets/${chunk.name.replace(/\.lazy$/, '')}-[hash].js`,
        // What every page runs (the renderer, router, data layer and message formatting) in one
        // file instead of a dozen: each file costs a first visit its own request and compression.
        // Only what the entry loads itself (`$initial`), not everything of these packages some
        // screen imports, nor their imports (decision 0062). The app's own modules the entry loads
        // (layouts, the screens' definitions, the data and language layers, the shared helpers a
        // screen imports too) likewise make one `app` file rather than a dozen small ones, each
        // compressed without the others' words and naming the others' exports: 2.6 KB less
        // (decision 0066).
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|superjson|copy-anything|@formatjs|intl-messageformat|tslib|use-sync-external-store)[\\/]/, tags: ['$initial'], includeDependenciesRecursively: false },
            { name: 'app', test: /[\\/]src[\\/](client|shared)[\\/]/, tags: ['$initial'], includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      '/healthz': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      '/live': { target: `ws://127.0.0.1:${process.env.PORT ?? 3000}`, ws: true },
    },
  },
});
