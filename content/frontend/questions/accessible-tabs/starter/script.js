/**
 * Renders accessible tabs (WAI-ARIA tabs pattern, automatic activation) into `container`.
 * `items`: [{ label, content }]. Returns { select(index), getSelected() }.
 */
function createTabs(container, items, { initial = 0 } = {}) {
  // Your code here.
  return { select: () => {}, getSelected: () => initial };
}
