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
// ES-module-only packages (arctic and its @oslojs dependencies) are compiled to CommonJS for jest; the
// built services load them with a dynamic import instead.
const esmPackages = ['arctic', '@oslojs', 'pixelmatch'];
const swcEsm = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const project = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': swc,
    [`/node_modules/(${esmPackages.join('|')})/.+\\.m?js$`]: swcEsm,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: { '^@app/([a-z-]+)$': '<rootDir>/../$1/src' },
  testEnvironment: 'node',
});
module.exports = {
  projects: ['contracts', 'infra/server-kit', 'command-service', 'projection-service', 'infra', 'tests'].map(
    (name) => ({
      ...project(name),
      rootDir: `${__dirname}/${name}`,
      moduleNameMapper: {
        '^@app/server-kit$': `${__dirname}/infra/server-kit/src`,
        '^@app/([a-z-]+)$': `${__dirname}/$1/src`,
        // infra's scripts load the command-service's build (`@app/command-service/dist/...`): its source here.
        '^@app/([a-z-]+)/dist/(.*)$': `${__dirname}/$1/src/$2`,
        '^@app/([a-z-]+)/(.*)$': `${__dirname}/$1/src/$2`,
      },
    }),
  ),
  globalSetup: '<rootDir>/tests/jest/global-setup.js',
  globalTeardown: '<rootDir>/tests/jest/global-teardown.js',
  testTimeout: 60000,
};
