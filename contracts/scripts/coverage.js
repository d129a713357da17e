/*
 * Writes the coverage table (src/api/coverage.ts) into README.md, from the built contracts:
 * `npm run -w contracts coverage` builds them first.
 */
const fs = require('node:fs');
const path = require('node:path');
const { withCoverage } = require('../dist/api/coverage');

const readme = path.join(__dirname, '..', 'README.md');
const before = fs.readFileSync(readme, 'utf8');
const after = withCoverage(before);
if (after === before) {
  console.log('README.md: the coverage table is up to date.');
} else {
  fs.writeFileSync(readme, after);
  console.log('README.md: coverage table written.');
}
