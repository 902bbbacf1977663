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

  // Type and cost of each name in the list: from the validation panel (the server read the
  // list) and from the search result a card was added from, so a new line is placed at once.
  const KINDS = new Map();
  let GROUPS = [];
  try { GROUPS = JSON.parse(list.dataset.groups || "[]"); } catch (e) { GROUPS = []; }
  const known = new Set(GROUPS.map(([key]) => key));
  const sortBox = document.getElementById("deck-sort");

  function learnFromPanel() {
    const box = document.getElementById("deck-kinds");
    if (!box) return;
    let kinds = {};
    try { kinds = JSON.parse(box.dataset.kinds || "{}"); } catch (e) { kinds = {}; }
    for (const [name, k] of Object.entries(kinds)) KINDS.set(name, k);
  }

  function learnFromButton(btn) {
    const cost = btn.dataset.cost === "" || btn.dataset.cost == null ? null : Number(btn.dataset.cost);
    KINDS.set(btn.dataset.name, { type: known.has(btn.dataset.type) ? btn.dataset.type : "other", cost });
  }

  // Cheapest first (a card of unknown or variable cost last), then by name.
  const byName = (a, b) => a.localeCompare(b, document.documentElement.lang || "hu");
  const costOf = (name) => { const k = KINDS.get(name); return k && typeof k.cost === "number" ? k.cost : Infinity; };
  const byCost = (a, b) => (costOf(a) - costOf(b)) || byName(a, b);

  // The deck's lines in the chosen order: [group key or null, names] blocks.
  function ordered(deck) {
    const names = [...deck.keys()];   // (a line taken down to 0 stays until the list is typed again: its "+" undoes)
    const how = sortBox ? sortBox.value : "type";
    if (how === "name") return [[null, names.sort(byName)]];
    if (how === "cost") return [[null, names.sort(byCost)]];
    return GROUPS.map(([key]) => [key, names.filter((name) => {
      const k = KINDS.get(name);
      return (k ? k.type : "?") === key;
    }).sort(byCost)]).filter(([, group]) => group.length);
  }

  function render(deck) {
    mark(deck);
    list.replaceChildren();
    const label = new Map(GROUPS);
    for (const [key, names] of ordered(deck)) {
      if (key !== null) {
        const head = document.createElement("li");
        head.className = "deck-group";
        head.dataset.type = key;
        head.textContent = `${label.get(key)} (${names.reduce((sum, name) => sum + deck.get(name), 0)})`;
        list.append(head);
      }
      for (const name of names) entry(name, deck.get(name));
    }
  }

  function entry(name, n) {
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

  const added = document.getElementById("added");
  const counter = document.getElementById("deck-count");

  function total(deck) { let n = 0; for (const v of deck.values()) n += Math.max(0, v); return n; }

  // What a "+" did, where the finger is ("+" showed no change on a phone): the
  // button carries the card's count in the deck, and a line says it aloud.
  function mark(deck) {
    document.querySelectorAll(".add-card").forEach((b) => {
      const n = deck.get(b.dataset.name) || 0;
      b.textContent = n > 0 ? `+ ${n}` : "+";
      b.classList.toggle("in-deck", n > 0);
    });
    if (counter) counter.textContent = `(${total(deck)} ${added ? added.dataset.cards : ""})`;
  }

  document.addEventListener("click", (ev) => {
    const btn = ev.target.closest(".add-card");
    if (!btn) return;
    learnFromButton(btn);
    const d = parse();
    d.set(btn.dataset.name, (d.get(btn.dataset.name) || 0) + 1);
    write(d);
    if (added) {
      added.textContent = `✓ ${d.get(btn.dataset.name)} × ${btn.dataset.name} ${added.dataset.inDeck}`
        + ` (${total(d)} ${added.dataset.cards})`;
    }
  });
  // new search results show the counts too
  document.body.addEventListener("htmx:afterSwap", (ev) => {
    if (ev.target && ev.target.id === "search-results") mark(parse());
    if (ev.target && ev.target.id === "panel") { learnFromPanel(); render(parse()); }
  });
  if (sortBox) sortBox.addEventListener("change", () => render(parse()));
  text.addEventListener("input", () => { render(parse()); check(); });
  document.getElementById("deck-format").addEventListener("change", check);
  learnFromPanel();
  render(parse());
})();
