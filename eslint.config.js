import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// Lint enforces the layer rules of docs/architecture.md, not just style.
const tonConnectRule = {
  group: ['@tonconnect/*'],
  message:
    'TON Connect (≈120 kB) stays out of the first load: import it only in src/features/cashbox/ton-*.tsx, which the cashbox page loads lazily.',
};
function appImportRules(extraPatterns) {
  return {
    paths: [{ name: 'ky', message: 'ky is used only in src/shared/api/.' }],
    patterns: [
      { group: ['@telegram-apps/*'], message: 'The Telegram SDK is used only in src/platform/telegram/.' },
      {
        group: ['**/server/**', '../server/*'],
        message: 'The app never imports server code; share through contracts/.',
      },
      ...extraPatterns,
    ],
  };
}

const sqlOutsideRepositories = {
  name: 'kysely',
  allowTypeImports: true,
  message: 'SQL lives in repositories (<module>.repository.ts): call the repository; a type import is fine.',
};

// What one server module file may not import by name, from what it is: `sql` 'all' (repositories, table files),
// 'types' (type imports only) or 'none' (routes); `http` false keeps fastify out (services); `repositories` false is
// house-games' known debt. One complete list per file, because a later config block replaces a rule's options for the
// files it matches instead of adding to them (see serverModuleBlocks).
function serverModuleImportRules({ sql = 'types', http = true, repositories = true } = {}) {
  return {
    paths: [
      ...(sql === 'types' ? [sqlOutsideRepositories] : []),
      ...(sql === 'none' ? [{ name: 'kysely', message: 'Routes never build SQL: call the service.' }] : []),
      ...(http ? [] : [{ name: 'fastify', message: 'Services hold rules, not HTTP.' }]),
    ],
    patterns: repositories
      ? [
          {
            regex: '^\\.\\./[^./][^/]*$',
            importNamePattern: 'Repository$',
            message: "A module never uses another's repository: call its service.",
          },
        ]
      : [],
  };
}

// The roles of a module's files, general first: a file takes the last role it matches (the patterns of the later
// roles do not overlap). SQL is written in repositories and table files only; bet-policy.ts composes the policies'
// parts of the one-statement house bet (docs/decisions/015-bet-and-cashout-policies.md).
const serverModuleRoles = [
  { files: ['**/*.ts'], rules: {} },
  { files: ['**/*.routes.ts', '**/*.operator-routes.ts'], rules: { sql: 'none' } },
  { files: ['**/*.service.ts'], rules: { http: false } },
  { files: ['**/*.repository.ts', '**/*.tables.ts', 'games/bet-policy.ts'], rules: { sql: 'all' } },
];
// modules exempt from "no other module's repository": none since issue 23 (house games take the games module's
// GameRecords functions); kept so a future exemption is one visible line, not a rewrite
const repositoryDebt = [];
const modulesDir = 'server/src/modules';
const moduleTests = `${modulesDir}/**/*.test.ts`;
function serverModuleBlocks() {
  const debt = repositoryDebt.map((name) => `${modulesDir}/${name}/**`);
  return serverModuleRoles.flatMap((role) => [
    {
      files: role.files.map((glob) => `${modulesDir}/${glob}`),
      ignores: [moduleTests, ...debt],
      rules: { 'no-restricted-imports': ['error', serverModuleImportRules(role.rules)] },
    },
    ...repositoryDebt.map((name) => ({
      files: role.files.map((glob) => `${modulesDir}/${name}/${glob}`),
      ignores: [moduleTests],
      rules: { 'no-restricted-imports': ['error', serverModuleImportRules({ ...role.rules, repositories: false })] },
    })),
  ]);
}

