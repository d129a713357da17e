/**
 * Like Promise.all: fulfils with every result in input order, or rejects with the first rejection.
 */
function promiseAll(iterable) {
  // Your code here.
  return Promise.resolve([]);
}
