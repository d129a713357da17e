/**
 * One `type` listener on `root` calling handler(event, matched) (this = matched) for events inside
 * an element matching `selector` within `root`. Returns a function that removes the listener.
 */
function delegate(root, type, selector, handler) {
  // Your code here.
  return () => {};
}
