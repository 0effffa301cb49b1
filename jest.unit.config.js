// `npm run test:unit`: the inner loop (about a minute). Leaves out the slow tiers, which only the full check
// (`npm test`, what CI runs) runs: the consumer project (npm pack + install), offline terraform plans,
// the examples (cdktf synth), CRD conformance (5,000 mutations), the lint-rule test (spawns eslint) and
// the synth-warnings test (runs `npm run main`'s script).
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  // Jest's default is one worker per core but one; on a 2-core machine that is a single worker.
  maxWorkers: 2,
  testPathIgnorePatterns: [
    '/node_modules/',
    '<rootDir>/test/consumer/',
    '<rootDir>/test/plan/',
    '<rootDir>/test/examples/',
    '<rootDir>/test/conformance/',
    '<rootDir>/test/testing/plan-summary.test.ts',
    '<rootDir>/test/repo/lint.test.ts',
    '<rootDir>/test/scripts/synth-warnings.test.ts',
  ],
};
