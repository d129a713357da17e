/**
 * Loads pages of items into a scrollable `container` as the user nears its bottom.
 * loadPage(n) -> Promise<{ items: string[], hasMore: boolean }>. Returns { destroy() }.
 */
function createInfiniteList(container, { loadPage, threshold = 100 }) {
  // Your code here.
  return { destroy() {} };
}
