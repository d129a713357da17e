/**
 * Joins strings, numbers, arrays (at any depth) and objects of booleans into a class string,
 * without duplicates.
 */
function classNames(...args) {
  // Your code here.
  return '';
}
