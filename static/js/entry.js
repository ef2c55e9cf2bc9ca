/* Result entry: save a board without leaving the page, and show its score as soon as the row is complete.
   Vanilla, no CDN. Without this script the forms post and the page reloads: everything still works. */
(function () {
  "use strict";

  function complete(form) {
    var get = function (suffix) {
      var el = form.querySelector('[name$="-' + suffix + '"]');
      if (!el) return null;
      if (el.type === "checkbox") return el.checked ? "on" : "";
      return (el.value || "").trim();
    };
    if (get("quick")) return true;
    if (get("ruling")) return true;
    var tns = get("tricks_ns");
    if (tns !== null) return tns !== "";
    if (get("level") === "PASS") return true;
    return !!(get("level") && get("strain") && get("declarer") && get("tricks"));
  }

  var timers = new WeakMap();
  var pending = new WeakMap();

  function preview(form) {
    var row = form.closest(".entry-row");
    var out = row && row.querySelector(".score");
    if (!out || !form.dataset.preview) return;
    if (!complete(form)) return;
    var body = new FormData(form);
    body.delete("action");
    var ticket = {};
    pending.set(form, ticket);
    fetch(form.dataset.preview, {
      method: "POST",
      body: body,
      headers: { "X-Requested-With": "fetch" },
      credentials: "same-origin",
    })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        if (pending.get(form) !== ticket) return; // a newer preview is on its way
        out.innerHTML = html;
        out.classList.add("previewing");
      })
      .catch(function () { /* offline: the save still works */ });
  }

  function schedule(form) {
    clearTimeout(timers.get(form));
    timers.set(form, setTimeout(function () { preview(form); }, 250));
  }

  function focusNext(afterRow) {
    var rows = Array.prototype.slice.call(document.querySelectorAll(".entry-row"));
    var start = rows.indexOf(afterRow);
    for (var i = start + 1; i < rows.length; i++) {
      if (!rows[i].classList.contains("entered")) {
        var q = rows[i].querySelector("input.quick");
        if (q) { q.focus(); return; }
      }
    }
  }

  function save(form, submitter) {
    var row = form.closest(".entry-row");
    var body = new FormData(form);
    body.set("action", submitter && submitter.value ? submitter.value : "save");
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    fetch(form.getAttribute("action"), {
      method: "POST",
      body: body,
      headers: { "X-Requested-With": "fetch" },
      credentials: "same-origin",
    })
      .then(function (r) {
        return r.text().then(function (html) { return { status: r.status, html: html, type: r.headers.get("Content-Type") || "" , go: r.headers.get("X-Kz-Location") }; });
      })
      .then(function (res) {
        if (res.go) { // the round is in: its summary (reloaded when only the #fragment would change)
          var dest = new URL(res.go, window.location.href);
          if (dest.pathname + dest.search === window.location.pathname + window.location.search) {
            window.location.hash = dest.hash;
            window.location.reload();
          } else {
            window.location.assign(dest.href);
          }
          return;
        }
        var holder = document.createElement("div");
        holder.innerHTML = res.html;
        var fresh = holder.querySelector(".entry-row");
        if (!fresh) {
          // A whole page (forbidden, expired link): show it.
          document.open(); document.write(res.html); document.close();
          return;
        }
        row.replaceWith(fresh);
        bind(fresh);
        var asked = fresh.querySelector(".unlikely-prompt .confirm-save");
        if (asked) { // "Is this right?": the answer's buttons, never a save refused
          asked.focus();
        } else if (res.status === 200) {
          focusNext(fresh);
        } else {
          var bad = fresh.querySelector(".has-error input, .has-error select") || fresh.querySelector("input.quick");
          if (bad) bad.focus();
        }
      })
      .catch(function () {
        buttons.forEach(function (b) { b.disabled = false; });
        form.submit();
      });
  }

  function goTo(target) { // the page at an address the server named (reloaded when only the #fragment changes)
    var dest = new URL(target, window.location.href);
    if (dest.pathname + dest.search === window.location.pathname + window.location.search) {
      window.location.hash = dest.hash;
      window.location.reload();
    } else {
      window.location.assign(dest.href);
    }
  }

  function confirmResult(form) { // the other side's one tap (law 79): the page again, at the board or the summary
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    fetch(form.getAttribute("action"), {
      method: "POST",
      body: new FormData(form),
      headers: { "X-Requested-With": "fetch" },
      credentials: "same-origin",
    })
      .then(function (r) {
        var target = r.headers.get("X-Kz-Location");
        if (target) { goTo(target); return; }
        return r.text().then(function (html) { document.open(); document.write(html); document.close(); });
      })
      .catch(function () { form.submit(); });
  }

  function bind(root) {
    root.querySelectorAll(".unlikely-prompt .change-it").forEach(function (link) {
      link.addEventListener("click", function (ev) { // back to the form as typed, its own Save button
        ev.preventDefault();
        var form = link.closest("form");
        link.closest(".unlikely-prompt").remove();
        form.querySelectorAll(".entry-actions[hidden]").forEach(function (a) { a.hidden = false; });
        var q = form.querySelector("input.quick");
        if (q) { q.focus(); q.select(); }
      });
    });
    root.querySelectorAll("form.confirm-form").forEach(function (form) {
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        confirmResult(form);
      });
    });
    root.querySelectorAll("form.entry-form").forEach(function (form) {
      form.addEventListener("input", function () { schedule(form); });
      form.addEventListener("change", function () { schedule(form); });
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        save(form, ev.submitter);
      });
    });
  }

  document.documentElement.classList.add("js");
  bind(document);
})();
