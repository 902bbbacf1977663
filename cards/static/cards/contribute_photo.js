// Cards read from a photo: a field stays marked "read from the photo" until the person
// changes it or ticks the card as checked (then every mark of that card goes).
document.querySelectorAll(".photo-card").forEach((card) => {
  const confirm = card.querySelector(".photo-confirm");
  const refresh = () => {
    card.querySelectorAll("[data-read]").forEach((input) => {
      const label = input.closest(".photo-field");
      if (!label || !input.dataset.read) return;
      const untouched = input.value === input.dataset.read;
      label.classList.toggle("from-photo", untouched && !(confirm && confirm.checked));
      label.classList.toggle("edited", !untouched);
    });
    card.classList.toggle("confirmed", !!(confirm && confirm.checked));
  };
  card.addEventListener("input", refresh);
  card.addEventListener("change", refresh);
  refresh();
});
// Tap a card's crop to see it full size (the link opens the picture where dialogs are
// missing).
(function () {
  const dialog = document.getElementById("crop-full");
  if (!dialog || typeof dialog.showModal !== "function") return;
  const img = dialog.querySelector("img");
  document.querySelectorAll("a.crop-zoom").forEach((link) => {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      img.src = link.href;
      dialog.showModal();
    });
  });
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog || event.target === img) dialog.close();
  });
})();
// The source ("my printed card, first edition") is remembered for the next photo.
(function () {
  const source = document.getElementById("f-source_note");
  if (!source) return;
  const key = "kaosz.photo.source";
  try {
    if (!source.value) source.value = localStorage.getItem(key) || "";
    const keep = () => localStorage.setItem(key, source.value.trim());
    source.addEventListener("change", keep);
    const form = source.form;
    if (form) form.addEventListener("submit", keep);
  } catch (e) {
    // Storage refused (private mode): the field simply starts empty.
  }
})();
