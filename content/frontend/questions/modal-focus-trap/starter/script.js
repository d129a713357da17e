/**
 * Turns a hidden element into an accessible modal dialog (focus moved in and trapped, background
 * inert, Escape and [data-close] close it, focus returned). Returns { open(), close(), isOpen() }.
 */
function createModal(dialog, { onClose } = {}) {
  // Your code here.
  return {
    open() {
      dialog.hidden = false;
    },
    close() {
      dialog.hidden = true;
    },
    isOpen: () => !dialog.hidden,
  };
}
