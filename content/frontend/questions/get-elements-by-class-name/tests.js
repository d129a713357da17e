describe('getElementsByClassName', () => {
  let root;
  beforeEach(() => {
    root = document.createElement('div');
    root.className = 'a';
    root.innerHTML =
      '<section class="a b" id="s1">' +
      '  <p class="b" id="p1">one</p>' +
      '  <div class="x">' +
      '    <span class="b a c" id="s2">two</span>' +
      '  </div>' +
      '</section>' +
      '<p class="a  b" id="p2">three</p>' +
      '<p class="ab" id="p3">four</p>';
    document.body.appendChild(root);
  });
  afterEach(() => root.remove());

  const ids = (elements) => elements.map((element) => element.id);

  it('returns an array', () => {
    expect(Array.isArray(getElementsByClassName(root, 'b'))).to.equal(true);
  });

  it('finds descendants with one class, in document order', () => {
    expect(ids(getElementsByClassName(root, 'b'))).to.deep.equal(['s1', 'p1', 's2', 'p2']);
  });

  it('requires every class, in any order', () => {
    expect(ids(getElementsByClassName(root, 'b a'))).to.deep.equal(['s1', 's2', 'p2']);
    expect(ids(getElementsByClassName(root, 'c a b'))).to.deep.equal(['s2']);
  });

  it('never includes the root itself', () => {
    expect(ids(getElementsByClassName(root, 'a'))).to.not.include('');
    expect(getElementsByClassName(root, 'a')).to.not.include(root);
  });

  it('accepts any whitespace between class names', () => {
    expect(ids(getElementsByClassName(root, '  a\t\n b '))).to.deep.equal(['s1', 's2', 'p2']);
  });

  it('matches whole class names only', () => {
    expect(ids(getElementsByClassName(root, 'ab'))).to.deep.equal(['p3']);
  });

  it('matches nothing for a blank class string', () => {
    expect(getElementsByClassName(root, '   ')).to.deep.equal([]);
  });

  it('walks the tree itself', () => {
    const banned = [
      [Element.prototype, 'getElementsByClassName'],
      [Element.prototype, 'querySelector'],
      [Element.prototype, 'querySelectorAll'],
      [Element.prototype, 'matches'],
      [Document.prototype, 'getElementsByClassName'],
      [Document.prototype, 'querySelectorAll'],
    ];
    // The judge freezes the built-ins; replaceBuiltin swaps one until restore() (or the test's end). The
    // calls are counted, so a solution that catches the error is still seen.
    const called = [];
    const restore = banned.map(([owner, name]) =>
      replaceBuiltin(owner, name, () => {
        called.push(name);
        throw new Error(name + ' is not allowed');
      }),
    );
    let result;
    try {
      result = getElementsByClassName(root, 'b');
    } finally {
      restore.forEach((undo) => undo());
    }
    expect(called).to.deep.equal([]);
    expect(ids(result)).to.deep.equal(['s1', 'p1', 's2', 'p2']);
  });
});
