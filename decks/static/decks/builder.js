// The deck list lives in the textarea (the form's truth); this script keeps a clickable
// list in sync with it and tells htmx when it changed, so validation follows every click.
(function () {
  const text = document.getElementById("deck-text");
  const list = document.getElementById("deck-list");
  const form = document.getElementById("deck-form");
  if (!text || !list || !form) return;
  const LINE = /^\s*(\d+)\s*[xX×]?\s+(.+?)\s*$/;

  function parse() {
    const deck = new Map();
    for (const raw of text.value.split("\n")) {
      const line = raw.trim();
      if (!line || line.startsWith("#") || line.startsWith("//")) continue;
      const m = line.match(LINE);
      const name = m ? m[2] : line;
      const count = m ? parseInt(m[1], 10) : 1;
      deck.set(name, (deck.get(name) || 0) + count);
    }
    return deck;
  }

  function check() {
    htmx.ajax("POST", form.dataset.check, {source: form, target: "#panel", swap: "innerHTML"});
  }

  function write(deck) {
    text.value = [...deck].filter(([, n]) => n > 0).map(([name, n]) => `${n} ${name}`).join("\n");
    render(deck);
    check();
  }

  function render(deck) {
    list.replaceChildren();
    for (const [name, n] of deck) {
      const li = document.createElement("li");
      li.className = "deck-entry";
      li.dataset.name = name;
      const minus = document.createElement("button");
      minus.type = "button"; minus.textContent = "−"; minus.className = "remove-card";
      minus.addEventListener("click", () => { const d = parse(); d.set(name, (d.get(name) || 1) - 1); write(d); });
      const plus = document.createElement("button");
      plus.type = "button"; plus.textContent = "+"; plus.className = "more-card";
      plus.addEventListener("click", () => { const d = parse(); d.set(name, (d.get(name) || 0) + 1); write(d); });
      const label = document.createElement("span");
      label.textContent = ` ${n} × ${name} `;
      li.append(minus, label, plus);
      list.append(li);
    }
  }

  document.addEventListener("click", (ev) => {
    const btn = ev.target.closest(".add-card");
    if (!btn) return;
    const d = parse();
    d.set(btn.dataset.name, (d.get(btn.dataset.name) || 0) + 1);
    write(d);
  });
  text.addEventListener("input", () => { render(parse()); check(); });
  document.getElementById("deck-format").addEventListener("change", check);
  render(parse());
})();
