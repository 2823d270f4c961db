/* Step through the board of a ruling (permalink page).
   Reads the JSON in <script id="stepper-data" type="application/json"> (rulesite/scenarios/
   boards.py, stepper_data): the board before the first step and each step's JSON Patch diff,
   branches under their choice step (a branch's diffs apply to the board just before its
   choice step, in every game: engine/core/board.py). Buttons, ←/→ and Home/End step through the trace; the
   URL fragment keeps the step (#step-12, #step-12b2-3 for step 3 of the second branch of
   step 12). Each step's text and rule are those of the list below (#step-12), cloned.
   The board is drawn as boards.board_view and scenarios/_board_state.html draw it.
   An external file: the Content Security Policy forbids inline scripts. */
(function () {
  "use strict";

  var root = document.getElementById("stepper");
  var source = document.getElementById("stepper-data");
  if (!root || !source) { return; }
  var data;
  try { data = JSON.parse(source.textContent); } catch (error) { return; }
  var ui = data.ui || {};
  var terms = data.terms || {};
  var keys = data.keys || {};
  // The order board keys are shown in (boards.KEY_ORDER): a stored board's own key order differs
  // by database (PostgreSQL's jsonb reorders keys).
  var keyRank = {};
  (data.key_order || []).forEach(function (key, index) { keyRank[key] = index; });
  function byRank(a, b) {
    var ra = has(keyRank, a) ? keyRank[a] : 1e9, rb = has(keyRank, b) ? keyRank[b] : 1e9;
    return ra - rb || (a < b ? -1 : a > b ? 1 : 0);
  }
  var names = data.names || {};
  var zoneOrder = data.zones || [];
  var plainKeys = data.plain_keys || [];  // keys whose values are words, never a card's or player's id
  var CHECKPOINT = 128;  // keep a copy of the board every 128 steps: stepping back is cheap

  var has = function (object, key) { return Object.prototype.hasOwnProperty.call(object, key); };
  var fill = function (template, values) {
    return String(template || "").replace(/%\((\w+)\)s/g, function (all, name) { return has(values, name) ? values[name] : all; });
  };
  var clone = function (value) { return value === undefined ? undefined : JSON.parse(JSON.stringify(value)); };

  // ---------------------------------------------------------------- the lines one can walk

  // A line is the list of steps from the first; position 0 is the board before the first step
  // and position p shows line[p - 1]. Following a branch makes a new line: the steps up to the
  // choice, then the branch's. The branch's diffs apply to the board just before the choice
  // step, so on the branch's line the choice step itself changes nothing.
  function lineOf(tree, prefix, head, forks) {
    var line = head ? head.slice() : [];
    for (var i = 0; i < tree.count; i++) {
      line.push({
        anchor: prefix + (i + 1),
        known: data.board !== null && i < tree.known,
        ops: i < tree.known ? tree.ops[i] : 0,
        branches: tree.branches[String(i)] || null
      });
    }
    line.forks = forks || [];
    line.checkpoints = [];
    return line;
  }

  var main = lineOf(data.trace || {count: 0, ops: [], known: 0, branches: {}}, "step-", null, []);
  var line = main;
  var pos = 0;

  function fork(from, at, number) {
    var entry = from[at - 1];
    var branch = entry.branches[number - 1];
    var head = from.slice(0, at - 1).concat([{anchor: entry.anchor, known: entry.known, ops: 0, branches: entry.branches}]);
    var next = lineOf(branch.trace, entry.anchor + "b" + number + "-", head,
                      from.forks.concat([{pos: at, choice: branch.choice, parent: from}]));
    next.checkpoints = from.checkpoints.filter(function (c) { return c.pos < at; });
    return next;
  }

  // ---------------------------------------------------------------- applying the diffs

  function unescapePart(part) { return part.replace(/~1/g, "/").replace(/~0/g, "~"); }

  function setKey(parent, key, value) {
    // defineProperty, not assignment: an id such as "__proto__" stays a plain key.
    Object.defineProperty(parent, key, {value: value, writable: true, enumerable: true, configurable: true});
  }

  function applyOps(board, ops) {
    for (var i = 0; i < ops.length; i++) {
      var op = ops[i];
      var parts = op.path.split("/").slice(1).map(unescapePart);
      if (!parts.length) { board = clone(op.value); continue; }
      var parent = board;
      for (var j = 0; j < parts.length - 1; j++) {
        parent = parent[Array.isArray(parent) ? Number(parts[j]) : parts[j]];
      }
      var last = parts[parts.length - 1];
      if (Array.isArray(parent)) {
        var index = last === "-" ? parent.length : Number(last);
        if (op.op === "remove") { parent.splice(index, 1); }
        else if (op.op === "add") { parent.splice(index, 0, clone(op.value)); }
        else { parent[index] = clone(op.value); }
      } else if (op.op === "remove") {
        delete parent[last];
      } else {
        setKey(parent, last, clone(op.value));
      }
    }
    return board;
  }

  var current = {line: null, pos: -1, board: null};

  // The board at position p of the line, or undefined when a step on the way has no known board.
  function boardAt(at) {
    if (data.board === null) { return undefined; }
    for (var q = 1; q <= at; q++) { if (!line[q - 1].known) { return undefined; } }
    var start = {pos: 0, board: data.board};
    if (current.line === line && current.pos <= at && current.pos >= 0) { start = current; }
    line.checkpoints.forEach(function (c) { if (c.pos <= at && c.pos > start.pos) { start = c; } });
    var board = clone(start.board);
    for (var p = start.pos + 1; p <= at; p++) {
      try {
        if (line[p - 1].ops) { board = applyOps(board, line[p - 1].ops); }
      } catch (error) {
        line[p - 1].known = false;  // a diff that does not apply: this board and the later ones are unknown
        return undefined;
      }
      if (p % CHECKPOINT === 0 && !line.checkpoints.some(function (c) { return c.pos === p; })) {
        line.checkpoints.push({pos: p, board: clone(board)});
      }
    }
    current = {line: line, pos: at, board: clone(board)};
    return board;
  }

  // ---------------------------------------------------------------- drawing a board

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  function isEmpty(v) {
    return v === null || v === undefined || v === false || v === "" ||
      (Array.isArray(v) && !v.length) || (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length);
  }

  function valueText(key, v) {
    if (typeof v === "boolean") { return v ? ui.yes : ui.no; }
    if (typeof v === "string") { return has(terms, key) && has(terms[key], v) ? terms[key][v] : v; }
    // An engine index (a chain link's effect) as the page writes it: boards.INDEX_KEYS.
    if (typeof v === "number" && has(terms, key) && has(terms[key], String(v))) { return terms[key][String(v)]; }
    if (Array.isArray(v)) { return v.map(function (item) { return valueText(key, item); }).join(", ") || "—"; }
    if (v && typeof v === "object") {
      return Object.keys(v).sort(byRank).filter(function (k) { return !isEmpty(v[k]); })
        .map(function (k) { return keyLabel(k) + ": " + valueText(k, v[k]); }).join("; ") || "—";
    }
    return v === null || v === undefined ? "—" : String(v);
  }

  function keyLabel(key) { return has(keys, key) ? keys[key] : String(key).replace(/_/g, " "); }

  // A value as parts [text, id]: a string naming a card or player of the board (refs: id → name)
  // under a key that is not a word key is that card's or player's name with its id, as
  // boards.value_parts gives it; lists and nested objects part by part.
  function valueParts(key, v, refs) {
    if (typeof v === "string" && plainKeys.indexOf(key) < 0 && has(refs, v)) {
      return refs[v] && refs[v] !== v ? [[refs[v], v]] : [[v, ""]];
    }
    if (Array.isArray(v) && v.length) {
      var out = [];
      v.forEach(function (item, index) {
        if (index) { out.push([", ", ""]); }
        out = out.concat(valueParts(key, item, refs));
      });
      return out;
    }
    if (v && typeof v === "object" && !Array.isArray(v)) {
      var shown = Object.keys(v).sort(byRank).filter(function (k) { return !isEmpty(v[k]); });
      if (!shown.length) { return [["—", ""]]; }
      var parts = [];
      shown.forEach(function (k, index) {
        parts.push([(index ? "; " : "") + keyLabel(k) + ": ", ""]);
        parts = parts.concat(valueParts(k, v[k], refs));
      });
      return parts;
    }
    return [[valueText(key, v), ""]];
  }

  function touched(changed, prefix) {
    return changed.some(function (path) {
      for (var i = 0; i < Math.min(path.length, prefix.length); i++) { if (path[i] !== prefix[i]) { return false; } }
      return true;
    });
  }

  function facts(data, skip, changed, prefix, refs) {
    var out = [];
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      if (!isEmpty(data)) { out.push({label: "", parts: valueParts("", data, refs), changed: touched(changed, prefix)}); }
      return out;
    }
    Object.keys(data).sort(byRank).forEach(function (key) {
      if (skip.indexOf(key) >= 0 || isEmpty(data[key])) { return; }
      out.push({label: keyLabel(key), parts: data[key] === true ? [] : valueParts(key, data[key], refs),
                changed: touched(changed, prefix.concat([key]))});
    });
    return out;
  }

  function factNode(fact) {
    var node = el("span", "fact" + (fact.changed ? " changed" : ""));
    if (fact.label) { node.appendChild(el("span", "fact-key", fact.label)); }
    if (fact.parts.length) {
      node.appendChild(document.createTextNode(" "));
      var value = el("span", "fact-value");
      fact.parts.forEach(function (part) {
        if (!part[1]) { value.appendChild(document.createTextNode(part[0])); return; }
        var ref = el("span", "ref", part[0] + " ");
        ref.appendChild(el("span", "meta", part[1]));
        value.appendChild(ref);
      });
      node.appendChild(value);
    }
    return node;
  }

  function appendFacts(parent, list) {
    list.forEach(function (fact) { parent.appendChild(document.createTextNode(" ")); parent.appendChild(factNode(fact)); });
  }

  function nameOf(data, fallback) {
    if (data && typeof data === "object" && typeof data.name === "string" && data.name) { return data.name; }
    return has(names, fallback) && names[fallback] ? names[fallback] : fallback;
  }

  function sideOf(data) {
    if (!data || typeof data !== "object") { return ""; }
    var key = ["controller", "owner"].filter(function (k) { return typeof data[k] === "string" && data[k]; })[0];
    return key ? data[key] : "";
  }

  function changedNote() { return el("span", "visually-hidden", " (" + ui.changed + ")"); }

  function zoneNodes(groups) {
    var order = function (name) { var i = zoneOrder.indexOf(name); return i < 0 ? zoneOrder.length : i; };
    return Object.keys(groups).sort(function (a, b) { return order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0); })
      .map(function (zone) {
        var box = el("div", "board-zone");
        var head = el("h4", null, zone ? valueText("zone", zone) : "—");
        head.appendChild(document.createTextNode(" "));
        head.appendChild(el("span", "meta", "(" + groups[zone].length + ")"));
        box.appendChild(head);
        var list = el("ul", "board-cards");
        groups[zone].forEach(function (card) { list.appendChild(card); });
        box.appendChild(list);
        return box;
      });
  }

  // A chain, stack or chase is a list, or an object keyed by link number ({"1": …}): its items
  // bottom first, each with the key of its path.
  function chainEntries(chain) {
    if (Array.isArray(chain)) { return chain.map(function (item, index) { return [String(index), item]; }); }
    if (!chain || typeof chain !== "object") { return []; }
    return Object.keys(chain).sort(function (a, b) {
      var na = /^\d+$/.test(a), nb = /^\d+$/.test(b);
      if (na && nb) { return Number(a) - Number(b); }
      return na ? -1 : nb ? 1 : (a < b ? -1 : a > b ? 1 : 0);
    }).map(function (key) { return [key, chain[key]]; });
  }

  // The keys of the items of the list or object "section" that changed, as boards._new_items: a
  // path into one or, where the whole section was replaced, each item that was not on it before
  // (an item that only moved down is not marked; the section is).
  function newItems(changed, section, items, previous) {
    var out = {};
    items.forEach(function (pair) {
      if (changed.some(function (path) { return path[0] === section && path[1] === pair[0]; })) { out[pair[0]] = true; }
    });
    if (changed.some(function (path) { return !path.length || (path.length === 1 && path[0] === section); })) {
      var before = chainEntries(previous ? previous[section] : null).map(function (pair) { return JSON.stringify(pair[1]); });
      items.forEach(function (pair) {
        var at = before.indexOf(JSON.stringify(pair[1]));
        if (at >= 0) { before.splice(at, 1); } else { out[pair[0]] = true; }
      });
    }
    return out;
  }

  function drawBoard(board, changed, previous) {
    var box = el("div", "board-state");
    var objects = board.objects && typeof board.objects === "object" && !Array.isArray(board.objects) ? board.objects : {};
    var players = board.players && typeof board.players === "object" && !Array.isArray(board.players) ? board.players : {};
    var refs = {};
    Object.keys(players).forEach(function (id) { setKey(refs, id, nameOf(players[id], id)); });
    Object.keys(objects).forEach(function (id) { setKey(refs, id, nameOf(objects[id], id)); });
    var top = facts(board.turn || {}, [], changed, ["turn"], refs);
    Object.keys(board).forEach(function (key) {
      if (["turn", "players", "objects", "chain"].indexOf(key) < 0 && !isEmpty(board[key])) {
        top.push({label: keyLabel(key), parts: valueParts(key, board[key], refs), changed: touched(changed, [key])});
      }
    });
    if (top.length) {
      var head = el("p", "facts board-facts");
      head.appendChild(el("span", "facts-head", ui.turn));
      appendFacts(head, top);
      box.appendChild(head);
    }
    var sides = {};
    var others = {};
    // Seat order first (a multiplayer Magic board's "seat", CR 800.5), then the id: as boards.py.
    var seatOf = function (id) { var p = players[id]; return p && typeof p === "object" && typeof p.seat === "number" ? p.seat : 0; };
    var playerIds = Object.keys(players).sort(function (a, b) { return seatOf(a) - seatOf(b) || (a < b ? -1 : a > b ? 1 : 0); });
    playerIds.forEach(function (id) { sides[id] = {}; });
    Object.keys(objects).sort().forEach(function (id) {
      var card = objects[id];
      var side = sideOf(card);
      var zone = card && typeof card === "object" && card.zone ? String(card.zone) : "";
      var skip = ["id", "name", "zone", "controller"];
      if (!card || typeof card !== "object" || card.owner === undefined || card.owner === null || card.owner === side) { skip.push("owner"); }
      var item = el("li", "board-card" + (touched(changed, ["objects", id]) ? " changed" : ""));
      item.appendChild(el("span", "card-name", nameOf(card, id)));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(el("span", "meta", id));
      appendFacts(item, facts(card, skip, changed, ["objects", id], refs));
      if (touched(changed, ["objects", id])) { item.appendChild(changedNote()); }
      var group = has(sides, side) ? sides[side] : others;
      (group[zone] = group[zone] || []).push(item);
    });
    var playersBox = el("div", "board-players");
    playerIds.forEach(function (id) {
      var player = players[id];
      var name = nameOf(player, id);
      var section = el("section", "board-player" + (touched(changed, ["players", id]) ? " changed" : ""));
      var title = el("h3", null, name !== id ? name + " (" + id + ")" : id);
      if (touched(changed, ["players", id])) { title.appendChild(changedNote()); }
      section.appendChild(title);
      var own = facts(player, ["id", "name"], changed, ["players", id], refs);
      if (own.length) {
        var p = el("p", "facts");
        own.forEach(function (fact) { p.appendChild(factNode(fact)); p.appendChild(document.createTextNode(" ")); });
        section.appendChild(p);
      }
      zoneNodes(sides[id]).forEach(function (node) { section.appendChild(node); });
      playersBox.appendChild(section);
    });
    box.appendChild(playersBox);
    if (Object.keys(others).length) {
      var rest = el("section", "board-others");
      rest.appendChild(el("h3", null, ui.others));
      zoneNodes(others).forEach(function (node) { rest.appendChild(node); });
      box.appendChild(rest);
    }
    if (has(board, "chain")) {
      var chain = el("section", "board-chain" + (touched(changed, ["chain"]) ? " changed" : ""));
      chain.appendChild(el("h3", null, ui.chain));
      var items = chainEntries(board.chain);
      if (!items.length) { chain.appendChild(el("p", "meta", ui.empty_chain)); }
      else {
        var list = el("ol", "board-chain-items");
        var fresh = newItems(changed, "chain", items, previous);
        items.forEach(function (pair, index) {
          var where = pair[0], item = pair[1];
          var prefix = ["chain", where];
          var inside = changed.filter(function (path) { return path[0] === "chain" && path[1] === where; });
          var li = el("li", "board-card" + (fresh[where] === true ? " changed" : ""));
          if (item && typeof item === "object" && !Array.isArray(item)) {
            var key = ["card", "object", "source", "id"].filter(function (k) { return typeof item[k] === "string"; })[0];
            li.appendChild(el("span", "card-name", key ? nameOf(objects[item[key]], item[key]) : String(index + 1)));
            appendFacts(li, facts(item, key ? [key] : [], inside, prefix, refs));
          } else {
            li.appendChild(el("span", "card-name", typeof item === "string" ? nameOf(objects[item], item) : valueText("", item)));
          }
          list.appendChild(li);
        });
        chain.appendChild(list);
      }
      box.appendChild(chain);
    }
    return box;
  }

  // ---------------------------------------------------------------- showing one position

  var positionNode = root.querySelector(".stepper-position");
  var stepNode = root.querySelector(".stepper-step");
  var trailNode = root.querySelector(".stepper-trail");
  var branchNode = root.querySelector(".stepper-branches");
  var view = root.querySelector(".stepper-view");

  function anchorOf(at) { return at === 0 ? "step-0" : line[at - 1].anchor; }

  function pathsOf(ops) {
    return (ops || []).map(function (op) { return String(op.path).split("/").slice(1).map(unescapePart); });
  }

  function button(label, onClick) {
    var node = el("button", "secondary", label);
    node.type = "button";
    node.addEventListener("click", onClick);
    return node;
  }

  function showStep(at) {
    stepNode.textContent = "";
    if (at === 0) { stepNode.appendChild(el("p", "stepper-before", ui.before)); return; }
    var item = document.getElementById(line[at - 1].anchor);
    if (!item) { return; }
    var copy = item.cloneNode(true);
    copy.removeAttribute("id");
    copy.querySelectorAll(".branches, .step-board").forEach(function (node) { node.remove(); });
    var list = el("ol", "timeline stepper-current");
    copy.setAttribute("data-n", String(at));  // the number drawn in its circle (result.css)
    list.appendChild(copy);
    stepNode.appendChild(list);
  }

  function showTrail() {
    trailNode.textContent = "";
    trailNode.hidden = !line.forks.length;
    line.forks.forEach(function (f, index) {
      var p = el("p", null, fill(ui.branch, {choice: fill(ui["if"], {choice: f.choice}), n: f.pos}) + " ");
      if (index === line.forks.length - 1) {
        p.appendChild(button(fill(ui.back, {n: f.pos}), function () { line = f.parent; go(f.pos); view.focus(); }));
      }
      trailNode.appendChild(p);
    });
  }

  function showBranches(at) {
    branchNode.textContent = "";
    var entry = at > 0 ? line[at - 1] : null;
    branchNode.hidden = !(entry && entry.branches && entry.branches.length);
    if (branchNode.hidden) { return; }
    branchNode.appendChild(el("p", null, ui.follow));
    var row = el("div", "stepper-choices");
    entry.branches.forEach(function (branch, index) {
      row.appendChild(button(fill(ui["if"], {choice: branch.choice}), function () {
        line = fork(line, at, index + 1);
        go(at + 1);
        view.focus();  // the button is gone with the step it was on: keep the keys working here
      }));
    });
    branchNode.appendChild(row);
  }

  function showBoard(at) {
    view.textContent = "";
    if (data.board === null) { view.appendChild(el("p", "meta", data.reason)); return; }
    var previous = at > 0 && line[at - 1].ops ? boardAt(at - 1) : null;
    var board = boardAt(at);
    if (board === undefined) { view.appendChild(el("p", "meta", ui.unknown)); return; }
    view.appendChild(drawBoard(board, at > 0 ? pathsOf(line[at - 1].ops) : [], previous));
  }

  function go(at, options) {
    pos = Math.max(0, Math.min(line.length, at));
    positionNode.textContent = pos === 0 ? ui.before : fill(ui.position, {n: pos, total: line.length});
    showStep(pos);
    showTrail();
    showBranches(pos);
    showBoard(pos);
    root.querySelector('[data-go="first"]').disabled = root.querySelector('[data-go="prev"]').disabled = pos === 0;
    root.querySelector('[data-go="last"]').disabled = root.querySelector('[data-go="next"]').disabled = pos === line.length;
    if (!(options && options.keepUrl) && window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#" + anchorOf(pos));
    }
  }

  // #step-12b2-3: the main line's step 12, its second branch, that branch's step 3.
  function goToAnchor(anchor) {
    var match = /^step-(\d+)((?:b\d+-\d+)*)$/.exec(anchor || "");
    if (!match) { return false; }
    var target = main;
    var at = Math.min(Number(match[1]), target.length);
    var forks = match[2].match(/b\d+-\d+/g) || [];
    for (var i = 0; i < forks.length; i++) {
      var parts = /b(\d+)-(\d+)/.exec(forks[i]);
      var entry = target[at - 1];
      var number = Number(parts[1]);
      if (!entry || !entry.branches || number < 1 || number > entry.branches.length) { break; }
      target = fork(target, at, number);
      at = Math.min(at + Number(parts[2]), target.length);
    }
    line = target;
    go(at, {keepUrl: true});
    return true;
  }

  root.querySelector(".stepper-bar").addEventListener("click", function (event) {
    var control = event.target.closest("[data-go]");
    if (!control) { return; }
    var where = control.getAttribute("data-go");
    go(where === "first" ? 0 : where === "prev" ? pos - 1 : where === "next" ? pos + 1 : line.length);
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) { return; }
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    var inside = root.contains(target);
    var page = !target || target === document.body || target === document.documentElement;
    var key = event.key;
    if (key === "ArrowRight" && (inside || page)) { go(pos + 1); }
    else if (key === "ArrowLeft" && (inside || page)) { go(pos - 1); }
    else if (key === "Home" && inside) { go(0); }
    else if (key === "End" && inside) { go(line.length); }
    else { return; }
    event.preventDefault();
  });

  // "Board after this step" in the list: show that step up here instead of opening the copy below.
  document.addEventListener("click", function (event) {
    var summary = event.target.closest("details.step-board > summary");
    if (!summary) { return; }
    event.preventDefault();
    if (goToAnchor(summary.parentNode.getAttribute("data-anchor"))) {
      window.history.replaceState(null, "", "#" + anchorOf(pos));
      root.scrollIntoView({block: "start"});
      view.focus({preventScroll: true});
    }
  });

  window.addEventListener("hashchange", function () {
    if (goToAnchor(window.location.hash.slice(1))) { root.scrollIntoView({block: "start"}); }
  });

  root.hidden = false;
  document.documentElement.classList.add("js-stepper");
  if (goToAnchor(window.location.hash.slice(1))) {
    // The browser scrolls to the step in the list (#step-12) once the page has loaded: show
    // the stepper instead, after that.
    var reveal = function () { root.scrollIntoView({block: "start"}); };
    reveal();
    if (document.readyState !== "complete") {
      window.addEventListener("load", function () { window.setTimeout(reveal, 0); });
    }
  } else {
    go(0, {keepUrl: true});
  }
})();
