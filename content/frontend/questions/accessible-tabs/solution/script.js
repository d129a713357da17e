let tabsCount = 0;

function createTabs(container, items, { initial = 0 } = {}) {
  const prefix = 'tabs-' + ++tabsCount;
  container.textContent = '';
  const list = document.createElement('div');
  list.setAttribute('role', 'tablist');
  container.appendChild(list);

  const tabs = [];
  const panels = [];
  items.forEach((item, i) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.id = prefix + '-tab-' + i;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', prefix + '-panel-' + i);
    tab.textContent = item.label;
    list.appendChild(tab);
    tabs.push(tab);

    const panel = document.createElement('div');
    panel.id = prefix + '-panel-' + i;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
    panel.textContent = item.content;
    container.appendChild(panel);
    panels.push(panel);
  });

  let selected = -1;
  function select(index, focus) {
    if (tabs.length === 0) return;
    const next = Math.min(tabs.length - 1, Math.max(0, index));
    selected = next;
    tabs.forEach((tab, i) => {
      const on = i === next;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      panels[i].hidden = !on;
    });
    if (focus) tabs[next].focus();
  }

  list.addEventListener('click', (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab && list.contains(tab)) select(tabs.indexOf(tab), true);
  });

  list.addEventListener('keydown', (event) => {
    const last = tabs.length - 1;
    const moves = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key], true);
  });

  select(initial, false);
  return { select: (index) => select(index, false), getSelected: () => selected };
}
