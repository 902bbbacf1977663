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
