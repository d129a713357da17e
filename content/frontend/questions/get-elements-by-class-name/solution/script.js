function getElementsByClassName(root, classNames) {
  const wanted = classNames.trim().split(/\s+/).filter(Boolean);
  const found = [];
  if (wanted.length === 0) return found;
  const visit = (element) => {
    for (const child of element.children) {
      if (wanted.every((name) => child.classList.contains(name))) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}
