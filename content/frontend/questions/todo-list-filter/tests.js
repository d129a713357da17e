describe('createTodoApp', () => {
  let root;
  let app;
  beforeEach(() => {
    root = document.createElement('div');
    document.body.appendChild(root);
    app = createTodoApp(root);
  });
  afterEach(() => root.remove());

  const add = (text) => {
    root.querySelector('.todo__input').value = text;
    root.querySelector('.todo__form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  };
  const items = () => [...root.querySelectorAll('.todo__item')];
  const texts = () => items().map((item) => item.querySelector('.todo__text').textContent);
  const toggle = (index) => {
    const checkbox = items()[index].querySelector('.todo__toggle');
    checkbox.checked = !checkbox.checked;
    checkbox.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const filterBy = (name) => root.querySelector('[data-filter="' + name + '"]').click();
  const count = () => root.querySelector('.todo__count').textContent.trim();

  it('adds trimmed tasks, clears the input and prevents the page from reloading', () => {
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root.querySelector('.todo__input').value = '  Buy milk ';
    root.querySelector('.todo__form').dispatchEvent(submit);
    expect(submit.defaultPrevented).to.equal(true);
    expect(texts()).to.deep.equal(['Buy milk']);
    expect(root.querySelector('.todo__input').value).to.equal('');
    expect(app.getTodos()).to.deep.equal([{ text: 'Buy milk', done: false }]);
  });

  it('ignores blank tasks', () => {
    add('   ');
    expect(items()).to.have.length(0);
  });

  it('has a labelled input, labelled checkboxes and named delete buttons', () => {
    add('Call Sam');
    const input = root.querySelector('.todo__input');
    expect(input.labels && input.labels.length).to.be.greaterThan(0);
    const checkbox = items()[0].querySelector('.todo__toggle');
    expect(checkbox.type).to.equal('checkbox');
    expect(checkbox.labels[0].textContent).to.equal('Call Sam');
    const remove = items()[0].querySelector('.todo__delete');
    const name = remove.getAttribute('aria-label') || remove.textContent;
    expect(name).to.equal('Delete Call Sam');
  });

  it('toggles tasks and counts those left', () => {
    add('one');
    add('two');
    expect(count()).to.equal('2 items left');
    toggle(0);
    expect(app.getTodos()).to.deep.equal([
      { text: 'one', done: true },
      { text: 'two', done: false },
    ]);
    expect(items()[0].classList.contains('is-done')).to.equal(true);
    expect(count()).to.equal('1 item left');
    expect(root.querySelector('.todo__count').closest('[aria-live="polite"]')).to.not.equal(null);
  });

  it('filters active and completed tasks and marks the pressed filter', () => {
    add('one');
    add('two');
    add('three');
    toggle(1);
    filterBy('active');
    expect(texts()).to.deep.equal(['one', 'three']);
    expect(root.querySelector('[data-filter="active"]').getAttribute('aria-pressed')).to.equal('true');
    expect(root.querySelector('[data-filter="all"]').getAttribute('aria-pressed')).to.equal('false');
    filterBy('completed');
    expect(texts()).to.deep.equal(['two']);
    filterBy('all');
    expect(texts()).to.deep.equal(['one', 'two', 'three']);
  });

  it('keeps the count independent of the filter', () => {
    add('one');
    add('two');
    toggle(0);
    filterBy('completed');
    expect(count()).to.equal('1 item left');
  });

  it('deletes a task and returns focus to the input', () => {
    add('one');
    add('two');
    items()[0].querySelector('.todo__delete').click();
    expect(texts()).to.deep.equal(['two']);
    expect(app.getTodos()).to.deep.equal([{ text: 'two', done: false }]);
    expect(document.activeElement).to.equal(root.querySelector('.todo__input'));
  });

  it('shows task text as text, never as HTML', () => {
    add('<b>bold</b>');
    expect(items()[0].querySelector('b')).to.equal(null);
    expect(texts()).to.deep.equal(['<b>bold</b>']);
  });
});
