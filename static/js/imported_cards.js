/* The builders' imported-card text (templates/cards/_imported_texts.html): when a card row's
 * name is an imported card's, show that card's own text in the panel, for the judge to write as
 * ability rows. Without this file the panel lists the rows when the form is shown again. */
(function () {
  "use strict";

  var panel = document.getElementById("imported-texts");
  var form = document.querySelector(".board-form");
  if (!panel || !form || !window.fetch) { return; }

  function rowNumber(input) {
    var row = input.closest("fieldset.row");
    var number = row && row.querySelector("[data-row-number]");
    return number ? number.textContent.trim() : "";
  }

  function show(input, card) {
    var row = rowNumber(input);
    var old = panel.querySelector("details[data-row='" + row + "']");
    if (old) { old.remove(); }
    if (card) {
      var details = document.createElement("details");
      details.className = "imported-text";
      details.open = true;
      details.setAttribute("data-row", row);
      var summary = document.createElement("summary");
      summary.textContent = row + ": " + card.name + " (" + card.source + ")";
      var text = document.createElement("p");
      text.className = "card-text";
      text.lang = card.language || "";
      text.textContent = card.text;
      details.appendChild(summary);
      details.appendChild(text);
      if (card.unmapped && card.unmapped.length) {
        var note = document.createElement("p");
        note.className = "sub";
        note.textContent = panel.getAttribute("data-unmapped") + " " + card.unmapped.join("; ");
        details.appendChild(note);
      }
      panel.appendChild(details);
    }
    panel.hidden = !panel.querySelector("details");
  }

  form.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.matches("input[data-card-name]")) { return; }
    var name = input.value.trim();
    if (!name) { show(input, null); return; }
    fetch(panel.getAttribute("data-lookup") + "?name=" + encodeURIComponent(name), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : { card: null }; })
      .then(function (data) { show(input, data.card); })
      .catch(function () { /* the panel is a help; the server still fills the row */ });
  });
})();
