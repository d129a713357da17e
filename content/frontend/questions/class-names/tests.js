describe('classNames', () => {
  it('joins strings with one space', () => {
    expect(classNames('a', 'b', 'c')).to.equal('a b c');
  });

  it('keeps the keys of an object whose values are truthy, in order', () => {
    expect(classNames({ open: true, closed: false, active: 1, hidden: '' })).to.equal('open active');
  });

  it('flattens nested arrays', () => {
    expect(classNames(['a', ['b', ['c', { d: true }]]])).to.equal('a b c d');
  });

  it('ignores falsy values of every kind', () => {
    expect(classNames(null, undefined, false, 0, '', NaN, 'x')).to.equal('x');
  });

  it('adds numbers other than 0 as text', () => {
    expect(classNames(1, 'col', 12)).to.equal('1 col 12');
  });

  it('does not repeat a class, the first occurrence keeping its place', () => {
    expect(classNames('a', { a: true, b: 1 }, null, 0, 'b')).to.equal('a b');
  });

  it('trims strings and skips blank ones', () => {
    expect(classNames('  a  ', '   ', 'b')).to.equal('a b');
  });

  it('ignores functions and inherited keys', () => {
    const base = { inherited: true };
    const own = Object.create(base);
    own.own = true;
    expect(classNames(() => 'x', own)).to.equal('own');
  });

  it('returns an empty string for no arguments', () => {
    expect(classNames()).to.equal('');
  });
});
