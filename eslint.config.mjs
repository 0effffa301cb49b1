// Lint runs in `npm test`. The rules that guard the architecture: lib/core stays pure TypeScript
// (no cdktf, constructs or provider import), and no module imports itself through a cycle.
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';

const FRAMEWORK_IMPORTS = {
  patterns: [
    {
      group: ['cdktf', 'cdktf/*', 'constructs', 'constructs/*', '@cdktf/*', 'cdktn', 'cdktn/*', '@cdktn/*'],
      message: 'lib/core is pure TypeScript: plan in the core, build resources in a construct outside lib/core.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'cdktf.out/', '**/cdktf.out/', 'coverage/', 'bench-out/', '**/.gen/', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  // Before our rules: it turns off max-len, which we keep for what prettier cannot wrap (strings); regexes and URLs are exempt.
  prettier,
  {
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle parses the files it follows: without a TypeScript parser for .ts it silently finds nothing.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.dev.json' })],
    },
    rules: {
      'max-len': ['error', { code: 150, ignoreUrls: true, ignoreRegExpLiterals: true }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './lib/core',
              from: ['./lib/aws', './lib/controller', './lib/manifests', './lib/private', './lib/testing', './lib/cli', './lib/index.ts'],
              message: 'lib/core must not import construct-side modules; move the shared type into lib/core.',
            },
            // Inside the core: shared at the bottom; api and aws side by side above it; scheduling (the requirement algebra) under
            // api's lints and sim; sim above api; controller on top.
            {
              target: './lib/core/shared',
              from: ['./lib/core/api', './lib/core/aws', './lib/core/controller', './lib/core/scheduling', './lib/core/sim'],
              message: 'lib/core/shared is the bottom layer of the core; it imports only the core root (issues, json).',
            },
            {
              // The catalog lints live in sim and read api; a caller above both composes them.
              target: './lib/core/api',
              from: ['./lib/core/aws', './lib/core/controller', './lib/core/sim'],
              message:
                'lib/core/api must not import lib/core/aws, lib/core/controller or lib/core/sim; move what both need into lib/core/shared, ' +
                'or put a check that needs the catalog into lib/core/sim.',
            },
            {
              // Karpenter's pkg/scheduling: the requirement algebra below the lints (api) and the simulator.
              target: './lib/core/scheduling',
              from: ['./lib/core/aws', './lib/core/controller', './lib/core/sim'],
              message: 'lib/core/scheduling is the requirement algebra under api and sim; it must not import lib/core/aws, controller or sim.',
            },
            {
              target: './lib/core/scheduling',
              from: './lib/core/api',
              except: ['./labels.ts', './requirements.ts'],
              message: "lib/core/scheduling reads only the manifest model's labels and operators from lib/core/api, never its checks.",
            },
            {
              target: './lib/core/aws',
              from: ['./lib/core/api', './lib/core/controller', './lib/core/scheduling', './lib/core/sim'],
              message: 'lib/core/aws must not import lib/core/api, lib/core/controller or lib/core/sim; move what both need into lib/core/shared.',
            },
            {
              target: './lib/core/sim',
              from: ['./lib/core/aws', './lib/core/controller'],
              message: 'lib/core/sim must not import lib/core/aws or lib/core/controller.',
            },
            {
              target: './lib/core/controller',
              from: ['./lib/core/scheduling', './lib/core/sim'],
              message: 'lib/core/controller must not import lib/core/scheduling or lib/core/sim.',
            },
            {
              target: './lib/private',
              from: ['./lib/aws', './lib/controller', './lib/manifests', './lib/testing', './lib/cli', './lib/index.ts'],
              message: 'lib/private holds helpers for every construct folder; it must not import them (move the code to its user).',
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['lib/core/**/*.ts'], rules: { 'no-restricted-imports': ['error', FRAMEWORK_IMPORTS] } },
  {
    // Tests and scripts poke at synthesized JSON, whose shape is the provider's, not ours.
    files: ['test/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
