/* Board-state builder (every game): add and remove formset rows from their <template>, keep
 * the card pickers in step with the card rows, show only the fields a row's "switch" choice
 * uses (an action's type, an effect's "does"), and (Magic) fill in a catalogue card's
 * characteristics when its name is typed.
 * Progressive enhancement: without this file the form still works with its spare rows, every
 * field shown, and the catalogue filled in on the server when the form is submitted. */
(function () {
  "use strict";

  var form = document.querySelector(".board-form");
  if (!form) { return; }
  var fieldMaps = {};
  try { fieldMaps = JSON.parse(form.getAttribute("data-field-maps") || "{}"); } catch (e) { fieldMaps = {}; }
  var PLAYERS = { p1: true, p2: true };
  var detailMaps = {};
  try { detailMaps = JSON.parse(form.getAttribute("data-detail-maps") || "{}"); } catch (e) { detailMaps = {}; }

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

  function addRow(button, quiet) {
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
    expandRecords(row);
    upgradeChoices(row);
    total.value = String(index + 1);
    var idInput = row.querySelector("input[data-card-id]");
    if (idInput && !idInput.value) { idInput.value = nextCardId(); }
    renumber(rows);
    row.querySelectorAll("[data-add-row]").forEach(function (b) { b.hidden = false; });
    if (row.matches("[data-switch]")) { updateSwitch(row); }
    row.querySelectorAll("[data-switch]").forEach(updateSwitch);
    syncCardPickers();
    syncOwners();
    if (quiet) { return row; }
    var first = row.querySelector("input[data-card-name]") || row.querySelector("select:not([disabled]), input:not([type=hidden]), textarea");
    if (first) { first.focus(); }
    return row;
  }

  /* Owned rows (abilities, targets, ability effects): each row's path (c1#0: card c1's first
   * ability; c1#0/1: its second effect) and the "Belongs to" pickers, from the rows as they are. */
  var owners = null;
  try { owners = JSON.parse(form.getAttribute("data-owners") || "null"); } catch (e) { owners = null; }

  function liveRows(prefix) {
    var scope = form.querySelector("[data-formset='" + prefix + "']");
    var rows = scope && directChild(scope, ".rows");
    if (!rows) { return []; }
    return Array.prototype.filter.call(rows.children, function (row) {
      var removed = row.querySelector("input[name$='-DELETE']");
      return !(removed && removed.checked);
    });
  }

  function syncOwners() {
    if (!owners) { return; }
    var holders = {}, labels = {};
    function hold(prefix, path, label) { (holders[prefix] = holders[prefix] || []).push(path); labels[path] = label; }
    cardOptions().forEach(function (card) { hold(owners.cards, card[0], card[1]); });
    Object.keys(owners.top).forEach(function (prefix) {
      liveRows(prefix).forEach(function (row, i) { hold(prefix, prefix + ":" + (i + 1), owners.top[prefix] + " " + (i + 1)); });
    });
    Object.keys(owners.marks).forEach(function (prefix) {
      var counts = {};
      liveRows(prefix).forEach(function (row) {
        var select = row.querySelector("select[data-owner-ref]");
        var owner = select ? select.value : "";
        var path = "";
        if (owner) {
          path = owner + owners.marks[prefix] + (counts[owner] || 0);
          counts[owner] = (counts[owner] || 0) + 1;
          var switcher = row.querySelector("select[data-switcher]");
          // Named after its card ("c1#0 · Lightning Bolt · spell"): an effect is attached by the card's name.
          var ownerLabel = labels[owner] || owner;
          var named = ownerLabel.indexOf(owner) === 0 ? ownerLabel.slice(owner.length).split(" — ")[0] : "";
          hold(prefix, path, path + named + (switcher && switcher.value && named.indexOf(" · " + switcher.value.replace(/_/g, " ")) < 0 ? " · " + switcher.value.replace(/_/g, " ") : ""));
        }
        var shown = row.querySelector("[data-row-path]");
        if (shown) { shown.textContent = path; }
      });
    });
    var options = {};
    owners.children.forEach(function (child) {
      (holders[child[0]] || []).forEach(function (path) {
        (options[child[2]] = options[child[2]] || []).push([path + child[1], labels[path] + (child[4] ? " — " + child[3] : "")]);
      });
    });
    form.querySelectorAll("select[data-owner-ref]").forEach(function (select) {
      var value = select.value, blank = select.querySelector("option[value='']");
      var blankText = blank ? blank.textContent : "—", current = select.selectedOptions[0];
      var currentText = current ? current.textContent : value;
      var list = options[select.getAttribute("data-owner-ref")] || [];
      while (select.firstChild) { select.removeChild(select.firstChild); }
      select.appendChild(new Option(blankText, ""));
      var found = false;
      list.forEach(function (o) { found = found || o[0] === value; select.appendChild(new Option(o[1], o[0], false, o[0] === value)); });
      if (value && !found) { select.appendChild(new Option(currentText, value, false, true)); }
      select.value = value;
    });
  }

  function cardOptions() {
    var cards = [];
    form.querySelectorAll("input[data-card-name]").forEach(function (name) {
      var row = name.closest("fieldset.row");
      var removed = row && row.querySelector("input[name$='-DELETE']");
      var id = row && row.querySelector("input[data-card-id]");
      if (!id || (removed && removed.checked)) { return; }
      if (id.value.trim() && name.value.trim()) { cards.push([id.value.trim(), id.value.trim() + " · " + name.value.trim()]); }
    });
    return cards;
  }

  /* A chase item picked as a target (FoW: chase:1 is the bottom item): named after the card of
   * that row of "The chase" when there is one, else left as the server labelled it. */
  var CHASE_REF = /^chase:\d+$/;
  function chaseLabel(value) {
    if (!CHASE_REF.test(value)) { return ""; }
    var scope = form.querySelector("[data-formset='chain'] > .rows");
    var n = parseInt(value.split(":")[1], 10);
    var row = scope && scope.children[n - 1];
    var source = row && row.querySelector("select[name$='-source']");
    var picked = source && source.selectedIndex > 0 ? source.options[source.selectedIndex].textContent : "";
    return picked ? value + " · " + picked : "";
  }

  /* Rebuild every card picker from the card rows. Player options (p1, p2) stay first; a
   * multiple picker keeps its selected cards first, in their order (the order is submitted). */
  function syncCardPickers() {
    var cards = cardOptions();
    form.querySelectorAll("select[data-card-ref]").forEach(function (select) {
      var chosen = [], chosenText = {}, players = [];
      Array.prototype.forEach.call(select.options, function (o) {
        if (o.selected && o.value) { chosen.push(o.value); chosenText[o.value] = o.textContent; }
        if (PLAYERS[o.value] || CHASE_REF.test(o.value)) { players.push([o.value, chaseLabel(o.value) || o.textContent]); }
      });
      var blank = select.multiple ? null : select.querySelector("option[value='']");
      var blankText = blank ? blank.textContent : null;
      while (select.firstChild) { select.removeChild(select.firstChild); }
      if (blankText !== null) { select.appendChild(new Option(blankText, "")); }
      var known = {}, labels = {};
      players.concat(cards).forEach(function (card) { known[card[0]] = true; labels[card[0]] = card[1]; });
      var order = select.multiple ? chosen.concat(players.concat(cards).map(function (c) { return c[0]; })) : players.concat(cards).map(function (c) { return c[0]; });
      var added = {};
      order.forEach(function (value) {
        if (added[value] || (!known[value] && !chosenText[value])) { return; }
        added[value] = true;
        var isChosen = chosen.indexOf(value) >= 0;
        select.appendChild(new Option(known[value] ? labels[value] : chosenText[value], value, false, isChosen));
      });
      chosen.forEach(function (value) {
        if (!added[value]) { select.appendChild(new Option(chosenText[value], value, false, true)); }
      });
      if (blankText !== null && !select.value) { select.value = ""; }
    });
  }

  /* A choice whose options are on the page once (a <datalist>) is a text input without JS:
   * make it a <select> with those options, keeping its value (also one the list lacks). */
  function upgradeChoices(scope) {
    scope.querySelectorAll("input[data-choices]").forEach(function (input) {
      var list = document.getElementById(input.getAttribute("data-choices"));
      if (!list) { return; }
      var select = document.createElement("select");
      Array.prototype.forEach.call(input.attributes, function (a) {
        if (["type", "list", "value", "data-choices", "autocomplete", "maxlength"].indexOf(a.name) < 0) { select.setAttribute(a.name, a.value); }
      });
      var blank = list.getAttribute("data-blank");
      if (blank) { select.appendChild(new Option(blank, "")); }
      var value = input.value, found = false;
      Array.prototype.forEach.call(list.options, function (o) {
        found = found || o.value === value;
        select.appendChild(new Option(o.textContent || o.value, o.value, o.value === value, o.value === value));
      });
      if (value && !found) { select.appendChild(new Option(value, value, true, true)); }
      select.value = value;
      input.parentNode.replaceChild(select, input);
    });
  }

  /* A row template's compound fields refer to the page's template of their kind: copy it in. */
  function expandRecords(scope) {
    scope.querySelectorAll("div[data-record]").forEach(function (holder) {
      var template = document.getElementById(holder.getAttribute("data-record"));
      if (!template) { return; }
      var name = holder.getAttribute("data-name");
      holder.outerHTML = template.innerHTML.split("__rec__").join(name);
    });
  }

  /* The rarely used inputs of a compound field are on the page once (a <template>): copy
   * them in, named after the field, when its "More" is opened. */
  function fillRecordMore(details) {
    var template = document.getElementById(details.getAttribute("data-more"));
    var holder = details.querySelector(".record-parts");
    if (!template || !holder || holder.childElementCount) { return; }
    var name = details.getAttribute("data-name"), offset = parseInt(details.getAttribute("data-offset"), 10) || 0;
    holder.innerHTML = template.innerHTML.replace(/__rec___(\d+)/g, function (m, index) { return name + "_" + (offset + parseInt(index, 10)); });
    upgradeChoices(holder);
  }

  /* A row holds only the fields its switch value uses (and those filled in): copy the others
   * it now needs from the section's row <template>, in the template's order. */
  var templateRows = {};
  function ensureFields(row, switcher, shown) {
    var scope = row.closest("[data-formset]");
    if (!scope || row.closest("template")) { return; }
    var prefix = scope.getAttribute("data-formset");
    var match = new RegExp("^" + prefix + "-(\\d+)-").exec(switcher.name);
    var template = directChild(scope, "template");
    if (!match || !template) { return; }
    if (!templateRows[prefix]) { templateRows[prefix] = template.content.querySelector("fieldset"); }
    var model = templateRows[prefix];
    var copied = false;
    ["fields", "more"].forEach(function (part) {
      var from = part === "fields" ? directChild(model, ".fields") : model.querySelector("details.more > .fields");
      var to = part === "fields" ? directChild(row, ".fields") : row.querySelector("details.more > .fields");
      if (!from || !to) { return; }
      var last = null;
      Array.prototype.forEach.call(from.children, function (field) {
        var name = field.getAttribute("data-opt");
        var have = null;
        Array.prototype.forEach.call(to.children, function (f) { if (f.getAttribute("data-opt") === name) { have = f; } });
        if (have) { last = have; return; }
        if (!shown[name] && name !== "extra") { return; }
        var holder = document.createElement("div");
        holder.innerHTML = field.outerHTML.split("__prefix__").join(match[1]);
        var added = holder.firstElementChild;
        to.insertBefore(added, last ? last.nextSibling : to.firstChild);
        last = added;
        expandRecords(added);
        upgradeChoices(added);
        copied = true;
      });
    });
    // A picker copied from the template lists no cards yet: fill it from the card rows.
    if (copied) { syncCardPickers(); syncOwners(); }
  }

  /* Show the fields the row's switch value uses (plus any filled in or marked wrong). */
  function updateSwitch(row) {
    var switcher = null;
    row.querySelectorAll("select[data-switcher]").forEach(function (s) { if (!switcher && s.closest("[data-switch]") === row) { switcher = s; } });
    if (!switcher) { return; }
    var map = fieldMaps[switcher.getAttribute("data-switcher")] || {};
    var shown = {};
    (map[switcher.value] || "").split(" ").forEach(function (name) { if (name) { shown[name] = true; } });
    // The fields of the event chosen (a trigger's, a replaced event's) follow it (the section's details).
    var detail = (detailMaps[switcher.getAttribute("data-switcher")] || {})[switcher.value];
    if (detail) {
      var other = row.querySelector("[name$='-" + detail[0] + "']");
      ((other && detail[1][other.value]) || "").split(" ").forEach(function (name) { if (name) { shown[name] = true; } });
    }
    ensureFields(row, switcher, shown);
    row.querySelectorAll(".opt").forEach(function (field) {
      if (field.closest("[data-switch]") !== row) { return; }
      var name = field.getAttribute("data-opt");
      var filled = field.tagName !== "DETAILS" && Array.prototype.some.call(field.querySelectorAll("input, select, textarea"), function (input) {
        return input.type === "checkbox" ? input.checked : (input.multiple ? input.selectedOptions.length > 0 : input.value !== "");
      });
      var on = shown[name] || filled || field.classList.contains("has-error");
      field.classList.toggle("off", !on);
    });
  }

  /* Magic: a catalogue card's characteristics, filled in where the row leaves them all blank. */
  var catalogueUrl = form.getAttribute("data-catalogue");
  var catalogue = null;
  var CHARACTERISTICS = ["mana_cost", "colors", "supertypes", "types", "subtypes", "power", "toughness", "loyalty"];

  function shownValue(key, value) {
    if (Array.isArray(value)) { return value.join(", "); }
    return String(value);
  }

  function setInput(input, value) {
    if (input.type === "checkbox") { input.checked = value === true || (typeof value === "string" && value !== "" && value !== "false"); return; }
    if (input.tagName === "SELECT") {
      var values = Array.isArray(value) ? value : [value];
      values.forEach(function (v) {
        if (!Array.prototype.some.call(input.options, function (o) { return o.value === v; })) { input.appendChild(new Option(v, v)); }
      });
      Array.prototype.forEach.call(input.options, function (o) { o.selected = values.indexOf(o.value) >= 0; });
      return;
    }
    input.value = value;
  }

  /* The catalogue card's abilities, targets and effects as rows owned by the card (none yet). */
  /* The input named ``fullName`` in ``row``, copying in the "More" part that holds it if needed. */
  function rowInput(row, fullName) {
    var input = row.querySelector("[name='" + fullName + "']");
    if (input) { return input; }
    Array.prototype.some.call(row.querySelectorAll("details[data-more]"), function (details) {
      var base = details.getAttribute("data-name");
      if (!base || fullName.indexOf(base + "_") !== 0) { return false; }
      fillRecordMore(details);
      details.open = true;
      input = row.querySelector("[name='" + fullName + "']");
      return Boolean(input);
    });
    return input;
  }

  var lost = [];
  function addCatalogueRows(card, cardId) {
    var taken = Array.prototype.some.call(form.querySelectorAll("select[data-owner-ref]"), function (s) {
      return s.value.split("#")[0].split(".")[0] === cardId;
    });
    if (taken || !card.rows) { return 0; }
    var added = 0;
    lost = [];
    Object.keys(card.rows).forEach(function (prefix) {
      var button = form.querySelector("[data-formset='" + prefix + "'] > [data-add-row]");
      if (!button) { return; }
      card.rows[prefix].forEach(function (values) {
        var row = addRow(button, true);
        if (!row) { return; }
        var index = parseInt(document.getElementById("id_" + prefix + "-TOTAL_FORMS").value, 10) - 1;
        var waiting = Object.keys(values);
        // Two passes: a switch set in the first adds the fields its value uses; a value under a
        // row's "More" is placed once that part is copied in. A value no field takes is listed.
        for (var pass = 0; pass < 2 && waiting.length; pass++) {
          waiting = waiting.filter(function (name) {
            var input = rowInput(row, prefix + "-" + index + "-" + name);
            if (!input) { return true; }
            var value = values[name];
            value = Array.isArray(value) ? value.map(function (v) { return v.split("__card__").join(cardId); }) : value.split("__card__").join(cardId);
            setInput(input, value);
            return false;
          });
          if (row.matches("[data-switch]")) { updateSwitch(row); }
          row.querySelectorAll("[data-switch]").forEach(updateSwitch);
        }
        waiting.forEach(function (name) { lost.push(name); });
        if (prefix === Object.keys(owners.marks)[0]) { added++; }
        syncOwners();
      });
    });
    return added;
  }

  function fillFromCatalogue(nameInput) {
    if (!catalogue) { return; }
    var wanted = nameInput.value.trim().replace(/\s+/g, " ").toLowerCase();
    var card = null;
    // A card is found by its English name or by any name the library attests (Chinese).
    catalogue.forEach(function (c) {
      (c.names || [c.name]).concat([c.name]).forEach(function (n) { if (n.toLowerCase() === wanted) { card = c; } });
    });
    var row = nameInput.closest("fieldset.row");
    if (!card || !row) { return; }
    var prefix = nameInput.name.replace(/-name$/, "-");
    var inputs = {};
    // A card that gives its row's boxes as posted values (Force of Will: card.fields) fills those;
    // otherwise the Magic characteristics are shown from the card's own keys.
    var keys = card.fields ? Object.keys(card.fields) : CHARACTERISTICS;
    keys.forEach(function (key) { inputs[key] = form.querySelector("[name='" + prefix + key + "']"); });
    var typed = keys.some(function (key) {
      var input = inputs[key];
      return input && input.tagName !== "SELECT" && input.type !== "checkbox" && input.value.trim() !== "";
    });
    if (typed) { return; }
    var idInput = row.querySelector("input[data-card-id]");
    var ownId = idInput ? idInput.value.trim() : "";
    keys.forEach(function (key) {
      var input = inputs[key];
      var value = card.fields ? card.fields[key] : card[key];
      if (!input || value === undefined || (Array.isArray(value) && value.length === 0)) { return; }
      if (typeof value === "string" && ownId) { value = value.split("__card__").join(ownId); }
      if (card.fields) { setInput(input, value); } else { input.value = shownValue(key, value); }
    });
    placeAtHome(prefix, card.home);
    var added = owners && idInput && idInput.value.trim() ? addCatalogueRows(card, idInput.value.trim()) : 0;
    var status = row.querySelector("[data-fill-status]");
    if (!status) {
      status = document.createElement("p");
      status.className = "sub";
      status.setAttribute("data-fill-status", "");
      status.setAttribute("role", "status");
      nameInput.closest(".field").appendChild(status);
    }
    var text = form.getAttribute("data-filled-text") || "";
    if (added) { text += " (" + added + ")"; }
    if (card.unsupported && card.unsupported.length) { text += " " + (form.getAttribute("data-unsupported-text") || "") + " " + card.unsupported.join(" · "); }
    if (added && lost.length) { text += " " + (form.getAttribute("data-lost-text") || "") + " " + lost.join(", "); }
    status.textContent = text;
    status.classList.toggle("warning", Boolean(added && lost.length));
  }

  /* A library card whose row still has its default zone goes where such a card is: an instant or a
   * chant in the hand, a Trap Set face-down in a Spell & Trap Zone (the catalogue's ``home``). A
   * zone or position the judge picked is kept. */
  function placeAtHome(prefix, home) {
    if (!home) { return; }
    Object.keys(home).forEach(function (key) {
      var select = form.querySelector("select[name='" + prefix + key + "']");
      if (!select) { return; }
      var initial = Array.prototype.filter.call(select.options, function (o) { return o.defaultSelected; })[0] || select.options[0];
      if (initial && select.value === initial.value) { select.value = home[key]; select.dispatchEvent(new Event("change", { bubbles: true })); }
    });
  }

  function loadCatalogue(then) {
    if (catalogue || !catalogueUrl || !window.fetch) { if (catalogue) { then(); } return; }
    fetch(catalogueUrl, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : { cards: [] }; })
      .then(function (data) { catalogue = data.cards || []; then(); })
      .catch(function () { catalogue = []; });
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest("[data-add-row]");
    if (button) { event.preventDefault(); addRow(button); }
  });
  form.addEventListener("input", function (event) {
    if (event.target.matches("input[data-card-name]") && event.target.value.trim()) {
      // A spare row the page came with has no id yet: give the card its id as it is named, so the
      // pickers (a "Then" step's card, an ability's owner) offer it at once.
      var row = event.target.closest("fieldset.row");
      var idInput = row && row.querySelector("input[data-card-id]");
      if (idInput && !idInput.value.trim()) { idInput.value = nextCardId(); }
    }
    if (event.target.matches("input[data-card-id], input[data-card-name]")) { syncCardPickers(); syncOwners(); }
  });
  form.addEventListener("change", function (event) {
    var target = event.target;
    if (target.matches("select[data-switcher]")) { updateSwitch(target.closest("[data-switch]")); syncOwners(); }
    else if (target.closest("[data-switch]") && target.matches("select")) { updateSwitch(target.closest("[data-switch]")); }
    if (target.matches("select[data-owner-ref]")) { syncOwners(); }
    if (target.matches("input[name$='-DELETE']")) { syncCardPickers(); syncOwners(); }
    if (catalogueUrl && target.matches("input[data-card-name]")) { loadCatalogue(function () { fillFromCatalogue(target); }); }
  });

  form.addEventListener("toggle", function (event) {
    if (event.target.matches && event.target.matches("details[data-more]") && event.target.open) { fillRecordMore(event.target); }
  }, true);

  upgradeChoices(form);
  form.querySelectorAll("[data-add-row]").forEach(function (b) { b.hidden = false; });
  form.querySelectorAll("[data-switch]").forEach(updateSwitch);
  syncOwners();
  document.documentElement.classList.add("js");
})();
