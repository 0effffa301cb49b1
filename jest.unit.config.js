// `npm run test:unit`: the inner loop (figures in CONTRIBUTING.md, Set-up). Leaves out the slow tiers, which only the
// full check (`npm test`, what CI runs) runs: the consumer project (npm pack + install), offline terraform plans,
// the examples (cdktf synth), CRD conformance (5,000 mutations), the lint-rule test (spawns eslint), the
// synth-warnings test (runs `npm run main`'s script), the Helm tier (spawns helm on the released charts); the two
// tests that build a TypeScript program over the sources, a type check's cost, as `npm run typecheck` (also only in
// `npm test`): the API report and the message-props check; and the seeded property tests of topology (40 random
// clusters a key), of the requirement algebra (2,000 random triples) and of the fast YAML reader (1,400 documents).
// In the cold baseline (2 cores) these took 60 of the 259 s summed over the unit suites.
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
    '<rootDir>/test/helm/',
    '<rootDir>/test/testing/plan-summary.test.ts',
    '<rootDir>/test/repo/lint.test.ts',
    '<rootDir>/test/scripts/synth-warnings.test.ts',
    '<rootDir>/test/api-report.test.ts',
    '<rootDir>/test/aws/message-props.test.ts',
    '<rootDir>/test/core/sim/topology-properties.test.ts',
    '<rootDir>/test/core/scheduling/requirements-properties.test.ts',
    '<rootDir>/test/cli/fast-yaml-properties.test.ts',
  ],
};
