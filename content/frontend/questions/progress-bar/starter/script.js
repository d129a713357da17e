/**
 * Renders an accessible progress bar into `container`.
 * Returns { setValue(v), getValue(), element }.
 */
function createProgressBar(container, { label, value = 0, max = 100 } = {}) {
  // Your code here.
  const element = document.createElement('div');
  container.appendChild(element);
  return { setValue: () => {}, getValue: () => value, element };
}
