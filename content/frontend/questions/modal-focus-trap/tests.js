describe('createModal', () => {
  let opener;
  let outside;
  let dialog;
  let modal;
  let closed;
  beforeEach(() => {
    opener = document.createElement('button');
    opener.textContent = 'Open';
    outside = document.createElement('div');
    outside.innerHTML = '<a href="#x">outside link</a>';
    dialog = document.createElement('div');
    dialog.hidden = true;
    dialog.innerHTML =
      '<h2>Title</h2>' +
      '<button id="m-first">First</button>' +
      '<input id="m-input" />' +
      '<div hidden><button id="m-hidden">Hidden</button></div>' +
      '<button id="m-disabled" disabled>Disabled</button>' +
      '<button id="m-last" data-close>Close</button>';
    document.body.append(opener, outside, dialog);
    closed = 0;
    modal = createModal(dialog, { onClose: () => closed++ });
    opener.focus();
  });
  afterEach(() => {
    if (modal.isOpen()) modal.close();
    opener.remove();
    outside.remove();
    dialog.remove();
  });

  const press = (key, shiftKey = false) => {
    const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
    (document.activeElement || document.body).dispatchEvent(event);
    return event;
  };

  it('shows the dialog with its role and focuses its first focusable element', () => {
    modal.open();
    expect(modal.isOpen()).to.equal(true);
    expect(dialog.hidden).to.equal(false);
    expect(dialog.getAttribute('role')).to.equal('dialog');
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(document.activeElement.id).to.equal('m-first');
  });

  it('makes the rest of the page inert, and only while open', () => {
    const alreadyInert = document.createElement('div');
    alreadyInert.inert = true;
    document.body.appendChild(alreadyInert);
    modal.open();
    expect(outside.inert).to.equal(true);
    expect(opener.inert).to.equal(true);
    expect(dialog.inert).to.equal(false);
    modal.close();
    expect(outside.inert).to.equal(false);
    expect(alreadyInert.inert).to.equal(true);
    alreadyInert.remove();
  });

  it('wraps Tab from the last focusable element to the first', () => {
    modal.open();
    document.getElementById('m-last').focus();
    const event = press('Tab');
    expect(event.defaultPrevented).to.equal(true);
    expect(document.activeElement.id).to.equal('m-first');
  });

  it('wraps Shift+Tab from the first focusable element to the last, skipping hidden and disabled ones', () => {
    modal.open();
    const event = press('Tab', true);
    expect(event.defaultPrevented).to.equal(true);
    expect(document.activeElement.id).to.equal('m-last');
  });

  it('leaves Tab to the browser between the edges', () => {
    modal.open();
    document.getElementById('m-input').focus();
    expect(press('Tab').defaultPrevented).to.equal(false);
  });

  it('closes on Escape, returns focus and calls onClose', () => {
    modal.open();
    press('Escape');
    expect(modal.isOpen()).to.equal(false);
    expect(dialog.hidden).to.equal(true);
    expect(document.activeElement).to.equal(opener);
    expect(closed).to.equal(1);
  });

  it('closes from a [data-close] element', () => {
    modal.open();
    document.getElementById('m-last').click();
    expect(modal.isOpen()).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('stops listening once closed and ignores repeated calls', () => {
    modal.open();
    modal.open();
    modal.close();
    modal.close();
    expect(closed).to.equal(1);
    expect(document.activeElement).to.equal(opener);
    document.getElementById('m-last').focus();
    expect(press('Tab').defaultPrevented).to.equal(false);
  });

  it('focuses the dialog itself when it holds nothing focusable', () => {
    const empty = document.createElement('div');
    empty.hidden = true;
    empty.innerHTML = '<p>Saved.</p>';
    document.body.appendChild(empty);
    const notice = createModal(empty);
    notice.open();
    expect(document.activeElement).to.equal(empty);
    expect(empty.getAttribute('tabindex')).to.equal('-1');
    notice.close();
    empty.remove();
  });
});
