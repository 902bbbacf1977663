// The photo upload on /contribute/: a picture over the size limit is stopped here, with the
// page's own message, instead of being sent (the server would refuse it with a bare
// "request too large" page, and the person would lose the form).
(function () {
  "use strict";
  const form = document.getElementById("photo-upload-form");
  if (!form) return;
  const max = Number(form.dataset.maxBytes || 0);
  const input = form.querySelector("input[type=file]");
  const note = document.getElementById("photo-too-big");
  function tooBig() {
    const file = input && input.files && input.files[0];
    return Boolean(max && file && file.size > max);
  }
  if (input) {
    input.addEventListener("change", function () { note.hidden = !tooBig(); });
  }
  form.addEventListener("submit", function (event) {
    if (tooBig()) {
      event.preventDefault();
      note.hidden = false;
    }
  });
})();
