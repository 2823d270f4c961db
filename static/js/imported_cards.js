/* The builders' imported-card text (templates/cards/_imported_texts.html): when a card row's
 * name is an imported card's, show that card's own text in the panel, for the judge to write as
 * ability rows, and offer imported names in the name autocomplete. Without this file the panel
 * lists the rows when the form is shown again, and the server fills the rows by name. */
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

  /* The autocomplete: imported names starting with what is typed, after the library's own. */
  var names = document.getElementById("card-names");
  var asked = {};
  form.addEventListener("input", function (event) {
    var input = event.target;
    var prefix = input.value.trim();
    if (!names || !input.matches("input[data-card-name]") || prefix.length < 2 || asked[prefix.toLowerCase()]) { return; }
    asked[prefix.toLowerCase()] = true;
    fetch(panel.getAttribute("data-lookup") + "?prefix=" + encodeURIComponent(prefix), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : { names: [] }; })
      .then(function (data) {
        var known = {};
        Array.prototype.forEach.call(names.options, function (o) { known[o.value] = true; });
        (data.names || []).forEach(function (name) { if (!known[name]) { names.appendChild(new Option(name, name)); } });
      })
      .catch(function () { /* the library's names stay */ });
  });

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
