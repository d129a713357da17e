/**
 * The descendants of `root` having every class of `classNames`, in document order, as an array.
 * Walk the tree yourself (no getElementsByClassName, querySelector(All) or matches).
 */
function getElementsByClassName(root, classNames) {
  // Your code here.
  return [];
}
