// Copy buttons: <button data-copy="#selector" data-copied="Copied"> copies the text of the
// element the selector names (a token, a deck list) and says so on the button for a moment.
(function () {
  "use strict";
  function fallback(el) {
    // Outside a secure context there is no clipboard API: select the text and copy it.
    const range = document.createRange();
    range.selectNodeContents(el);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    try { document.execCommand("copy"); } catch (e) { /* the text stays selected */ }
    return Promise.resolve();
  }
  document.addEventListener("click", function (ev) {
    const button = ev.target.closest("button[data-copy]");
    if (!button) return;
    const el = document.querySelector(button.dataset.copy);
    if (!el) return;
    const text = el.tagName === "TEXTAREA" || el.tagName === "INPUT" ? el.value : el.textContent;
    const done = navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(text).catch(function () { return fallback(el); })
      : fallback(el);
    done.then(function () {
      const label = button.dataset.label || (button.dataset.label = button.textContent);
      button.textContent = button.dataset.copied || label;
      button.classList.add("copied");
      setTimeout(function () { button.textContent = label; button.classList.remove("copied"); },
                 2000);
    });
  });
})();
