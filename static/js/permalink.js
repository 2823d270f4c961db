/* Ruling permalink pages: copy citations, print, rule-text popovers on hover.
   Loaded as an external file (no inline scripts: the Content Security Policy forbids them).
   Everything here is an enhancement: without it the popovers open on tap and the
   citations stay selectable. */
(function () {
  "use strict";

  function flash(button, text) {
    var label = button.textContent;
    button.textContent = text;
    button.classList.add("done");
    window.setTimeout(function () { button.textContent = label; button.classList.remove("done"); }, 1500);
  }

  function selectFallback(button, text) {
    // No clipboard access (an insecure origin, an old browser): show the text selected.
    var field = button.parentNode.querySelector("input.copy-fallback");
    if (!field) {
      field = document.createElement("input");
      field.className = "copy-fallback";
      field.readOnly = true;
      field.value = text;
      field.setAttribute("aria-label", button.getAttribute("aria-label") || text);
      button.insertAdjacentElement("afterend", field);
    }
    field.focus();
    field.select();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-citation]");
    if (button) {
      var text = button.getAttribute("data-citation");
      var copied = button.getAttribute("data-copied") || "copied";
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { flash(button, copied); }, function () { selectFallback(button, text); });
      } else {
        selectFallback(button, text);
      }
      return;
    }
    var summary = event.target.closest("details.rule-pop > summary");
    if (summary && summary.parentNode.dataset.hover) {
      // Opened by hovering: a click pins it open instead of closing it.
      event.preventDefault();
      delete summary.parentNode.dataset.hover;
      return;
    }
    if (event.target.closest(".print-page")) {
      window.print();
    }
  });

  // Hovering a citation with a mouse opens its rule text; leaving closes it again,
  // unless it was opened by a click or tap.
  var canHover = window.matchMedia && window.matchMedia("(hover: hover)").matches;
  if (canHover) {
    document.addEventListener("mouseover", function (event) {
      var citation = event.target.closest(".citation");
      var pop = citation && citation.querySelector("details.rule-pop");
      if (pop && !pop.open) { pop.open = true; pop.dataset.hover = "1"; }
    });
    document.addEventListener("mouseout", function (event) {
      var citation = event.target.closest(".citation");
      if (!citation || citation.contains(event.relatedTarget)) { return; }
      var pop = citation.querySelector("details.rule-pop");
      if (pop && pop.dataset.hover) { pop.open = false; delete pop.dataset.hover; }
    });
    document.addEventListener("toggle", function (event) {
      if (event.target.matches && event.target.matches("details.rule-pop") && !event.target.open) { delete event.target.dataset.hover; }
    }, true);
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") { return; }
    document.querySelectorAll("details.rule-pop[open]").forEach(function (pop) { pop.open = false; });
  });
})();
