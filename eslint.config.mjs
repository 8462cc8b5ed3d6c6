// One lint config for the whole tree. Besides the usual rules it enforces the "may import" column
// of docs/architecture.md: each folder lists what it must never import.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'
import vueParser from 'vue-eslint-parser'
import globals from 'globals'

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'url', 'stream', 'events', 'util', 'worker_threads']

/** A no-restricted-imports rule that forbids the given module patterns, with a reason. */
function forbid(patterns, message) {
  return ['error', { patterns: [{ group: patterns, message }] }]
}

// The renderer's rooms (docs/architecture.md): shell components -> features -> stores -> lib, api.
// Later rules replace earlier ones for the same files, so each room's rule repeats the renderer's own.
const rendererForbidden = [
  'electron',
  ...nodeBuiltins,
  'keytar',
  '**/electron/core/**',
  '**/electron/main/**',
  '**/electron/preload/**',
  '**/electron/web-host/**',
  '**/electron/cli/**',
  '**/electron/demo-exchange/**',
]
const RENDERER_MESSAGE = 'The renderer reaches the main process only through src/api (window.terminal): never electron, never node:*.'
const FEATURES = ['chart', 'order-form', 'book', 'history', 'portfolio', 'blotter', 'risk-limits', 'positions', 'profiles', 'open-orders', 'balances', 'fee-rules', 'recent-trades', 'alerts']
/** The renderer's rule plus a room's own: `patterns` are what that room must never import. */
function rendererRoom(patterns, message) {
  return [
    'error',
    {
      patterns: [
        { group: rendererForbidden, message: RENDERER_MESSAGE },
        { group: patterns, message },
      ],
    },
  ]
}

