function createTodoApp(root) {
  let todos = [];
  let filter = 'all';
  let nextId = 1;

  root.innerHTML =
    '<form class="todo__form">' +
    '<label for="todo-new">New task</label>' +
    '<input id="todo-new" class="todo__input" name="task" autocomplete="off" />' +
    '<button type="submit">Add</button>' +
    '</form>' +
    '<div class="todo__filters" role="group" aria-label="Filter">' +
    '<button type="button" data-filter="all">All</button>' +
    '<button type="button" data-filter="active">Active</button>' +
    '<button type="button" data-filter="completed">Completed</button>' +
    '</div>' +
    '<ul class="todo__list"></ul>' +
    '<p class="todo__count" aria-live="polite"></p>';

  const form = root.querySelector('.todo__form');
  const input = root.querySelector('.todo__input');
  const list = root.querySelector('.todo__list');
  const count = root.querySelector('.todo__count');
  const filterButtons = [...root.querySelectorAll('[data-filter]')];

  function visible(todo) {
    if (filter === 'active') return !todo.done;
    if (filter === 'completed') return todo.done;
    return true;
  }

  function render() {
    list.textContent = '';
    for (const todo of todos.filter(visible)) {
      const item = document.createElement('li');
      item.className = 'todo__item' + (todo.done ? ' is-done' : '');
      item.dataset.id = String(todo.id);
      const checkbox = document.createElement('input');
      checkbox.type = 'checkbox';
      checkbox.className = 'todo__toggle';
      checkbox.checked = todo.done;
      checkbox.id = 'todo-' + todo.id;
      const label = document.createElement('label');
      label.className = 'todo__text';
      label.htmlFor = checkbox.id;
      label.textContent = todo.text;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'todo__delete';
      remove.textContent = 'Delete';
      remove.setAttribute('aria-label', 'Delete ' + todo.text);
      item.append(checkbox, label, remove);
      list.appendChild(item);
    }
    filterButtons.forEach((button) =>
      button.setAttribute('aria-pressed', String(button.dataset.filter === filter)),
    );
    const left = todos.filter((todo) => !todo.done).length;
    count.textContent = left + (left === 1 ? ' item left' : ' items left');
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    todos.push({ id: nextId++, text, done: false });
    input.value = '';
    render();
  });

  list.addEventListener('change', (event) => {
    if (!event.target.classList.contains('todo__toggle')) return;
    const id = Number(event.target.closest('.todo__item').dataset.id);
    const todo = todos.find((t) => t.id === id);
    todo.done = event.target.checked;
    render();
  });

  list.addEventListener('click', (event) => {
    const button = event.target.closest('.todo__delete');
    if (!button) return;
    const id = Number(button.closest('.todo__item').dataset.id);
    todos = todos.filter((t) => t.id !== id);
    render();
    input.focus();
  });

  root.querySelector('.todo__filters').addEventListener('click', (event) => {
    const button = event.target.closest('[data-filter]');
    if (!button) return;
    filter = button.dataset.filter;
    render();
  });

  render();
  return { getTodos: () => todos.map((todo) => ({ text: todo.text, done: todo.done })) };
}
