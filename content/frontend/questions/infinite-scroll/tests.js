describe('createInfiniteList', () => {
  let container;
  let style;
  const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));
  const pages =
    (count, size = 5) =>
    (n) =>
      Promise.resolve({
        items: Array.from({ length: size }, (_, i) => 'item ' + ((n - 1) * size + i + 1)),
        hasMore: n < count,
      });

  beforeEach(() => {
    style = document.createElement('style');
    style.textContent =
      '.test-feed li { height: 40px !important; margin: 0 !important; padding: 0 !important; border: 0 !important; line-height: 40px !important; }' +
      '.test-feed ul, .test-feed .feed__status { margin: 0 !important; padding: 0 !important; }';
    document.head.appendChild(style);
    container = document.createElement('div');
    container.className = 'test-feed';
    container.style.cssText = 'height: 200px; overflow-y: auto;';
    document.body.appendChild(container);
  });
  afterEach(() => {
    container.remove();
    style.remove();
  });

  const texts = () => [...container.querySelectorAll('.feed__list li')].map((li) => li.textContent);
  const status = () => container.querySelector('.feed__status');
  const scrollToBottom = () => {
    container.scrollTop = container.scrollHeight;
    container.dispatchEvent(new Event('scroll'));
  };

  it('renders a list and a status region and loads page 1 at once', async () => {
    const asked = [];
    createInfiniteList(container, { loadPage: (n) => (asked.push(n), pages(1)(n)) });
    expect(container.querySelector('ul.feed__list')).to.not.equal(null);
    expect(status().getAttribute('role')).to.equal('status');
    await settle();
    expect(asked[0]).to.equal(1);
    expect(texts().slice(0, 2)).to.deep.equal(['item 1', 'item 2']);
  });

  it('keeps loading until the container is full', async () => {
    const asked = [];
    createInfiniteList(container, { loadPage: (n) => (asked.push(n), pages(10)(n)) });
    await settle(80);
    // 5 items of 40px fill 200px; the threshold of 100px asks for one more page, then stops.
    expect(asked).to.deep.equal([1, 2]);
    expect(texts()).to.have.length(10);
  });

  it('loads the next page when scrolled near the bottom', async () => {
    const asked = [];
    createInfiniteList(container, { loadPage: (n) => (asked.push(n), pages(10)(n)) });
    await settle(80);
    scrollToBottom();
    await settle(80);
    expect(asked.slice(0, 3)).to.deep.equal([1, 2, 3]);
    expect(texts()[10]).to.equal('item 11');
  });

  it('never runs two loads at once and shows that it is busy', async () => {
    let calls = 0;
    let release;
    createInfiniteList(container, {
      loadPage: () => {
        calls++;
        return new Promise((resolve) => (release = resolve));
      },
    });
    await settle();
    scrollToBottom();
    scrollToBottom();
    await settle();
    expect(calls).to.equal(1);
    expect(container.querySelector('.feed__list').getAttribute('aria-busy')).to.equal('true');
    expect(status().textContent).to.contain('Loading');
    release({ items: ['only'], hasMore: false });
    await settle();
    expect(container.querySelector('.feed__list').getAttribute('aria-busy')).to.equal('false');
  });

  it('stops after the last page and says so', async () => {
    const asked = [];
    createInfiniteList(container, { loadPage: (n) => (asked.push(n), pages(1)(n)) });
    await settle(60);
    scrollToBottom();
    await settle(60);
    expect(asked).to.deep.equal([1]);
    expect(status().textContent.trim()).to.equal('No more items');
  });

  it('offers a retry of the same page after a failure', async () => {
    const asked = [];
    let fail = true;
    createInfiniteList(container, {
      loadPage: (n) => {
        asked.push(n);
        if (fail) return Promise.reject(new Error('offline'));
        return pages(1)(n);
      },
    });
    await settle();
    scrollToBottom();
    await settle();
    expect(asked).to.deep.equal([1]);
    const retry = status().querySelector('button.feed__retry');
    expect(retry).to.not.equal(null);
    fail = false;
    retry.click();
    await settle();
    expect(asked).to.deep.equal([1, 1]);
    expect(texts()).to.have.length(5);
  });

  it('shows item text as text', async () => {
    createInfiniteList(container, {
      loadPage: () => Promise.resolve({ items: ['<img src=x>'], hasMore: false }),
    });
    await settle();
    expect(container.querySelector('img')).to.equal(null);
    expect(texts()).to.deep.equal(['<img src=x>']);
  });

  it('stops listening after destroy()', async () => {
    const asked = [];
    const feed = createInfiniteList(container, { loadPage: (n) => (asked.push(n), pages(10)(n)) });
    await settle(80);
    feed.destroy();
    scrollToBottom();
    await settle(60);
    expect(asked).to.deep.equal([1, 2]);
  });
});
