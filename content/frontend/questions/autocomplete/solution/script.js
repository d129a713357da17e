let autocompleteCount = 0;

function createAutocomplete(input, { source, onSelect }) {
  const listId = 'autocomplete-list-' + ++autocompleteCount;
  const list = document.createElement('ul');
  list.id = listId;
  list.className = 'autocomplete__list';
  list.setAttribute('role', 'listbox');
  list.hidden = true;
  input.insertAdjacentElement('afterend', list);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', listId);
  input.setAttribute('aria-expanded', 'false');

  let options = [];
  let active = -1;
  let latest = 0;

  function close() {
    options = [];
    active = -1;
    list.textContent = '';
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  }

  function show(results) {
    close();
    if (results.length === 0) return;
    options = results.map((text, i) => {
      const option = document.createElement('li');
      option.id = listId + '-option-' + i;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      option.textContent = text;
      list.appendChild(option);
      return option;
    });
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  }

  function highlight(index) {
    if (options.length === 0) return;
    active = (index + options.length) % options.length;
    options.forEach((option, i) => option.setAttribute('aria-selected', String(i === active)));
    input.setAttribute('aria-activedescendant', options[active].id);
    options[active].scrollIntoView({ block: 'nearest' });
  }

  function choose(option) {
    const text = option.textContent;
    input.value = text;
    close();
    if (onSelect) onSelect(text);
  }

  input.addEventListener('input', () => {
    const query = input.value.trim();
    const request = ++latest;
    if (!query) {
      close();
      return;
    }
    Promise.resolve(source(query)).then(
      (results) => {
        if (request === latest) show(results.slice(0, 10));
      },
      () => {
        if (request === latest) close();
      },
    );
  });

  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      highlight(
        active === -1 && event.key === 'ArrowUp' ? -1 : active + (event.key === 'ArrowDown' ? 1 : -1),
      );
    } else if (event.key === 'Enter') {
      if (active === -1) return;
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      if (list.hidden) return;
      event.preventDefault();
      latest++;
      close();
    }
  });

  // mousedown, not click: the input would lose focus (and a blur handler could close the list) first.
  list.addEventListener('mousedown', (event) => {
    const option = event.target.closest('[role="option"]');
    if (!option) return;
    event.preventDefault();
    choose(option);
  });

  input.addEventListener('blur', () => {
    latest++;
    close();
  });

  return { close };
}
