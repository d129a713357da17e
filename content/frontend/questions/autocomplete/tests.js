describe('createAutocomplete', () => {
  let input;
  let selected;
  const countries = ['France', 'Finland', 'Fiji', 'Faroe Islands', 'Germany', 'Ghana'];
  const source = (query) =>
    Promise.resolve(countries.filter((name) => name.toLowerCase().startsWith(query.toLowerCase())));
  const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

  beforeEach(() => {
    input = document.createElement('input');
    document.body.appendChild(input);
    selected = [];
    input.focus();
  });
  afterEach(() => {
    const list = input.nextElementSibling;
    if (list) list.remove();
    input.remove();
  });

  const type = (text) => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const press = (key) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    input.dispatchEvent(event);
    return event;
  };
  const list = () => input.nextElementSibling;
  const options = () => [...list().querySelectorAll('[role="option"]')];

  it('sets up the combobox and a hidden listbox right after the input', () => {
    createAutocomplete(input, { source });
    expect(input.getAttribute('role')).to.equal('combobox');
    expect(input.getAttribute('aria-autocomplete')).to.equal('list');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(list().getAttribute('role')).to.equal('listbox');
    expect(list().hidden).to.equal(true);
    expect(input.getAttribute('aria-controls')).to.equal(list().id);
    expect(list().id).to.not.equal('');
  });

  it('shows the suggestions of the trimmed query', async () => {
    const queries = [];
    createAutocomplete(input, { source: (q) => (queries.push(q), source(q)) });
    type('  fi ');
    await tick();
    expect(queries).to.deep.equal(['fi']);
    expect(options().map((o) => o.textContent)).to.deep.equal(['Finland', 'Fiji']);
    expect(list().hidden).to.equal(false);
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    const ids = options().map((o) => o.id);
    expect(new Set(ids).size).to.equal(2);
    expect(ids.every(Boolean)).to.equal(true);
  });

  it('shows at most 10 suggestions and closes when there are none', async () => {
    createAutocomplete(input, {
      source: () => Promise.resolve(Array.from({ length: 15 }, (_, i) => 'item ' + i)),
    });
    type('item');
    await tick();
    expect(options()).to.have.length(10);
    const empty = document.createElement('input');
    document.body.appendChild(empty);
    createAutocomplete(empty, { source: () => Promise.resolve([]) });
    empty.value = 'zz';
    empty.dispatchEvent(new Event('input'));
    await tick();
    expect(empty.nextElementSibling.hidden).to.equal(true);
    expect(empty.getAttribute('aria-expanded')).to.equal('false');
    empty.nextElementSibling.remove();
    empty.remove();
  });

  it('ignores a response that arrives after a newer query', async () => {
    const slow = (query) =>
      new Promise((resolve) => setTimeout(() => resolve(source(query)), query === 'f' ? 80 : 10));
    createAutocomplete(input, { source: slow });
    type('f');
    type('fr');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(options().map((o) => o.textContent)).to.deep.equal(['France']);
  });

  it('moves the highlight with the arrow keys, wrapping, and keeps focus in the input', async () => {
    createAutocomplete(input, { source });
    type('f');
    await tick();
    expect(press('ArrowDown').defaultPrevented).to.equal(true);
    expect(options()[0].getAttribute('aria-selected')).to.equal('true');
    expect(input.getAttribute('aria-activedescendant')).to.equal(options()[0].id);
    press('ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).to.equal(options()[3].id);
    expect(options().filter((o) => o.getAttribute('aria-selected') === 'true')).to.have.length(1);
    press('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).to.equal(options()[0].id);
    expect(document.activeElement).to.equal(input);
  });

  it('selects the highlighted option with Enter', async () => {
    createAutocomplete(input, { source, onSelect: (text) => selected.push(text) });
    type('f');
    await tick();
    press('ArrowDown');
    press('ArrowDown');
    const enter = press('Enter');
    expect(enter.defaultPrevented).to.equal(true);
    expect(input.value).to.equal('Finland');
    expect(selected).to.deep.equal(['Finland']);
    expect(list().hidden).to.equal(true);
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(input.hasAttribute('aria-activedescendant')).to.equal(false);
  });

  it('leaves Enter alone without a highlight', async () => {
    createAutocomplete(input, { source, onSelect: (text) => selected.push(text) });
    type('f');
    await tick();
    expect(press('Enter').defaultPrevented).to.equal(false);
    expect(selected).to.deep.equal([]);
  });

  it('closes on Escape and on an empty query', async () => {
    createAutocomplete(input, { source });
    type('g');
    await tick();
    press('Escape');
    expect(list().hidden).to.equal(true);
    type('g');
    await tick();
    expect(list().hidden).to.equal(false);
    type('   ');
    await tick();
    expect(list().hidden).to.equal(true);
  });

  it('selects an option on mousedown', async () => {
    createAutocomplete(input, { source, onSelect: (text) => selected.push(text) });
    type('g');
    await tick();
    options()[1].dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    expect(input.value).to.equal('Ghana');
    expect(selected).to.deep.equal(['Ghana']);
  });
});