// electron/core: plain Node. Never electron or keytar (the vault alone, below), never a host, the host
// plumbing in electron/host, or the renderer.
const coreForbidden = ['electron', 'keytar', '**/main/**', '**/preload/**', '**/web-host/**', '**/cli/**', '**/host/**', '**/src/**', 'vue', 'pinia']
const CORE_MESSAGE = 'electron/core is plain Node: never electron, never a host (electron/host, main, web-host, cli) or the renderer; keytar only in the vault.'
// The core's rooms in layers, lowest first (electron/core/README.md): a room imports its own layer and
// those below, never one above, so no two rooms lean on each other. Where a lower room needs something
// of an upper one (the profiles.* handlers and the live link need the session) it names an interface
// the upper one implements.
const CORE_LAYERS = [
  ['storage', 'credentials', 'exchange', 'diagnostics'],
  ['profiles', 'drawings', 'popouts'],
  ['live'],
  ['account'],
  ['session'],
  ['market'],
  ['orders', 'alerts'],
  ['positions', 'portfolio'],
  ['journal'],
]
const roomPatterns = (room) => [`**/core/${room}/**`, `../${room}/**`]
const terminalPatterns = ['**/core/terminal', '../terminal', '../../terminal']

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', '.bench/**', 'test-results/**', 'playwright-report/**', 'coverage/**', '.tmp/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parser: vueParser, parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'], sourceType: 'module' } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      'vue/attributes-order': 'off',
      'vue/first-attribute-linebreak': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // ---- Import boundaries (docs/architecture.md, "may import") ------------------------------------------
  {
    files: ['electron/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['electron', ...nodeBuiltins, '**/core/**', '**/main/**', '**/preload/**', '**/web-host/**', '**/cli/**', '**/demo-exchange/**', '**/src/**', 'vue', 'pinia', 'keytar'],
        'electron/domain is pure: no I/O, no electron, no other layer.',
      ),
    },
  },
  // electron/core never imports a host or the host plumbing (electron/host, which imports the core);
  // the vault (and its tests) may import keytar, nothing else in the core may.
  {
    // Tests may drive the core through the host's dispatch, as a host would.
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        coreForbidden.filter((pattern) => pattern !== 'keytar' && pattern !== '**/host/**'),
        CORE_MESSAGE,
      ),
    },
  },
  {
    files: ['electron/core/credentials/vault.ts'],
    rules: {
      'no-restricted-imports': forbid(
        coreForbidden.filter((pattern) => pattern !== 'keytar'),
        CORE_MESSAGE,
      ),
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    ignores: ['electron/core/credentials/vault.ts', 'electron/core/**/*.test.ts'],
    rules: { 'no-restricted-imports': forbid(coreForbidden, CORE_MESSAGE) },
  },
  // Each room of the core knows nothing of the rooms above it, nor of the terminal that composes them.
  ...CORE_LAYERS.flatMap((layer, level) =>
    layer.map((room) => ({
      files: [`electron/core/${room}/**/*.ts`],
      ignores: ['electron/core/**/*.test.ts', 'electron/core/**/test/**', ...(room === 'credentials' ? ['electron/core/credentials/vault.ts'] : [])],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: coreForbidden, message: CORE_MESSAGE },
              {
                group: [
                  ...CORE_LAYERS.slice(level + 1)
                    .flat()
                    .flatMap(roomPatterns),
                  ...terminalPatterns,
                ],
                message: `electron/core/${room} stands below ${CORE_LAYERS.slice(level + 1)
                  .flat()
                  .join(', ')} and the terminal: it may not import them (eslint.config.mjs, CORE_LAYERS).`,
              },
            ],
          },
        ],
      },
    })),
  ),
  {
    files: ['electron/host/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['electron', 'keytar', '**/main/**', '**/preload/**', '**/web-host/**', '**/cli/**', '**/src/**', 'vue', 'pinia'],
        'electron/host is the plumbing both hosts share: core and domain only, never electron or a host itself.',
      ),
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...nodeBuiltins, 'keytar', '**/core/**', '**/main/**', '**/web-host/**', '**/cli/**', '**/demo-exchange/**', '**/src/**'],
        'The preload exposes window.terminal only: domain types and electron, nothing else.',
      ),
    },
  },
  {
    files: ['electron/main/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['keytar', '**/web-host/**', '**/cli/**', '**/preload/**', '**/src/**', 'vue', 'pinia'],
        'electron/main composes core and domain; keytar only through the vault.',
      ),
    },
  },
  {
    files: ['electron/web-host/**/*.ts', 'electron/cli/**/*.ts'],
    rules: { 'no-restricted-imports': forbid(['electron', 'keytar', '**/main/**', '**/preload/**', '**/src/**', 'vue', 'pinia'], 'Hosts use core and domain only; never electron.') },
  },
  {
    files: ['electron/demo-exchange/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['electron', 'keytar', '**/core/**', '**/main/**', '**/preload/**', '**/web-host/**', '**/cli/**', '**/src/**', '**/domain/orders/order-rules*', '**/domain/orders/fee-rules*', 'vue', 'pinia'],
        'The demo exchange is an exchange of its own: domain types and schemas only, so it cannot share a bug with the terminal.',
      ),
    },
  },
  {
    files: ['src/**/*.{ts,vue}'],
    rules: { 'no-restricted-imports': forbid(rendererForbidden, RENDERER_MESSAGE) },
  },
  {
    files: ['src/features/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': rendererRoom(
        ['**/components/**', '**/startup', '**/main'],
        'A feature is a room of the window, not its shell: it may use stores, composables, lib and styles, never src/components.',
      ),
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,vue}`],
    rules: {
      'no-restricted-imports': rendererRoom(
        ['**/components/**', '**/startup', '**/main', ...FEATURES.filter((other) => other !== feature).flatMap((other) => [`**/features/${other}/**`, `../${other}/**`, `../../${other}/**`])],
        'A feature does not import another feature or the shell: what two features share lives in src/stores (state) or src/lib.',
      ),
    },
  })),
  {
    files: ['src/stores/**/*.ts'],
    rules: {
      'no-restricted-imports': rendererRoom(
        ['**/components/**', '**/features/**', '**/composables/**', '*.vue', '**/startup'],
        "Stores hold the window's state: they use src/api, src/lib and domain, never the components, features or composables that show it.",
      ),
    },
  },
  // '**/api/**' means src/api (the transport); '!@domain/**' keeps the domain's contract (@domain/api/…) allowed.
  {
    files: ['src/composables/**/*.ts'],
    rules: {
      'no-restricted-imports': rendererRoom(
        ['**/components/**', '**/features/**', '**/stores/**', '**/api', '**/api/**', 'pinia', '*.vue', '!@domain/**'],
        'A composable is a reusable piece of Vue behaviour: Vue and domain only, no store, no API, no component.',
      ),
    },
  },
  {
    files: ['src/lib/**/*.ts', 'src/styles/**/*.ts'],
    rules: {
      'no-restricted-imports': rendererRoom(
        ['**/components/**', '**/features/**', '**/stores/**', '**/composables/**', '**/api', '**/api/**', 'pinia', '*.vue', '!@domain/**'],
        'src/lib and src/styles are the bottom of the window: Vue and domain only.',
      ),
    },
  },
  {
    // Code that Playwright runs inside the page (page.evaluate) uses browser globals.
    files: ['e2e/**/*.ts', 'scripts/bench/**/*.{js,mjs,ts}', 'scripts/bench.mjs', 'scripts/soak.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.test.ts', '**/*.test-util.ts', 'e2e/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Test helpers are *.test-util.ts in test/ folders beside the code they serve; the app must never bundle one. A syntax
    // rule rather than no-restricted-imports, which the boundary rules above already configure per folder.
    files: ['electron/**/*.ts', 'src/**/*.{ts,vue}'],
    ignores: ['**/*.test.ts', '**/*.test-util.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ':matches(ImportDeclaration, ImportExpression, ExportAllDeclaration, ExportNamedDeclaration)[source.value=/\\.test-util(\\.ts)?$/]',
          message: 'Test helpers (*.test-util.ts) are for tests only; the app must not import them.',
        },
      ],
    },
  },
)
