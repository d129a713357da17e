function promiseAll(iterable) {
  return new Promise((resolve, reject) => {
    const items = Array.from(iterable);
    const results = new Array(items.length);
    let fulfilled = 0;
    if (items.length === 0) {
      resolve(results);
      return;
    }
    items.forEach((item, index) => {
      Promise.resolve(item).then((value) => {
        results[index] = value;
        fulfilled += 1;
        if (fulfilled === items.length) resolve(results);
      }, reject);
    });
  });
}
