/**
 * Returns a function that calls `fn` once `wait` ms have passed since its last call.
 * The returned function has a `cancel()` method.
 */
function debounce(fn, wait) {
  // Your code here.
}
