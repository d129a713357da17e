function createStarRating(container, { max = 5, value = 0, onChange } = {}) {
  const clamp = (n) => Math.min(max, Math.max(0, Math.round(Number(n) || 0)));
  let current = clamp(value);
  container.setAttribute('role', 'radiogroup');
  container.setAttribute('aria-label', 'Rating');
  container.classList.add('star-rating');
  container.textContent = '';
  const stars = [];
  for (let n = 1; n <= max; n++) {
    const star = document.createElement('button');
    star.type = 'button';
    star.className = 'star-rating__star';
    star.setAttribute('role', 'radio');
    star.setAttribute('aria-label', n === 1 ? '1 star' : n + ' stars');
    star.dataset.value = String(n);
    star.textContent = '★';
    stars.push(star);
    container.appendChild(star);
  }

  function render() {
    const tabbable = Math.max(current, 1) - 1;
    stars.forEach((star, i) => {
      star.setAttribute('aria-checked', String(i + 1 === current));
      star.classList.toggle('is-filled', i < current);
      star.tabIndex = i === tabbable ? 0 : -1;
    });
  }

  function choose(n, focus) {
    const next = clamp(n);
    if (next === current) return;
    current = next;
    render();
    if (focus && current > 0) stars[current - 1].focus();
    if (onChange) onChange(current);
  }

  container.addEventListener('click', (event) => {
    const star = event.target.closest('.star-rating__star');
    if (!star || !container.contains(star)) return;
    const n = Number(star.dataset.value);
    choose(n === current ? 0 : n, false);
  });

  container.addEventListener('keydown', (event) => {
    const from = Math.max(current, 1);
    const moves = {
      ArrowRight: from + 1,
      ArrowUp: from + 1,
      ArrowLeft: from - 1,
      ArrowDown: from - 1,
      Home: 1,
      End: max,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose(Math.min(max, Math.max(1, moves[event.key])), true);
  });

  render();
  return {
    getValue: () => current,
    setValue: (n) => {
      current = clamp(n);
      render();
    },
  };
}
