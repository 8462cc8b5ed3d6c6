// One lint config for the whole tree. Besides the usual rules it enforces the "may import" column
// of ../shared/design/architecture.md: each folder lists what it must never import.
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
  // ---- Import boundaries (architecture.md, "may import") ------------------------------------------
  {
    files: ['electron/domain/**/*.ts'],
    rules: { 'no-restricted-imports': forbid(['electron', ...nodeBuiltins, '**/core/**', '**/main/**', '**/preload/**', '**/web-host/**', '**/cli/**', '**/demo-exchange/**', '**/src/**', 'vue', 'pinia', 'keytar'], 'electron/domain is pure: no I/O, no electron, no other layer.') },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: { 'no-restricted-imports': forbid(['electron', '**/main/**', '**/preload/**', '**/web-host/**', '**/cli/**', '**/src/**', 'vue', 'pinia'], 'electron/core is plain Node: never electron, never a host or the renderer.') },
  },
  {
    files: ['electron/core/**/*.ts'],
    ignores: ['electron/core/vault.ts', 'electron/core/**/*.test.ts'],
    rules: { 'no-restricted-imports': forbid(['electron', 'keytar', '**/main/**', '**/preload/**', '**/web-host/**', '**/cli/**', '**/src/**', 'vue', 'pinia'], 'Only the vault talks to keytar; electron/core never imports electron or a host.') },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: { 'no-restricted-imports': forbid([...nodeBuiltins, 'keytar', '**/core/**', '**/main/**', '**/web-host/**', '**/cli/**', '**/demo-exchange/**', '**/src/**'], 'The preload exposes window.terminal only: domain types and electron, nothing else.') },
  },
  {
    files: ['electron/main/**/*.ts'],
    rules: { 'no-restricted-imports': forbid(['keytar', '**/web-host/**', '**/cli/**', '**/preload/**', '**/src/**', 'vue', 'pinia'], 'electron/main composes core and domain; keytar only through the vault.') },
  },
  {
    files: ['electron/web-host/**/*.ts', 'electron/cli/**/*.ts'],
    rules: { 'no-restricted-imports': forbid(['electron', 'keytar', '**/main/**', '**/preload/**', '**/src/**', 'vue', 'pinia'], 'Hosts use core and domain only; never electron.') },
  },
  {
    files: ['electron/demo-exchange/**/*.ts'],
    rules: { 'no-restricted-imports': forbid(['electron', 'keytar', '**/core/**', '**/main/**', '**/preload/**', '**/web-host/**', '**/cli/**', '**/src/**', '**/domain/order-rules*', '**/domain/fee-rules*', 'vue', 'pinia'], 'The demo exchange is an exchange of its own: domain types and schemas only, so it cannot share a bug with the terminal.') },
  },
  {
    files: ['src/**/*.{ts,vue}'],
    rules: { 'no-restricted-imports': forbid(['electron', ...nodeBuiltins, 'keytar', '**/electron/core/**', '**/electron/main/**', '**/electron/preload/**', '**/electron/web-host/**', '**/electron/cli/**', '**/electron/demo-exchange/**'], 'The renderer reaches the main process only through src/api (window.terminal): never electron, never node:*.') },
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
    // Test helpers live in *.test-util.ts beside the tests; the app must never bundle one. A syntax
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
