// ReDoc as a page that works offline (the API description promises it): the system fonts
// instead of Google Fonts, and Redocly's badge logo (fetched from cdn.redoc.ly in the
// bundle, with no option to turn it off) replaced by an empty local picture. Loaded before
// the bundle, so the swap is in place before ReDoc draws anything.
(function () {
  "use strict";
  const EMPTY = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";
  const outside = function (value) { return /^https?:\/\/cdn\.redoc\.ly\//.test(String(value)); };
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (this instanceof HTMLImageElement && String(name).toLowerCase() === "src" && outside(value)) {
      value = EMPTY;
    }
    return setAttribute.call(this, name, value);
  };
  const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", {
    configurable: true, enumerable: src.enumerable, get: src.get,
    set: function (value) { src.set.call(this, outside(value) ? EMPTY : value); },
  });
  document.addEventListener("DOMContentLoaded", function () {
    const box = document.getElementById("redoc-container");
    const font = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
    Redoc.init(box.dataset.specUrl, {
      theme: { typography: { fontFamily: font, headings: { fontFamily: font } } },
    }, box);
  });
})();
