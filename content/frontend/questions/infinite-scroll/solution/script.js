function createInfiniteList(container, { loadPage, threshold = 100 }) {
  const list = document.createElement('ul');
  list.className = 'feed__list';
  const status = document.createElement('p');
  status.className = 'feed__status';
  status.setAttribute('role', 'status');
  container.append(list, status);

  let nextPage = 1;
  let hasMore = true;
  let loading = false;
  let failed = false;
  let destroyed = false;

  function nearBottom() {
    return container.scrollTop + container.clientHeight >= container.scrollHeight - threshold;
  }

  function maybeLoad() {
    if (destroyed || loading || failed || !hasMore || !nearBottom()) return;
    load();
  }

  function load() {
    loading = true;
    list.setAttribute('aria-busy', 'true');
    status.textContent = 'Loading…';
    Promise.resolve()
      .then(() => loadPage(nextPage))
      .then(
        ({ items, hasMore: more }) => {
          if (destroyed) return;
          for (const text of items) {
            const item = document.createElement('li');
            item.textContent = text;
            list.appendChild(item);
          }
          nextPage += 1;
          hasMore = Boolean(more);
          loading = false;
          list.setAttribute('aria-busy', 'false');
          status.textContent = hasMore ? '' : 'No more items';
          maybeLoad();
        },
        () => {
          if (destroyed) return;
          loading = false;
          failed = true;
          list.setAttribute('aria-busy', 'false');
          status.textContent = 'Could not load more items. ';
          const retry = document.createElement('button');
          retry.type = 'button';
          retry.className = 'feed__retry';
          retry.textContent = 'Retry';
          retry.addEventListener('click', () => {
            failed = false;
            load();
          });
          status.appendChild(retry);
        },
      );
  }

  container.addEventListener('scroll', maybeLoad, { passive: true });
  load();

  return {
    destroy() {
      destroyed = true;
      container.removeEventListener('scroll', maybeLoad);
    },
  };
}
