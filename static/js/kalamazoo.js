// Small behaviours for every page (no inline handlers: the Content-Security-Policy allows scripts from this site only).
document.addEventListener("click", function (event) {
  var target = event.target.closest("[data-print]");
  if (target) { event.preventDefault(); window.print(); }
});

// New event: a team match plays the team match movement, so choosing one sets the other (the server does the same).
document.addEventListener("change", function (event) {
  var select = event.target;
  var form = select.form;
  if (!form) { return; }
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
  showMovement(form);
});

// New event: only the chosen movement's fields and help are shown (data-movements lists the movements an
// element belongs to); a field with an error stays shown. The page as sent already shows the movement it was
// sent with: without this script, its "Preview" button sends a new choice and the page comes back so.
function showMovement(form) {
  var movement = form.querySelector("select[data-movement-choice]");
  if (!movement) { return; }
  form.querySelectorAll("[data-movements]").forEach(function (element) {
    var kinds = element.dataset.movements.split(" ");
    element.hidden = kinds.indexOf(movement.value) < 0 && !element.classList.contains("has-errors");
  });
}
// Also when the page comes back from the history, its choices as they were left.
window.addEventListener("pageshow", function () {
  document.querySelectorAll("form[data-movement-form]").forEach(showMovement);
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
