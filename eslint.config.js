// ESLint (flat config): TypeScript, React's hooks rules, and the import boundaries that keep
// the design readable: shared -> widgets -> host, widgets never import each other, shared never
// imports a widget or the host, the API client never imports the session, nothing the
// browser runs imports the sandbox, and no module reaches itself through its imports.
import { readFileSync, statSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// TypeScript's resolution (tsconfig.json's paths, `.js` naming a `.ts`), for both circle rules below.
const resolver = createTypeScriptImportResolver({ project: 'tsconfig.json' });
/** The project's own TypeScript file an import names, if it is one. */
function projectFile(source, from) {
  const found = resolver.resolve(source, from);
  return found.found && found.path && !found.path.includes('node_modules') && /\.tsx?$/.test(found.path)
    ? found.path
    : undefined;
}

/** Each file's static imports (of the project's files), kept while the file is unchanged. */
const importsKnown = new Map();
function importsOf(file) {
  const { mtimeMs } = statSync(file);
  const known = importsKnown.get(file);
  if (known?.mtimeMs === mtimeMs) return known.files;
  let body = [];
  try {
    body = tseslint.parser.parseForESLint(readFileSync(file, 'utf8'), { filePath: file, jsx: file.endsWith('.tsx') })
      .ast.body;
  } catch {
    // A file that does not parse gets its own parse error when it is linted.
  }
  const files = body
    .filter((node) => node.source)
    .map((node) => projectFile(node.source.value, file))
    .filter(Boolean);
  importsKnown.set(file, { mtimeMs, files });
  return files;
}

/** Whether `to` is reached from `from` through imports of any kind. */
function leadsTo(from, to) {
  const seen = new Set();
  const next = [from];
  while (next.length) {
    const file = next.pop();
    if (file === to) return true;
    if (seen.has(file)) continue;
    seen.add(file);
    next.push(...importsOf(file));
  }
  return false;
}

const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => (s.importKind ?? s.exportKind) === 'type'));

/**
 * import-x/no-cycle follows only imports that run, so it misses a circle that passes through an `import type`; such a
 * circle is still two modules neither of which can be read (or moved) without the other. This rule reports those, at
 * the type-only import whose module leads back to the file; together the two rules report every circle.
 */
const noTypeCycle = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cycle: 'Import circle: {{file}} leads back to this file (through a type-only import).' },
  },
  create(context) {
    const check = (node) => {
      if (!node.source || !typeOnly(node)) return;
      const file = projectFile(node.source.value, context.filename);
      if (file && leadsTo(file, context.filename))
        context.report({ node, messageId: 'cycle', data: { file: node.source.value } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

const sandbox = { group: ['**/sandbox/**'], message: 'The portal never imports the sandbox (the local API stand-in).' };

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'tests/consumers/*/node_modules/**',
      'tests/consumers/*/dist/**',
      '.sandbox/**',
      'test-results/**',
      '**/*.generated.d.ts',
    ],
  },
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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
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
          message:
            'React 18 adds no listener for an on* prop on a custom element: use addEventListener (as host/shell/ManageMembership.tsx does).',
        },
        {
          selector:
            'JSXOpeningElement[name.name=/^sm-/] > JSXAttribute > JSXExpressionContainer > :matches(ObjectExpression, ArrowFunctionExpression, FunctionExpression, ArrayExpression)',
          message:
            'React 18 writes every prop of a custom element as a string attribute: pass text (or set the property through a ref).',
        },
      ],
    },
  },
  {
    // No import circles: a module that reaches itself through its imports runs with half-initialised bindings in one
    // order and works in another, the bundler's chunk groups can no longer be read as layers, and neither module can
    // be understood alone. Test files are left out: nothing imports them.
    files: ['{widgets,shared,host,sandbox,tools}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX, local: { rules: { 'no-type-cycle': noTypeCycle } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [resolver],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }], 'local/no-type-cycle': 'error' },
  },
  {
    // A file a newcomer can hold: past 400 lines, split it (one model per view, as widgets/subscribe and widgets/login
    // are). Tests and the generated typings are left out.
    files: ['{widgets,shared,host}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.generated.d.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    ignores: ['shared/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/widgets/**', '**/host/**'],
              message: 'shared/ never imports a widget or the host: move the piece into shared/.',
            },
            sandbox,
          ],
        },
      ],
    },
  },
  {
    files: ['shared/api/**/*.ts'],
    ignores: ['shared/api/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../session/*', '**/shared/session/**'],
              message: 'The API client is given a token source; it never imports the session.',
            },
            { group: ['**/widgets/**', '**/host/**'], message: 'shared/ never imports a widget or the host.' },
            sandbox,
          ],
        },
      ],
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
            {
              regex: '^\\.\\./(?!tags$|shared/)[^./]+/',
              message:
                'Widgets never import each other: they meet through the session and DOM events (or move the piece into shared/).',
            },
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
