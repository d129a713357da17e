const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('throttle', () => {
  it('calls fn immediately on the first call', () => {
    const seen = [];
    const throttled = throttle((x) => seen.push(x), 100);
    throttled('a');
    expect(seen).to.deep.equal(['a']);
  });

  it('does not call fn again during the interval', () => {
    const seen = [];
    const throttled = throttle((x) => seen.push(x), 200);
    throttled('a');
    throttled('b');
    throttled('c');
    expect(seen).to.deep.equal(['a']);
  });

  it('makes one trailing call with the latest arguments when the interval ends', async () => {
    const seen = [];
    const throttled = throttle((x) => seen.push(x), 60);
    throttled('a');
    throttled('b');
    throttled('c');
    await sleep(180);
    expect(seen).to.deep.equal(['a', 'c']);
  });

  it('makes no trailing call when nothing was called during the interval', async () => {
    let calls = 0;
    const throttled = throttle(() => calls++, 40);
    throttled();
    await sleep(150);
    expect(calls).to.equal(1);
  });

  it('starts a new interval after the trailing call', async () => {
    const seen = [];
    const throttled = throttle((x) => seen.push(x), 150);
    throttled('a');
    throttled('b');
    await sleep(190); // 'b' ran at about 150 ms and opened a new interval
    throttled('c');
    expect(seen).to.deep.equal(['a', 'b']);
    await sleep(250);
    expect(seen).to.deep.equal(['a', 'b', 'c']);
  });

  it('runs immediately again after a quiet interval', async () => {
    const seen = [];
    const throttled = throttle((x) => seen.push(x), 40);
    throttled('a');
    await sleep(150);
    throttled('b');
    expect(seen).to.deep.equal(['a', 'b']);
  });

  it('keeps this for the leading and the trailing call', async () => {
    const seen = [];
    const record = throttle(function () {
      seen.push(this.name);
    }, 50);
    const first = { name: 'first', record };
    const second = { name: 'second', record };
    first.record();
    second.record();
    await sleep(150);
    expect(seen).to.deep.equal(['first', 'second']);
  });

  it('cancel() drops the trailing call and resets the throttle', async () => {
    const seen = [];
    const throttled = throttle((x) => seen.push(x), 100);
    throttled('a');
    throttled('b');
    throttled.cancel();
    throttled('c');
    expect(seen).to.deep.equal(['a', 'c']);
    throttled.cancel();
    await sleep(200);
    expect(seen).to.deep.equal(['a', 'c']);
  });
});
