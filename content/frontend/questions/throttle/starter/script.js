/**
 * Returns a function that calls `fn` at most once per `interval` ms: the first call at once, the
 * latest call made during the interval when it ends. The returned function has a `cancel()` method.
 */
function throttle(fn, interval) {
  // Your code here.
}
