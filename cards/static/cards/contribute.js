// Forms with a type and a subtype (contribution, advanced search): the subtype choices and
// the value fields follow the chosen type. Without JavaScript every choice stays available
// (grouped by type) and the server checks the pair.
(function () {
  for (const prefix of ["f", "a"]) {
    const type = document.getElementById(prefix + "-type");
    const subtype = document.getElementById(prefix + "-subtype");
    if (!type || !subtype) continue;
    const follow = () => {
      const t = type.value;
      subtype.querySelectorAll("optgroup").forEach((g) => {
        const show = !t || g.dataset.type === t;
        g.hidden = !show;
        g.disabled = !show;
      });
      const chosen = subtype.selectedOptions[0];
      if (chosen && chosen.dataset.type && t && chosen.dataset.type !== t) subtype.value = "";
      document.querySelectorAll("[data-for-type]").forEach((el) => {
        el.hidden = !!t && !el.dataset.forType.split(" ").includes(t);
      });
    };
    type.addEventListener("change", follow);
    follow();
  }
})();

// File pickers: the browser's own button speaks the browser's language, not the page's,
// so the input is hidden behind a label in the page's language that shows the chosen name.
document.querySelectorAll("input.file-input").forEach((input) => {
  const name = document.querySelector(`.file-name[data-for="${input.id}"]`);
  input.addEventListener("change", () => {
    if (name && input.files.length) name.textContent = input.files[0].name;
  });
});
