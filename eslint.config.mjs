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

// The rooms of lib/core, bottom up, each with the rooms it may import (besides the core root: issues, json, builder-value).
// Karpenter's order: the API types, then pkg/scheduling, then what uses them. The lints stand above the simulator because
// the catalog lints and the budget check ask it; validation runs the lints; the definitions validate themselves.
const CORE_ROOMS = {
  shared: [],
  model: ['shared'],
  aws: ['shared'],
  scheduling: ['shared', 'model'],
  sim: ['shared', 'model', 'scheduling'],
  lints: ['shared', 'model', 'scheduling', 'sim'],
  validation: ['shared', 'model', 'scheduling', 'sim', 'lints'],
  api: ['shared', 'model', 'scheduling', 'sim', 'lints', 'validation'],
  migrate: ['shared', 'model', 'validation'],
  // Drift reads the requirement algebra and the simulator's selectors; nothing below imports it.
  drift: ['shared', 'model', 'scheduling', 'sim'],
  controller: ['shared', 'model', 'aws'],
};

const CORE_ROOM_ZONES = Object.entries(CORE_ROOMS).map(([room, allowed]) => ({
  target: `./lib/core/${room}`,
  from: Object.keys(CORE_ROOMS)
    .filter((other) => other !== room && !allowed.includes(other))
    .map((other) => `./lib/core/${other}`),
  message:
    `lib/core/${room} imports only ${allowed.length > 0 ? allowed.map((a) => `lib/core/${a}`).join(', ') : 'the core root'}; ` +
    'move what both need into the lower room (the order is in CONTRIBUTING, Layers).',
}));

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
            ...CORE_ROOM_ZONES,
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
    // Rooms stay small enough to read: split a long file into rooms and a long function into named helpers
    // (CONTRIBUTING, Style). Every line counts, blank lines and comments included.
    files: ['lib/**/*.ts', 'bin/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    // Tests and scripts poke at synthesized JSON, whose shape is the provider's, not ours.
    files: ['test/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // No test file over 500 lines, every line counted: split a test by topic, a case table by upstream file or topic.
    files: ['test/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
);
