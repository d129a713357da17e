describe('createTabs', () => {
  let container;
  const items = [
    { label: 'Profile', content: 'Your name and photo.' },
    { label: 'Security', content: 'Password and two-factor authentication.' },
    { label: 'Billing', content: 'Invoices and payment methods.' },
  ];
  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
  });
  afterEach(() => container.remove());

  const tabs = () => [...container.querySelectorAll('[role="tab"]')];
  const panels = () => [...container.querySelectorAll('[role="tabpanel"]')];
  const press = (element, key) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    element.dispatchEvent(event);
    return event;
  };

  it('renders a tablist of button tabs and one panel per item', () => {
    createTabs(container, items);
    expect(container.querySelectorAll('[role="tablist"]')).to.have.length(1);
    expect(tabs().map((tab) => tab.textContent)).to.deep.equal(['Profile', 'Security', 'Billing']);
    expect(tabs().every((tab) => tab.tagName === 'BUTTON')).to.equal(true);
    expect(panels().map((panel) => panel.textContent)).to.deep.equal(items.map((item) => item.content));
  });

  it('links every tab and panel both ways with unique ids', () => {
    createTabs(container, items);
    const other = document.createElement('div');
    document.body.appendChild(other);
    createTabs(other, items);
    const ids = [...document.querySelectorAll('[role="tab"], [role="tabpanel"]')].map((e) => e.id);
    other.remove();
    expect(new Set(ids).size).to.equal(ids.length);
    expect(ids.every(Boolean)).to.equal(true);
    tabs().forEach((tab, i) => {
      expect(tab.getAttribute('aria-controls')).to.equal(panels()[i].id);
      expect(panels()[i].getAttribute('aria-labelledby')).to.equal(tab.id);
    });
  });

  it('selects the initial tab, with one tab stop and one visible panel', () => {
    const api = createTabs(container, items, { initial: 1 });
    expect(api.getSelected()).to.equal(1);
    expect(tabs().map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal(['false', 'true', 'false']);
    expect(tabs().map((tab) => tab.tabIndex)).to.deep.equal([-1, 0, -1]);
    expect(panels().map((panel) => panel.hidden)).to.deep.equal([true, false, true]);
    expect(panels().every((panel) => panel.tabIndex === 0)).to.equal(true);
  });

  it('selects a tab on click', () => {
    const api = createTabs(container, items);
    tabs()[2].click();
    expect(api.getSelected()).to.equal(2);
    expect(panels()[2].hidden).to.equal(false);
    expect(panels()[0].hidden).to.equal(true);
  });

  it('moves with the arrow keys, wrapping around, and focuses the tab', () => {
    const api = createTabs(container, items);
    tabs()[0].focus();
    const event = press(tabs()[0], 'ArrowLeft');
    expect(api.getSelected()).to.equal(2);
    expect(event.defaultPrevented).to.equal(true);
    expect(document.activeElement).to.equal(tabs()[2]);
    press(tabs()[2], 'ArrowRight');
    expect(api.getSelected()).to.equal(0);
    press(tabs()[0], 'ArrowRight');
    expect(api.getSelected()).to.equal(1);
    expect(document.activeElement).to.equal(tabs()[1]);
  });

  it('goes to the first and last tab with Home and End', () => {
    const api = createTabs(container, items, { initial: 1 });
    press(tabs()[1], 'End');
    expect(api.getSelected()).to.equal(2);
    press(tabs()[2], 'Home');
    expect(api.getSelected()).to.equal(0);
  });

  it('ignores other keys', () => {
    const api = createTabs(container, items);
    const event = press(tabs()[0], 'a');
    expect(api.getSelected()).to.equal(0);
    expect(event.defaultPrevented).to.equal(false);
  });

  it('clamps initial and select()', () => {
    const api = createTabs(container, items, { initial: 9 });
    expect(api.getSelected()).to.equal(2);
    api.select(-4);
    expect(api.getSelected()).to.equal(0);
    expect(panels()[0].hidden).to.equal(false);
  });
});
