function classNames(...args) {
  const classes = new Set();
  const collect = (value) => {
    if (!value) return;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed) classes.add(trimmed);
    } else if (typeof value === 'number') {
      classes.add(String(value));
    } else if (Array.isArray(value)) {
      value.forEach(collect);
    } else if (typeof value === 'object') {
      for (const key of Object.keys(value)) if (value[key]) classes.add(key);
    }
  };
  args.forEach(collect);
  return [...classes].join(' ');
}
