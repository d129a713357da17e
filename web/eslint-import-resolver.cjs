/*
 * Resolves the web's imports for eslint-plugin-boundaries (the resolver interface of eslint-module-utils,
 * version 2): `@/…` is web/src/… and `@app/contracts` the contracts' source, as tsconfig.json's paths and
 * vite.config.ts's aliases say; everything else goes to the node resolver with TypeScript's extensions.
 */
const path = require('node:path');

// The node resolver comes with eslint-plugin-boundaries: found from there, wherever npm placed it.
const nodeResolver = require(
  require.resolve('eslint-import-resolver-node', { paths: [require.resolve('eslint-plugin-boundaries')] }),
);

const sourceRoot = path.join(__dirname, 'src');
const contractsEntry = path.join(__dirname, '..', 'contracts', 'src', 'index.ts');
const extensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  if (source === '@app/contracts') return { found: true, path: contractsEntry };
  const target = source.startsWith('@/') ? path.join(sourceRoot, source.slice(2)) : source;
  return nodeResolver.resolve(target, file, { extensions });
};
