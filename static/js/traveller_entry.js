// Entry from paper travellers (templates/duplicate/board_entry.html): Enter in a line's field goes to the
// next line's result; Enter on the last line submits the board (the server then opens the next board).
(function () {
  "use strict";
  var form = document.getElementById("traveller-entry");
  if (!form) return;
  // A board sent back with an error: the cursor is on the first refused line, its text selected, so that
  // typing replaces it (what was typed is kept on the page all the same).
  var refused = form.querySelector(".traveller-line.error input[type=text], .traveller-line.conflict input[type=text]");
  if (refused) {
    refused.focus();
    refused.select();
  }
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing) return;
    var target = event.target;
    if (!(target instanceof HTMLInputElement) || target.type !== "text") return;
    var fields = Array.prototype.slice.call(form.querySelectorAll("input[type=text]"));
    var at = fields.indexOf(target);
    if (at < 0 || at === fields.length - 1) return; // the last field: the form is submitted
    event.preventDefault();
    fields[at + 1].focus();
    fields[at + 1].select();
  });
  form.dataset.keys = "ready"; // Enter now moves between lines (a test waits for this)
})();
