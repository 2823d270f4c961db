/* The builders' imported cards (templates/cards/_imported_texts.html, rulesite/cards/builder.py).
 * When a card row's name is an imported card's (and no library card's), fill the row's blank
 * characteristic boxes as the server would on submit and show the card's own text inside the
 * row, for the judge to write as ability rows; offer imported names in the name autocomplete.
 * Without this file the server fills the rows on submit and the panel after the form lists the
 * rows' texts when the form is shown again. */
(function () {
  "use strict";

  var panel = document.getElementById("imported-texts");
  var form = document.querySelector(".board-form");
  if (!panel || !form || !window.fetch) { return; }
  var lookup = panel.getAttribute("data-lookup");

  function cardRow(input) { return input.closest("fieldset.row"); }

  function textBox(card, row) {
    var details = document.createElement("details");
    details.className = "imported-text";
    details.open = true;
    var summary = document.createElement("summary");
    summary.textContent = panel.getAttribute("data-heading") + ": " + card.name + " (" + card.source + ")";
    var hint = document.createElement("p");
    hint.className = "sub";
    hint.textContent = panel.getAttribute("data-hint");
    var text = document.createElement("p");
    text.className = "card-text";
    text.lang = card.language || "";
    text.textContent = card.text;
    details.appendChild(summary);
    details.appendChild(hint);
    details.appendChild(text);
    if (card.unmapped && card.unmapped.length) {
      var note = document.createElement("p");
      note.className = "sub";
      note.textContent = panel.getAttribute("data-unmapped") + " " + card.unmapped.join("; ");
      details.appendChild(note);
    }
    row.setAttribute("data-imported", "");
    return details;
  }

  /* The row's blank characteristic boxes get the card's values (none when any is typed). */
  function fill(row, prefix, card) {
    function box(name) { return row.querySelector("[name='" + prefix + name + "']"); }
    var typed = (card.typed || []).some(function (name) {
      var input = box(name);
      return input && (input.type === "checkbox" ? input.checked : input.value.trim() !== "");
    });
    if (typed) { return; }
    Object.keys(card.fields || {}).forEach(function (name) {
      var input = box(name);
      if (!input) { return; }
      var value = card.fields[name];
      if (input.type === "checkbox") { input.checked = value === "on"; }
      else if (input.tagName !== "SELECT" || Array.prototype.some.call(input.options, function (o) { return o.value === value; })) {
        input.value = value;
      }
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  function show(input, card) {
    var row = cardRow(input);
    if (!row) { return; }
    var old = row.querySelector(":scope > details.imported-text");
    if (old) { old.remove(); }
    if (!card) { return; }
    var fields = row.querySelector(":scope > .fields");
    row.insertBefore(textBox(card, row), fields ? fields.nextSibling : null);
    fill(row, input.name.replace(/name$/, ""), card);
  }

  // The panel the server rendered: each of its texts goes into its own row.
  var rows = Array.prototype.map.call(form.querySelectorAll("input[data-card-name]"), cardRow);
  panel.querySelectorAll("details[data-row]").forEach(function (details) {
    var row = rows[parseInt(details.getAttribute("data-row"), 10) - 1];
    var fields = row && row.querySelector(":scope > .fields");
    if (fields) { row.insertBefore(details, fields.nextSibling); }
  });
  panel.hidden = !panel.querySelector("details");

  form.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.matches("input[data-card-name]")) { return; }
    var name = input.value.trim();
    if (!name) { show(input, null); return; }
    fetch(lookup + "?name=" + encodeURIComponent(name), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : { card: null }; })
      .then(function (data) { show(input, data.card); })
      .catch(function () { /* a help only: the server still fills the row on submit */ });
  });

  /* The autocomplete: imported names starting with what is typed, after the library's own. */
  var names = document.getElementById("card-names");
  var asked = {};
  form.addEventListener("input", function (event) {
    var input = event.target;
    var prefix = input.value.trim();
    if (!names || !input.matches("input[data-card-name]") || prefix.length < 2 || asked[prefix.toLowerCase()]) { return; }
    asked[prefix.toLowerCase()] = true;
    fetch(lookup + "?prefix=" + encodeURIComponent(prefix), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : { names: [] }; })
      .then(function (data) {
        var known = {};
        Array.prototype.forEach.call(names.options, function (o) { known[o.value] = true; });
        (data.names || []).forEach(function (name) { if (!known[name]) { names.appendChild(new Option(name, name)); } });
      })
      .catch(function () { /* the library's names stay */ });
  });
})();
