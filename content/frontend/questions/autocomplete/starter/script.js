/**
 * A combobox suggestion list for `input`: source(query) -> Promise<string[]>, onSelect(text).
 * Returns { close() }.
 */
function createAutocomplete(input, { source, onSelect }) {
  // Your code here.
  return { close() {} };
}
