describe('delegate', () => {
  let outer;
  let root;
  beforeEach(() => {
    outer = document.createElement('li');
    outer.className = 'row';
    root = document.createElement('ul');
    root.innerHTML =
      '<li class="row" id="r1"><button type="button" id="b1"><span id="inner">Go</span></button></li>' +
      '<li class="row" id="r2">Two</li>' +
      '<p id="loose">loose text</p>';
    outer.appendChild(root);
    document.body.appendChild(outer);
  });
  afterEach(() => outer.remove());

  const click = (element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true }));

  it('calls the handler with the event and the matched element', () => {
    const calls = [];
    delegate(root, 'click', '.row', (event, matched) => calls.push([event.type, matched.id]));
    click(document.getElementById('r2'));
    expect(calls).to.deep.equal([['click', 'r2']]);
  });

  it('finds the closest match from a nested target', () => {
    const calls = [];
    delegate(root, 'click', 'button', (event, matched) => calls.push(matched.id));
    click(document.getElementById('inner'));
    expect(calls).to.deep.equal(['b1']);
  });

  it('sets this to the matched element', () => {
    const seen = [];
    delegate(root, 'click', '.row', function () {
      seen.push(this.id);
    });
    click(document.getElementById('inner'));
    expect(seen).to.deep.equal(['r1']);
  });

  it('ignores events outside any match', () => {
    let calls = 0;
    delegate(root, 'click', '.row', () => calls++);
    click(document.getElementById('loose'));
    expect(calls).to.equal(0);
  });

  it('never matches an ancestor of the root', () => {
    let calls = 0;
    delegate(root, 'click', '.row', () => calls++);
    click(document.getElementById('loose'));
    click(root);
    expect(calls).to.equal(0);
  });

  it('works for elements added later', () => {
    const calls = [];
    delegate(root, 'click', '.row', (event, matched) => calls.push(matched.id));
    const added = document.createElement('li');
    added.className = 'row';
    added.id = 'r3';
    root.appendChild(added);
    click(added);
    expect(calls).to.deep.equal(['r3']);
  });

  it('uses a single listener on the root, for the given type only', () => {
    let calls = 0;
    delegate(root, 'click', '.row', () => calls++);
    document.getElementById('r2').dispatchEvent(new Event('mouseover', { bubbles: true }));
    expect(calls).to.equal(0);
  });

  it('handles an event dispatched on a text node', () => {
    const calls = [];
    delegate(root, 'click', '.row', (event, matched) => calls.push(matched.id));
    document.getElementById('r2').firstChild.dispatchEvent(new Event('click', { bubbles: true }));
    expect(calls).to.deep.equal(['r2']);
  });

  it('returns a function that removes the listener', () => {
    let calls = 0;
    const stop = delegate(root, 'click', '.row', () => calls++);
    click(document.getElementById('r2'));
    stop();
    click(document.getElementById('r2'));
    expect(calls).to.equal(1);
  });
});
