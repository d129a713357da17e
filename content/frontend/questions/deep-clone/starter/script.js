/**
 * Returns a deep copy of `value`: objects, arrays, Date, RegExp, Map, Set, cycles and shared
 * references, prototypes and symbol keys.
 */
function deepClone(value) {
  // Your code here.
  return value;
}
