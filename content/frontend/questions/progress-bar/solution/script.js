function createProgressBar(container, { label, value = 0, max = 100 } = {}) {
  if (!(max > 0)) throw new RangeError('max must be positive');
  const element = document.createElement('div');
  element.className = 'progress';
  element.setAttribute('role', 'progressbar');
  element.setAttribute('aria-label', label);
  element.setAttribute('aria-valuemin', '0');
  element.setAttribute('aria-valuemax', String(max));
  const fill = document.createElement('div');
  fill.className = 'progress__fill';
  element.appendChild(fill);
  container.appendChild(element);

  let current = 0;
  function setValue(v) {
    current = Number.isFinite(v) ? Math.min(max, Math.max(0, v)) : 0;
    const percent = Math.round((current / max) * 1000) / 10 + '%';
    fill.style.width = percent;
    element.setAttribute('aria-valuenow', String(current));
    element.setAttribute('aria-valuetext', percent);
    element.classList.toggle('progress--complete', current === max);
  }

  setValue(value);
  return { setValue, getValue: () => current, element };
}
