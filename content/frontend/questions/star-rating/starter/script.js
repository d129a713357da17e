/**
 * Renders an accessible star rating (a radio group of buttons) into `container`.
 * Returns { getValue(), setValue(n) }.
 */
function createStarRating(container, { max = 5, value = 0, onChange } = {}) {
  // Your code here.
  return { getValue: () => value, setValue: () => {} };
}
