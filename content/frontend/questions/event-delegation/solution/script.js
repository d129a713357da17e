function delegate(root, type, selector, handler) {
  const listener = (event) => {
    let start = event.target;
    if (!(start instanceof Element)) start = start && start.parentElement;
    if (!start) return;
    const matched = start.closest(selector);
    if (matched && root.contains(matched) && matched !== root) {
      handler.call(matched, event, matched);
    }
  };
  root.addEventListener(type, listener);
  return () => root.removeEventListener(type, listener);
}
