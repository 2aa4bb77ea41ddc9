// ESLint (flat config): TypeScript, React's hooks rules, and the import boundaries that keep
// the design readable: shared -> widgets -> host, widgets never import each other, shared never
// imports a widget or the host, the API client never imports the session, and nothing the
// browser runs imports the sandbox.
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const sandbox = { group: ['**/sandbox/**'], message: 'The portal never imports the sandbox (the local API stand-in).' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tests/consumers/*/node_modules/**', 'tests/consumers/*/dist/**', '.sandbox/**', 'test-results/**', '**/*.generated.d.ts'] },
  ...tseslint.configs.recommended,
  {
    // React's hooks rules where React runs (the sandbox's use* functions are not hooks).
    files: ['widgets/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'host/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
      // Declaration merging (a tag map, an event map) extends one interface on purpose.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // The tags' typings allow React 19's custom-element props (for embedders: tests/consumers/react-app), but what the
    // widgets' own React 18 renders (the portal page, a view) gets every prop on a custom element as an attribute and
    // no listener.
    files: ['host/**/*.tsx', 'widgets/**/*.tsx', 'shared/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name=/^sm-/] > JSXAttribute[name.name=/^on/]',
          message: 'React 18 adds no listener for an on* prop on a custom element: use addEventListener (as host/shell/ManageMembership.tsx does).',
        },
        {
          selector: 'JSXOpeningElement[name.name=/^sm-/] > JSXAttribute > JSXExpressionContainer > :matches(ObjectExpression, ArrowFunctionExpression, FunctionExpression, ArrayExpression)',
          message: 'React 18 writes every prop of a custom element as a string attribute: pass text (or set the property through a ref).',
        },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    ignores: ['shared/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/widgets/**', '**/host/**'], message: 'shared/ never imports a widget or the host: move the piece into shared/.' }, sandbox] }],
    },
  },
  {
    files: ['shared/api/**/*.ts'],
    ignores: ['shared/api/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../session/*', '**/shared/session/**'], message: 'The API client is given a token source; it never imports the session.' }, { group: ['**/widgets/**', '**/host/**'], message: 'shared/ never imports a widget or the host.' }, sandbox] }],
    },
  },
  {
    files: ['widgets/**/*.{ts,tsx}'],
    ignores: ['widgets/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!tags$|shared/)[^./]+/', message: 'Widgets never import each other: they meet through the session and DOM events (or move the piece into shared/).' },
            { group: ['**/host/**'], message: 'Widgets never import the host.' },
            sandbox,
          ],
        },
      ],
    },
  },
  {
    files: ['host/**/*.{ts,tsx}'],
    ignores: ['host/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sandbox] }] },
  },
);
