function throttle(fn, interval) {
  let timer = null;
  let pending = null;

  function endOfInterval() {
    if (pending) {
      const { context, args } = pending;
      pending = null;
      fn.apply(context, args);
      timer = setTimeout(endOfInterval, interval);
    } else {
      timer = null;
    }
  }

  function throttled(...args) {
    if (timer === null) {
      fn.apply(this, args);
      timer = setTimeout(endOfInterval, interval);
    } else {
      pending = { context: this, args };
    }
  }

  throttled.cancel = () => {
    clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