// A module reaches another only through its index.ts (or the kit, ../module): checked on the resolved path, so the
// long way round (../../modules/live/live.bus) and a dynamic import() are caught like ../live/live.bus.
const serverModules = readdirSync(new URL(`${modulesDir}/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleDoorZones = serverModules.map((name) => ({
  target: `./${modulesDir}/${name}`,
  from: `./${modulesDir}`,
  except: [
    `./${name}`,
    './module.ts',
    ...serverModules.filter((other) => other !== name).map((o) => `./${o}/index.ts`),
  ],
  message: "Another module is reached only through its index.ts: import from '../<module>'.",
}));
const importResolver = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
};
// every transaction is opened by transact() (lib/after-commit), which sends what it queued once it committed: a
// transaction opened any other way would drop its messages (docs/decisions/022-after-commit-outbox-and-module-kinds.md)
const transactionOutsideOutbox = {
  selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
  message:
    'Open a transaction with transact(db, fn) from lib/after-commit, so what it queues is sent after the commit.',
};
const unreadableImport = {
  selector: "ImportExpression[source.type!='Literal']",
  message: 'A dynamic import() names its file literally, so lint can check which door it uses.',
};

// The player app's layers, as bulletproof-react draws them: a feature reaches another only through its index.ts (its
// public file; a chunk boundary is an import() of it or a loader it exports), shared/ and platform/ serve every feature
// and import none (state every feature reads, like the player, lives in shared/), and app/ composes features, never the
// other way. Judged on the resolved file, so import() and the long way (../../features/x/y) count too.
const appFeatures = readdirSync(new URL('src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const appLayerZones = [
  ...appFeatures.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...appFeatures.filter((other) => other !== name).map((o) => `./${o}/index.ts`)],
    message: "A feature reaches another only through its index.ts: import from '../<feature>'.",
  })),
  {
    target: ['./src/shared', './src/platform', './src/house'],
    from: ['./src/features', './src/app'],
    message: 'shared/, platform/ and the house games serve every feature: they import no feature and nothing of app/.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'A feature never imports app/: the app composes the features.',
  },
];

const literalApiPath = '/^\\/?(main|int|house)-api\\//';
const literalApiPathMessage =
  'Declare the endpoint in contracts/<domain>.endpoints.ts and call it with api.call(endpoint, …), not a literal path.';
// An app path is spelled once, by src/shared/routing/paths.ts: navigate() and href take a builder's result, never a
// literal '/…' (a renamed route then breaks the type-check, not a link).
const literalAppPathMessage = "Build the path with paths.*() (src/shared/routing/paths.ts), not a literal '/…'.";
const appPath = '/^\\//';
const literalAppPathRules = [
  `CallExpression[callee.name='navigate'] > Literal[value=${appPath}]`,
  `CallExpression[callee.property.name='navigate'] > Literal[value=${appPath}]`,
  `CallExpression[callee.name='navigate'] > TemplateLiteral > TemplateElement:first-child[value.raw=${appPath}]`,
  `CallExpression[callee.property.name='navigate'] > TemplateLiteral > TemplateElement:first-child[value.raw=${appPath}]`,
  `JSXAttribute[name.name='href'] Literal[value=${appPath}]`,
  `JSXAttribute[name.name='href'] TemplateLiteral > TemplateElement:first-child[value.raw=${appPath}]`,
].map((selector) => ({ selector, message: literalAppPathMessage }));
const literalApiPathRules = [
  { selector: `Literal[value=${literalApiPath}]`, message: literalApiPathMessage },
  { selector: `TemplateElement[value.raw=${literalApiPath}]`, message: literalApiPathMessage },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'public/sw.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Classic scripts served as they are (public/): browser globals, no modules.
  { files: ['public/**/*.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', appImportRules([tonConnectRule])],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use the platform storage adapter.' },
        { name: 'fetch', message: 'Use the api client in src/shared/api.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importResolver,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: appLayerZones }],
    },
  },
  // An API path is declared once, in contracts/<domain>.endpoints.ts, and called with api.call(endpoint, …)
  // (docs/architecture.md, "Endpoints"): no literal 'main-api/…', 'int-api/…' or 'house-api/…' in the app.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test-setup.ts'],
    rules: { 'no-restricted-syntax': ['error', ...literalApiPathRules, ...literalAppPathRules] },
  },
  { files: ['src/shared/api/**'], rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' } },
  // the cashbox's TON Connect files: loaded lazily (import()) from the cashbox page only
  { files: ['src/features/cashbox/ton-*.tsx'], rules: { 'no-restricted-imports': ['error', appImportRules([])] } },
  { files: ['src/platform/**'], rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' } },
  // the house games' page is its own small app (the iframe): its one client calls fetch directly
  { files: ['src/house/api.ts'], rules: { 'no-restricted-globals': 'off' } },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test-setup.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-imports': 'off' },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../src/*', '../server/*', '**/src/**', '**/server/**'],
              message: 'contracts import nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  // the doors between server modules (docs/decisions/014-module-kit.md): a module reaches another only through its
  // index.ts, never its repository; routes never build SQL; services never speak HTTP
  ...serverModuleBlocks(),
  {
    files: [`${modulesDir}/**/*.ts`],
    ignores: [moduleTests],
    plugins: { 'import-x': importX },
    settings: importResolver,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: moduleDoorZones }],
      'no-restricted-syntax': ['error', unreadableImport, transactionOutsideOutbox],
    },
  },
  {
    files: ['server/src/**/*.ts', 'scripts/**/*.ts'],
    ignores: [`${modulesDir}/**`, 'server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'server/src/lib/after-commit.ts'],
    rules: { 'no-restricted-syntax': ['error', transactionOutsideOutbox] },
  },
  // a promise nobody awaits loses its error (an unhandled rejection) and its ordering: on the server every promise is
  // awaited, returned, or marked `void` where running on its own is the intent (type-aware, so server files only)
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
);
