const delay = (ms, value, fail) =>
  new Promise((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms));

describe('promiseAll', () => {
  it('does not use the built-in combinators', () => {
    // The judge freezes the built-ins; replaceBuiltin swaps one until restore() (or the test's end). The
    // calls are counted, so a solution that catches the error is still seen.
    const called = [];
    const restore = ['all', 'allSettled', 'any', 'race'].map((name) =>
      replaceBuiltin(Promise, name, () => {
        called.push('Promise.' + name);
        throw new Error('Promise.' + name + ' is not allowed');
      }),
    );
    try {
      promiseAll([1]);
    } finally {
      restore.forEach((undo) => undo());
    }
    expect(called).to.deep.equal([]);
  });

  it('returns a promise', () => {
    expect(promiseAll([1])).to.be.instanceOf(Promise);
  });

  it('fulfils with the results in input order', async () => {
    const results = await promiseAll([delay(60, 'slow'), delay(10, 'fast'), delay(30, 'middle')]);
    expect(results).to.deep.equal(['slow', 'fast', 'middle']);
  });

  it('accepts plain values and thenables', async () => {
    const thenable = { then: (resolve) => resolve('thenable') };
    expect(await promiseAll([1, thenable, Promise.resolve(3)])).to.deep.equal([1, 'thenable', 3]);
  });

  it('keeps falsy results', async () => {
    expect(await promiseAll([delay(20, 0), '', null, false])).to.deep.equal([0, '', null, false]);
  });

  it('rejects with the first rejection', async () => {
    const error = new Error('first');
    let caught;
    try {
      await promiseAll([delay(80, 'late'), delay(10, error, true), delay(40, new Error('second'), true)]);
    } catch (reason) {
      caught = reason;
    }
    expect(caught).to.equal(error);
  });

  it('fulfils with an empty array for an empty input', async () => {
    expect(await promiseAll([])).to.deep.equal([]);
  });

  it('accepts any iterable', async () => {
    function* generate() {
      yield delay(10, 'a');
      yield 'b';
    }
    expect(await promiseAll(generate())).to.deep.equal(['a', 'b']);
    expect(await promiseAll(new Set([1, 2]))).to.deep.equal([1, 2]);
  });
});
