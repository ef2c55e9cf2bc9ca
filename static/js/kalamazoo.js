// Small behaviours for every page (no inline handlers: the Content-Security-Policy allows scripts from this site only).
document.addEventListener("click", function (event) {
  var target = event.target.closest("[data-print]");
  if (target) { event.preventDefault(); window.print(); }
});

// New event: a team match plays the team match movement, so choosing one sets the other (the server does the same).
function syncKindAndMovement(form, select) {
  var kind = form.querySelector("select[data-team-kind]");
  var movement = form.querySelector("select[data-team-movement]");
  if (!kind || !movement) { return; }
  var teamKind = kind.dataset.teamKind, teamMovement = movement.dataset.teamMovement;
  if (select === kind) {
    if (kind.value === teamKind && movement.value !== "custom") { movement.value = teamMovement; }
    else if (kind.value !== teamKind && movement.value === teamMovement) { movement.value = "mitchell"; }
  } else if (select === movement) {
    if (movement.value === teamMovement) { kind.value = teamKind; }
    else if (movement.value !== "custom" && kind.value === teamKind) { kind.value = kind.options[0].value; }
  }
}

// New event: the contest offers the chosen code and kind's contests only (data-kind on each option: a contract
// pair event's matchpoints, Butler, cross-IMPs; a contract team match's IMPs; the historic codes' law H / law G,
// whose field is then hidden), and takes the first of them when the one chosen does not fit.
function fitContest(form) {
  var contest = form.querySelector("select[data-contest-choice]");
  var code = form.elements.code, kind = form.elements.kind;
  if (!contest || !code || !kind) { return; }
  var contract = code.value === contest.dataset.contractCode;
  var first = null, chosenFits = false;
  Array.prototype.forEach.call(contest.options, function (option) {
    var fits = contract ? option.dataset.kind === kind.value : option.value === "";
    option.hidden = !fits;
    option.disabled = !fits;
    if (fits && first === null) { first = option; }
    if (fits && option.selected) { chosenFits = true; }
  });
  if (!chosenFits && first !== null) { contest.value = first.value; }
}

// Whether an element's conditions hold: data-movements, the movements it belongs to; data-when-<field>, the
// values of that field it applies at ("even": an even number; "several": more than one).
function applies(element, form) {
  var movement = form.querySelector("select[data-movement-choice]");
  var data = element.dataset;
  if (data.movements && movement && data.movements.split(" ").indexOf(movement.value) < 0) { return false; }
  return Object.keys(data).every(function (key) {
    if (key.indexOf("when") !== 0 || key.length <= 4) { return true; }
    var field = form.elements[key.charAt(4).toLowerCase() + key.slice(5)];
    var value = field ? String(field.value).trim() : "";
    var number = /^[0-9]{1,5}$/.test(value) ? parseInt(value, 10) : NaN;
    if (data[key] === "even") { return number % 2 === 0; }
    if (data[key] === "several") { return number > 1; }
    return data[key].split(" ").indexOf(value) >= 0;
  });
}

// New event: only the chosen movement's fields and help are shown, and only the fields that apply; a field with
// an error stays shown. The page as sent already shows what it was sent with: without this script, its "Preview"
// button sends new choices and the page comes back so.
function showApplicable(form) {
  fitContest(form);
  form.querySelectorAll("*").forEach(function (element) {
    var conditional = Object.keys(element.dataset).some(function (key) {
      return key === "movements" || (key.indexOf("when") === 0 && key.length > 4);
    });
    if (conditional) { element.hidden = !applies(element, form) && !element.classList.contains("has-errors"); }
  });
}
["change", "input"].forEach(function (type) {
  document.addEventListener(type, function (event) {
    var form = event.target.form;
    if (!form || !form.hasAttribute("data-movement-form")) { return; }
    if (type === "change") { syncKindAndMovement(form, event.target); }
    showApplicable(form);
  });
});
// Also when the page comes back from the history, its choices as they were left.
window.addEventListener("pageshow", function () {
  document.querySelectorAll("form[data-movement-form]").forEach(showApplicable);
});

// A page that opens on a summary (a table link after its round's last board) puts the cursor on its heading.
(function () {
  var target = document.querySelector("[data-focus-on-load]");
  if (target) { target.focus(); }
})();

// Standings and travellers: the rows of the pair in "?pair=" (a score card's link) are marked, here rather than by
// the server, so that the page kept in the cache stays one page for everyone. Marked again when live.js puts in
// fresh figures (not scrolled to again: the reader may have moved on).
function markPair(scroll) {
  var pair = new URLSearchParams(window.location.search).get("pair");
  if (!pair) { return; }
  var first = null;
  document.querySelectorAll("tr[data-pair], tr[data-ns], tr[data-ew]").forEach(function (row) {
    var d = row.dataset;
    if (d.pair === pair || d.ns === pair || d.ew === pair) {
      row.classList.add("mine");
      if (!first) { first = row; }
    }
  });
  if (first && scroll) { first.scrollIntoView({ block: "center" }); }
}
document.addEventListener("DOMContentLoaded", function () { markPair(true); });
document.addEventListener("kalamazoo:refreshed", function () { markPair(false); });
