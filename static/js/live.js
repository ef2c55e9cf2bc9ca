// Live pages (standings, travellers, score cards, the venue display): the page carries the version of the results
// it shows (data-live-version) and the address that says the current one (data-live). Every POLL_MS, while the tab
// is shown, the script asks; when the two differ it fetches the page again and puts in its changing parts
// (data-live-part), so what is typed or scrolled stays. What a page shows is decided by the server (no peeking):
// the version says only that something changed. "updated hh:mm:ss" is this device's clock when the page's figures
// were last fetched (the page opened, or a refresh): the sentence comes translated from the page, the script tag's
// data-live-updated-text with {time} in it (none there: the stamp stays hidden). No network: it tries again at the
// next poll.
(function () {
  "use strict";
  var POLL_MS = 15000;
  if (!document.querySelector("[data-live]")) { return; }
  var busy = false;

  function two(n) { return (n < 10 ? "0" : "") + n; }

  var sayer = document.querySelector("script[data-live-updated-text]");
  var updated = sayer ? sayer.getAttribute("data-live-updated-text") : "";

  function stamp() {
    if (!updated) { return; }
    var now = new Date();
    var time = two(now.getHours()) + ":" + two(now.getMinutes()) + ":" + two(now.getSeconds());
    var text = updated.replace("{time}", time);
    document.querySelectorAll("[data-live-updated]").forEach(function (el) {
      el.textContent = text;
      el.hidden = false;
    });
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var freshRoot = fresh.querySelector("[data-live]");
    if (!freshRoot) { return; }  // not the same page (signed out, an error page): left as it is
    document.querySelectorAll("[data-live-part]").forEach(function (el) {
      var other = fresh.querySelector('[data-live-part="' + el.dataset.livePart + '"]');
      if (other) { el.replaceWith(document.importNode(other, true)); }
    });
    var root = document.querySelector("[data-live]");
    if (root) { root.dataset.liveVersion = freshRoot.dataset.liveVersion; }
    stamp();
    document.dispatchEvent(new CustomEvent("kalamazoo:refreshed"));
  }
  // The venue display's script below puts its next page in with the same swap.
  window.kalamazooLive = { swap: swap };

  function poll() {
    var root = document.querySelector("[data-live]");
    if (busy || !root || document.visibilityState === "hidden") { return; }
    busy = true;
    fetch(root.dataset.live, { cache: "no-store", credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data || String(data.version) === root.dataset.liveVersion) { return null; }
        return fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (html) { if (html) { swap(html); } });
      })
      .catch(function () { /* offline or the server restarting: the next poll tries again */ })
      .then(function () { busy = false; });
  }

  stamp();
  window.setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", poll);  // back on a hidden tab: asks at once
})();

// The venue display: one slide at a time, each for ?seconds= (5 to 300, else 15: the browser's, so one page the
// server keeps serves every screen), in order; after the page's last slide the next page of slides
// (?page=, data-display-pages of them) is fetched and put in, and after the last page the first. A refresh keeps
// the place (the slide of the same position, the slides being fewer or more). When a page cannot be fetched
// (no network), the page shown is cycled again.
(function () {
  "use strict";
  var main = document.querySelector("[data-display]");
  if (!main) { return; }
  var params = new URLSearchParams(window.location.search);
  var asked = /^[0-9]{1,4}$/.test(params.get("seconds") || "") ? parseInt(params.get("seconds"), 10) : 15;
  var seconds = Math.min(300, Math.max(5, asked));
  var index = 0;
  var fetching = false;
  document.body.classList.add("cycling");

  function show() {
    var slides = document.querySelectorAll("[data-slide]");
    if (!slides.length) { return; }
    index = index % slides.length;
    slides.forEach(function (slide, i) { slide.classList.toggle("current", i === index); });
  }

  function pageUrl(page) {
    var url = new URL(window.location.href);
    if (page > 1) { url.searchParams.set("page", String(page)); } else { url.searchParams.delete("page"); }
    return url.toString();
  }

  function nextPage() {
    var holder = document.querySelector("[data-display-pages]");
    var pages = holder ? parseInt(holder.dataset.displayPages, 10) || 1 : 1;
    var page = holder ? parseInt(holder.dataset.displayPage, 10) || 1 : 1;
    index = 0;
    if (pages < 2 || fetching || !window.kalamazooLive) { show(); return; }
    var url = pageUrl(page >= pages ? 1 : page + 1);
    fetching = true;
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { show(); return; }
        window.history.replaceState(null, "", url);  // the poll's refresh fetches this page
        index = 0;
        window.kalamazooLive.swap(html);
      })
      .catch(function () { show(); })
      .then(function () { fetching = false; });
  }

  function advance() {
    if (fetching) { return; }  // the next page is on its way: it starts at its first slide
    index += 1;
    if (index >= document.querySelectorAll("[data-slide]").length) { nextPage(); } else { show(); }
  }

  show();
  window.setInterval(advance, seconds * 1000);
  document.addEventListener("kalamazoo:refreshed", show);
})();

