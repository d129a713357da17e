const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function createModal(dialog, { onClose } = {}) {
  let previous = null;
  let open = false;
  let madeInert = [];

  const focusables = () =>
    [...dialog.querySelectorAll(FOCUSABLE)].filter((element) => !element.closest('[hidden]'));

  function onKeydown(event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables();
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  function onClick(event) {
    if (event.target.closest('[data-close]')) close();
  }

  function show() {
    if (open) return;
    open = true;
    previous = document.activeElement;
    dialog.hidden = false;
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    madeInert = [...document.body.children].filter(
      (element) => element !== dialog && !element.contains(dialog) && !element.inert,
    );
    madeInert.forEach((element) => (element.inert = true));
    document.addEventListener('keydown', onKeydown);
    dialog.addEventListener('click', onClick);
    const [first] = focusables();
    if (first) first.focus();
    else {
      dialog.tabIndex = -1;
      dialog.focus();
    }
  }

  function close() {
    if (!open) return;
    open = false;
    dialog.hidden = true;
    madeInert.forEach((element) => (element.inert = false));
    madeInert = [];
    document.removeEventListener('keydown', onKeydown);
    dialog.removeEventListener('click', onClick);
    if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus();
    if (onClose) onClose();
  }

  return { open: show, close, isOpen: () => open };
}

document.addEventListener('DOMContentLoaded', () => {
  const dialog = document.getElementById('subscribe-dialog');
  const button = document.getElementById('open-dialog');
  if (!dialog || !button) return;
  const modal = createModal(dialog);
  button.addEventListener('click', () => modal.open());
});
