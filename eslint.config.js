import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const subfolders = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

// Features never import each other or the app that composes them (bulletproof-react).
const webFeatureZones = subfolders('apps/web/src/features').flatMap((feature) => [
  {
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in src/app.',
  },
]);

// A server module reaches another through its service or its index.ts, never its repository
// (issue 24): the other module's rules about its records stay with it.
const serverModuleZones = subfolders('apps/server/src/modules').map((module) => ({
  target: `./apps/server/src/modules/${module}`,
  from: path.resolve(import.meta.dirname, 'apps/server/src/modules/*/*.repository.ts'),
  except: [path.resolve(import.meta.dirname, `apps/server/src/modules/${module}/*.repository.ts`)],
  message: `Reach another module through its service or its index.ts, not its repository.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      '.screenshots/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    plugins: { 'import-x': importX },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: {
      // Without these the plugin reads only .js modules: no-cycle and the zones never see a .ts
      // file (lint.test.ts proves they do).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.json'],
        }),
      ],
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify plugins are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/shared',
              from: './apps',
              message: 'The shared package stands alone.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'Talk to the server over HTTP.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server never imports the SPA.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app; the app composes them.',
            },
            ...webFeatureZones,
            // The layers every feature uses never depend on one (issue 40; bulletproof-react's
            // unidirectional rule): a feature's code they need moves down into them.
            ...['components', 'lib', 'config'].map((layer) => ({
              target: `./apps/web/src/${layer}`,
              from: './apps/web/src/features',
              message: `${layer} serves the features; it never imports one.`,
            })),
            ...serverModuleZones,
            // Outside the modules (the CLI, the plugins, the engine, lib, db), a module is
            // reached through its service or its index.ts too (issue 40): its rules stay in it.
            ...subfolders('apps/server/src')
              .filter((folder) => folder !== 'modules')
              .map((folder) => ({
                target: `./apps/server/src/${folder}`,
                from: path.resolve(
                  import.meta.dirname,
                  'apps/server/src/modules/*/*.repository.ts',
                ),
                message: `Reach a module through its service or its index.ts, not its repository.`,
              })),
            {
              target: './apps/server/src/lib',
              from: './apps/server/src/modules',
              message: 'lib serves the modules; it never imports one.',
            },
            {
              target: './apps/server/src/db',
              from: './apps/server/src/modules',
              message: 'The database layer never imports a module.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON answers on purpose; the assertions are the type check.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // Module augmentation needs an interface.
    files: ['apps/server/src/app.ts', 'apps/server/src/plugins/*.ts', 'apps/web/src/lib/theme.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    // The web branches on a refusal's reason (issue 38), never on its words: a message is for
    // people and may be reworded, while `reason` is the contract (docs/decisions/072).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'BinaryExpression[operator=/^[!=]==?$/] > MemberExpression.left[property.name="message"]',
          'BinaryExpression[operator=/^[!=]==?$/] > MemberExpression.right[property.name="message"]',
          'CallExpression[callee.object.property.name="message"][callee.property.name=/^(includes|startsWith|endsWith|match|localeCompare)$/]',
          'CallExpression[callee.property.name=/^(test|exec|includes)$/] > MemberExpression.arguments[property.name="message"]',
          'SwitchStatement > MemberExpression.discriminant[property.name="message"]',
        ].map((selector) => ({
          selector,
          message:
            "Branch on the error's reason (isRefusedFor), not on its message: the words may change.",
        })),
      ],
    },
  },
  {
    // A route plugin is handed the services it names (routes-using.ts, issue 40); what the app
    // carries (its configuration, version and clock) is named the same way, so a module's
    // routes show all they depend on at their top.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[object.name="app"][property.name=/^(clock|env|appVersion)$/]',
          message: 'Name what the routes use in routesUsing; do not read it off the app.',
        },
        {
          selector: 'MemberExpression[object.name="request"][property.name="server"]',
          message: 'request.server reaches every decoration; name the service in routesUsing.',
        },
      ],
    },
  },
  {
    // What every signed-in first screen renders loads its parts with lazyComponent: React.lazy
    // suspends its first render even once its chunk is in, and React then holds the page back
    // 300 ms after the fallback it showed (docs/decisions/083).
    files: [
      'apps/web/src/app/routes/protected-layout.tsx',
      'apps/web/src/app/routes/signed-in-shell.tsx',
      'apps/web/src/features/shell/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                'A first screen loads its parts with lazyComponent (lib/lazy-component.ts): React.lazy suspends even once loaded, and the page waits 300 ms more.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
);
