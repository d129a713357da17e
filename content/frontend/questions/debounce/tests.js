const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('debounce', () => {
  it('returns a function with a cancel method', () => {
    const debounced = debounce(() => {}, 10);
    expect(debounced).to.be.a('function');
    expect(debounced.cancel).to.be.a('function');
  });

  it('does not call fn synchronously, even with a wait of 0', () => {
    let calls = 0;
    const debounced = debounce(() => calls++, 0);
    debounced();
    expect(calls).to.equal(0);
  });

  it('calls fn once after the wait', async () => {
    let calls = 0;
    const debounced = debounce(() => calls++, 30);
    debounced();
    await sleep(120);
    expect(calls).to.equal(1);
  });

  it('turns a burst into one call with the last arguments', async () => {
    const seen = [];
    const debounced = debounce((...args) => seen.push(args), 30);
    debounced(1);
    debounced(2);
    debounced(3, 'last');
    await sleep(150);
    expect(seen).to.deep.equal([[3, 'last']]);
  });

  it('restarts the wait on every call', async () => {
    let calls = 0;
    const debounced = debounce(() => calls++, 200);
    debounced();
    await sleep(120);
    debounced();
    await sleep(120);
    expect(calls).to.equal(0);
    await sleep(200);
    expect(calls).to.equal(1);
  });

  it('keeps the this of the last call', async () => {
    let seen;
    const counter = {
      value: 7,
      read: debounce(function () {
        seen = this.value;
      }, 20),
    };
    counter.read();
    await sleep(100);
    expect(seen).to.equal(7);
  });

  it('cancel() drops the pending call', async () => {
    let calls = 0;
    const debounced = debounce(() => calls++, 30);
    debounced();
    debounced.cancel();
    await sleep(120);
    expect(calls).to.equal(0);
  });

  it('fires again for a later burst', async () => {
    let calls = 0;
    const debounced = debounce(() => calls++, 20);
    debounced();
    await sleep(100);
    debounced();
    debounced();
    await sleep(100);
    expect(calls).to.equal(2);
  });
});
