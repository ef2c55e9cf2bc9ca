// Small behaviours for every page (no inline handlers: the Content-Security-Policy allows scripts from this site only).
document.addEventListener("click", function (event) {
  var target = event.target.closest("[data-print]");
  if (target) { event.preventDefault(); window.print(); }
});
