/* Board-state builder: add formset rows from their <template>, keep the card pickers in
 * step with the card rows, and show only the action fields a "does" choice uses.
 * Progressive enhancement: without this file the form still works with its spare rows. */
(function () {
  "use strict";

  var form = document.querySelector(".board-form");
  if (!form) { return; }
  var actionFields = {};
  // The fields each action ("does") uses: data-field-maps = {"action": {do: "field field…"}, …}.
  try { actionFields = JSON.parse(form.getAttribute("data-field-maps") || "{}").action || {}; } catch (e) { actionFields = {}; }

  function directChild(scope, selector) {
    for (var i = 0; i < scope.children.length; i++) {
      if (scope.children[i].matches(selector)) { return scope.children[i]; }
    }
    return null;
  }

  function nextCardId() {
    var taken = {};
    form.querySelectorAll("input[data-card-id]").forEach(function (input) { taken[input.value.trim()] = true; });
    var n = 1;
    while (taken["c" + n]) { n++; }
    return "c" + n;
  }

  function renumber(rows) {
    var n = 0;
    Array.prototype.forEach.call(rows.children, function (row) {
      var label = directChild(row, "legend");
      var number = label && label.querySelector("[data-row-number]");
      n++;
      if (number) { number.textContent = String(n); }
    });
  }

  function addRow(button) {
    var scope = button.closest("[data-formset]");
    var prefix = scope.getAttribute("data-formset");
    var placeholder = scope.getAttribute("data-placeholder");
    var total = document.getElementById("id_" + prefix + "-TOTAL_FORMS");
    // A row's own <template>, or (nested action rows) the section's shared one by id.
    var template = directChild(scope, "template") || document.getElementById(scope.getAttribute("data-template") || "");
    var rows = directChild(scope, ".rows");
    if (!total || !template || !rows) { return; }
    var index = parseInt(total.value, 10) || 0;
    var html = template.innerHTML;
    var parentIndex = scope.getAttribute("data-parent-index");
    if (parentIndex) { html = html.split("__prefix__").join(parentIndex); }
    var holder = document.createElement("div");
    holder.innerHTML = html.split(placeholder).join(String(index)).split("__num__").join(String(index + 1));
    var row = holder.firstElementChild;
    rows.appendChild(row);
    total.value = String(index + 1);
    var idInput = row.querySelector("input[data-card-id]");
    if (idInput && !idInput.value) { idInput.value = nextCardId(); }
    renumber(rows);
    row.querySelectorAll("[data-add-row]").forEach(function (b) { b.hidden = false; });
    row.querySelectorAll("[data-action-row]").forEach(updateActionRow);
    syncCardPickers();
    var first = row.querySelector("input[data-card-name]") || row.querySelector("select, input:not([type=hidden]), textarea");
    if (first) { first.focus(); }
  }

  function cardOptions() {
    var cards = [];
    form.querySelectorAll("[data-card-row]").forEach(function (row) {
      var removed = row.querySelector("input[name$='-DELETE']");
      var id = row.querySelector("input[data-card-id]");
      var name = row.querySelector("input[data-card-name]");
      if (!id || !name || (removed && removed.checked)) { return; }
      if (id.value.trim() && name.value.trim()) { cards.push([id.value.trim(), id.value.trim() + " · " + name.value.trim()]); }
    });
    return cards;
  }

  function syncCardPickers() {
    var cards = cardOptions();
    form.querySelectorAll("select[data-card-ref]").forEach(function (select) {
      var chosen = {};
      Array.prototype.forEach.call(select.selectedOptions, function (o) { chosen[o.value] = o.textContent; });
      var blank = select.multiple ? null : select.querySelector("option[value='']");
      var blankText = blank ? blank.textContent : null;
      while (select.firstChild) { select.removeChild(select.firstChild); }
      if (blankText !== null) { select.appendChild(new Option(blankText, "")); }
      var known = {};
      cards.forEach(function (card) {
        known[card[0]] = true;
        select.appendChild(new Option(card[1], card[0], false, Object.prototype.hasOwnProperty.call(chosen, card[0])));
      });
      Object.keys(chosen).forEach(function (value) {
        if (value && !known[value]) { select.appendChild(new Option(chosen[value], value, false, true)); }
      });
      if (blankText !== null && !select.value) { select.value = ""; }
    });
  }

  function updateActionRow(row) {
    var doSelect = row.querySelector("select[name$='-do']");
    var shown = (actionFields[doSelect ? doSelect.value : ""] || "").split(" ");
    row.querySelectorAll(".opt").forEach(function (field) {
      var input = field.querySelector("input, select, textarea");
      var filled = input && (input.type === "checkbox" ? input.checked : (input.multiple ? input.selectedOptions.length > 0 : input.value !== ""));
      if (filled || field.classList.contains("has-error")) {
        shown.push(field.className.replace(/.*\bopt-(\S+).*/, "$1"));
      }
    });
    row.setAttribute("data-show", shown.join(" ").trim());
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest("[data-add-row]");
    if (button) { event.preventDefault(); addRow(button); }
  });
  form.addEventListener("input", function (event) {
    if (event.target.matches("input[data-card-id], input[data-card-name]")) { syncCardPickers(); }
  });
  form.addEventListener("change", function (event) {
    if (event.target.matches("select[name$='-do']")) { updateActionRow(event.target.closest("[data-action-row]")); }
    if (event.target.matches("[data-card-row] > .row-tools input[name$='-DELETE']")) { syncCardPickers(); }
  });

  form.querySelectorAll("[data-add-row]").forEach(function (b) { b.hidden = false; });
  document.documentElement.classList.add("js");
})();
