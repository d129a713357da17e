const navbar = document.querySelector('.navbar');
const toggle = document.querySelector('.navbar__toggle');
toggle.addEventListener('click', () => {
  const open = navbar.classList.toggle('is-open');
  toggle.setAttribute('aria-expanded', String(open));
});