// The round clock of the venue display (templates/duplicate/_round_clock.html): the director started round
// data-clock-round at data-clock-started (ISO 8601), data-clock-minutes a round, of data-clock-rounds. Each second
// this device's clock says where play stands, as scoring/round_clock.py works it out (whole seconds; the first
// MOVE_SECONDS of a later round say the round before has ended): no request to the server. A change of the
// director's reaches the page with the results version (the poll above fetches the page and swaps the clock in).
// Its sentences come translated from the page (data-clock-say-*, with {round}, {before} and {time} in them); one
// missing leaves the server's sentence as it is.
(function () {
  "use strict";
  var MOVE_SECONDS = 60;
  if (!document.querySelector("[data-display]")) { return; }

  function number(el, name) { return parseInt(el.getAttribute(name), 10); }

  function state(el, now) {
    var started = Date.parse((el.dataset.clockStarted || "").replace(/(\.\d{3})\d+/, "$1"));
    var first = number(el, "data-clock-round");
    var minutes = number(el, "data-clock-minutes");
    var rounds = number(el, "data-clock-rounds");
    if (isNaN(started) || !(minutes > 0) || !(rounds > 0) || !(first >= 1 && first <= rounds)) { return null; }
    var length = minutes * 60;
    var elapsed = Math.max(0, Math.floor((now - started) / 1000));
    var played = Math.floor(elapsed / length);
    var into = elapsed - played * length;
    var current = first + played;
    if (current > rounds) { return { over: true }; }
    return {
      over: false, round: current, left: length - into, last: current === rounds,
      moving: played > 0 && into < MOVE_SECONDS
    };
  }

  function text(el, s) {
    var said;
    if (s.over) {
      said = el.getAttribute("data-clock-say-over");
    } else if (s.moving) {
      said = el.getAttribute(s.last ? "data-clock-say-move-last" : "data-clock-say-move");
    } else {
      said = el.getAttribute(s.last ? "data-clock-say-last" : "data-clock-say-round");
    }
    if (!said) { return null; }
    var seconds = s.left % 60;
    var time = Math.floor(s.left / 60) + ":" + (seconds < 10 ? "0" : "") + seconds;
    return said.replace("{before}", String(s.round - 1)).replace("{round}", String(s.round)).replace("{time}", time);
  }

  function tick() {
    var el = document.querySelector("[data-clock-started]");
    if (!el) { return; }
    var s = state(el, Date.now());
    if (!s) { return; }
    var said = text(el, s);
    if (said !== null && el.textContent !== said) { el.textContent = said; }
    el.classList.toggle("ending", s.over || s.moving || s.left <= 120);
  }

  tick();
  window.setInterval(tick, 1000);
  document.addEventListener("kalamazoo:refreshed", tick);
})();
