/**
 * Renders a todo list with a form, filters (all, active, completed) and a count into `root`.
 * Returns { getTodos() }: [{ text, done }] in the order added.
 */
function createTodoApp(root) {
  // Your code here.
  return { getTodos: () => [] };
}
