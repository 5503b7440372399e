// Lint, including the import rules of the architecture: imports flow one way.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ['error', { patterns }];

// auth/, notify/ and mail/ own tables below the features and are reached, like a feature, only
// through their public face, the folder's `index.ts` ('../auth'), never their insides.
const facedRooms = {
  regex: '(^|/)(?<!(?:features|integrations)/)(?:auth|notify|mail)/[^/]+$',
  message: "auth/, notify/ and mail/ are imported only through their index.ts ('../auth'), never their insides.",
};

const serverRules = [
  { regex: '(^|/)(client|worker)(/|$)', message: 'the server never imports the client or the worker.' },
  { regex: '\\.router$', message: 'only the root router imports feature routers.' },
  facedRooms,
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'src/server/db/schema.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': 'off',
    },
  },
  {
    // shared: isomorphic, npm packages only.
    files: ['src/shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(
        { regex: '(^|/)(server|client|worker)(/|$)', message: 'shared imports only npm packages and shared code.' },
        { regex: '^node:', message: 'shared runs in the browser too: no Node APIs.' },
      ),
    },
  },
  {
    // client: shared, and only the type of the server's root router.
    files: ['src/client/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(
        { regex: '^(?!@trpc/)(.*/)?server/(?!router$)', message: 'the client imports only the type of the root router from the server.' },
        { group: ['**/server/router'], allowTypeImports: true, message: 'import the root router as a type only.' },
        { regex: '(^|/)worker(/|$)', message: 'the client never imports the worker.' },
      ),
    },
  },
  {
    // A client feature is named as the server's and imports another only through its public face,
    // the folder's `index.ts` ('../comments'), never its insides; the screens of `app/` compose them.
    // That features import each other one way only, round no circle, tests/unit/client-import-graph.test.ts checks.
    files: ['src/client/features/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(
        { regex: '^(?!@trpc/)(.*/)?server/(?!router$)', message: 'the client imports only the type of the root router from the server.' },
        { group: ['**/server/router'], allowTypeImports: true, message: 'import the root router as a type only.' },
        { regex: '^\\.\\./(?!\\.)[^/]+/|(^|/)features/', message: "a client feature imports another only through its index.ts ('../<feature>'), never its insides." },
      ),
    },
  },
  {
    // client: a query string is read through its route's typed search (`app/route-search.ts`,
    // `useSearch`); the address bar itself only in `lib/address-bar.ts`, which says why.
    files: ['src/client/**'],
    ignores: ['src/client/lib/address-bar.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[object.name='location'][property.name='search']",
          "MemberExpression[object.property.name='location'][property.name='search']",
          "MemberExpression[object.name='location'][property.value='search']",
          "MemberExpression[object.property.name='location'][property.value='search']",
          "VariableDeclarator[init.name='location'] > ObjectPattern > Property[key.name='search']",
          "VariableDeclarator[init.property.name='location'] > ObjectPattern > Property[key.name='search']",
        ].map((selector) => ({ selector, message: "read the query string through the route's typed search (useSearch, app/route-search.ts), not location.search." })),
      ],
    },
  },
  {
    // server: shared and itself; only the root router imports feature routers.
    files: ['src/server/**'],
    ignores: ['src/server/router.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(...serverRules),
    },
  },
  {
    // Everything else of the server — the tRPC and database layers, mail, notifications, auth,
    // integrations, the live layer — sits under the features:
    // features build on it, never the other way round. Only the root router gathers the feature
    // routers, and only the HTTP app and the process's start reach into features for their routes.
    files: ['src/server/**'],
    ignores: ['src/server/features/**', 'src/server/router.ts', 'src/server/app.ts', 'src/server/main.ts', 'src/server/seed/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(...serverRules, {
        regex: '(^|/)features(/|$)',
        message: 'the modules under the features do not import features; move what they need below the features.',
      }),
    },
  },
  {
    // A server feature is a module that owns its tables; another feature calls it through its
    // public face, the folder's `index.ts` (`import … from '../comments'`), never its insides.
    files: ['src/server/features/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(...serverRules, {
        regex: '^\\.\\./(?!\\.)[^/]+/|(^|/)features/',
        message: "a feature imports another feature only through its index.ts ('../<feature>'), never its insides.",
      }),
    },
  },
  {
    // The seeds sit above the features: they fill the catalogue and make the first admin by
    // calling the owners of the tables through their public face, never their queries.
    files: ['src/server/seed/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(...serverRules, {
        regex: '(^|/)features/[^/]+/',
        message: "the seed calls a feature only through its index.ts ('../features/<feature>'), never its insides.",
      }),
    },
  },
  {
    files: ['src/server/router.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({ regex: '(^|/)(client|worker)(/|$)', message: 'the server never imports the client or the worker.' }, facedRooms),
    },
  },
  {
    // A module's SQL lives in its `*.queries.ts`; services, routers and processors call it by name.
    files: ['src/server/features/**', 'src/server/mail/**', 'src/server/notify/**', 'src/server/seed/**', 'worker/**'],
    ignores: ['**/*.queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]", message: 'SQL lives in a *.queries.ts module.' },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL lives in a *.queries.ts module.' },
      ],
    },
  },
  {
    // worker: shared and the server's db, auth, feature queries and integrations; never tRPC.
    files: ['worker/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(
        { regex: '(^|/)server/(trpc|app|main)(/|$)', message: 'the worker never imports the tRPC layer or the HTTP app.' },
        { regex: '\\.router$', message: 'the worker never imports routers.' },
        { regex: '(^|/)client(/|$)', message: 'the worker never imports the client.' },
        facedRooms,
      ),
    },
  },
);
