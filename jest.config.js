/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Type checking runs once in `npm run typecheck`; transpiling per file keeps jest fast.
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  testTimeout: 30000,
};
