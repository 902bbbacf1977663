// Behaviour every page may use, declared by data attributes instead of inline handlers
// (the Content-Security-Policy allows no onclick="…"; web/csp.py).
//   <form data-confirm="Sure?">      asks before it is sent
//   <button data-print>              prints the page
//   <input data-select-on-focus>     selects its text when clicked (a key to copy)
(function () {
  'use strict';
  document.addEventListener('submit', function (event) {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.dataset.confirm !== undefined
        && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  document.addEventListener('click', function (event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest('[data-print]')) {
      window.print();
      return;
    }
    const field = target.closest('[data-select-on-focus]');
    if (field && typeof field.select === 'function') field.select();
  });
}());
