/** One jest run for the services, contracts and cross-service suites. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const project = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: { '^@app/([a-z-]+)$': '<rootDir>/../$1/src' },
  testEnvironment: 'node',
});
module.exports = {
  projects: ['contracts', 'command-service', 'projection-service', 'infra', 'tests'].map((name) => ({
    ...project(name),
    rootDir: `${__dirname}/${name}`,
    moduleNameMapper: {
      '^@app/([a-z-]+)$': `${__dirname}/$1/src`,
      '^@app/([a-z-]+)/(.*)$': `${__dirname}/$1/src/$2`,
    },
  })),
  globalSetup: '<rootDir>/tests/jest/global-setup.js',
  globalTeardown: '<rootDir>/tests/jest/global-teardown.js',
  testTimeout: 60000,
};
