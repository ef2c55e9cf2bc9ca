// The roster's type-ahead on a seat's field (input[data-player-search], the names pages): the WAI-ARIA combobox
// pattern. Typing lists up to ten roster players (the field's data-player-search address, ?q=); ArrowDown and
// ArrowUp move through them, Enter chooses one (with none marked, it marks the first), Escape closes the list
// (Enter then sends the form); a click or a tap chooses too. Choosing
// fills the field with the text that names the player ("Ann Lee (EBU 123456)", "Bo Diaz (guest)"). Without
// this script the field is plain text and the server reads it the same way.
(function () {
  "use strict";
  var DELAY = 150; // ms after the last key before asking the server
  var MIN_LENGTH = 2;
  var counter = 0;

  function combobox(input) {
    var id = "roster-" + (++counter);
    var wrapper = document.createElement("span");
    wrapper.className = "combobox";
    input.parentNode.insertBefore(wrapper, input);
    wrapper.appendChild(input);
    var list = document.createElement("ul");
    list.id = id + "-list";
    list.className = "combobox-list";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", (input.getAttribute("aria-label") || "Player") + ": roster players");
    list.hidden = true;
    wrapper.appendChild(list);
    var status = document.createElement("span");
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    wrapper.appendChild(status);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", list.id);

    var options = [], active = -1, timer = null, asked = 0;

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }

    function mark(index) {
      active = index;
      options.forEach(function (option, i) {
        option.element.setAttribute("aria-selected", i === index ? "true" : "false");
      });
      if (index < 0) { input.removeAttribute("aria-activedescendant"); return; }
      input.setAttribute("aria-activedescendant", options[index].element.id);
      options[index].element.scrollIntoView({ block: "nearest" });
    }

    function choose(index) {
      input.value = options[index].fill;
      close();
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }

    function show(players) {
      list.textContent = "";
      options = players.map(function (player, i) {
        var element = document.createElement("li");
        element.id = id + "-option-" + i;
        element.setAttribute("role", "option");
        element.setAttribute("aria-selected", "false");
        element.textContent = player.label;
        if (player.guest) { element.className = "guest"; }
        // Pressing an option keeps the focus in the field; the click (a tap on a phone) chooses it.
        element.addEventListener("mousedown", function (event) { event.preventDefault(); });
        element.addEventListener("click", function () { choose(i); input.focus(); });
        list.appendChild(element);
        return { element: element, fill: player.fill };
      });
      status.textContent = players.length === 1 ? "1 player on the roster" : players.length + " players on the roster";
      if (!options.length) { close(); return; }
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      mark(-1);
    }

    function search() {
      var query = input.value.trim();
      if (query.length < MIN_LENGTH) { ++asked; options = []; list.textContent = ""; close(); return; }
      var ask = ++asked;
      fetch(input.dataset.playerSearch + "?q=" + encodeURIComponent(query), {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      }).then(function (response) {
        return response.ok ? response.json() : { players: [] };
      }).then(function (data) {
        if (ask === asked && document.activeElement === input) { show(data.players || []); }
      }).catch(function () { /* no answer: the field stays plain text */ });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(search, DELAY);
    });
    input.addEventListener("keydown", function (event) {
      var open = !list.hidden;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!options.length) { return; }
        event.preventDefault();
        if (!open) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
        var step = event.key === "ArrowDown" ? 1 : -1;
        mark(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
      } else if (event.key === "Enter" && open && active >= 0) {
        event.preventDefault(); // chooses the player; the form is not sent
        choose(active);
      } else if (event.key === "Enter" && open && options.length) {
        // The list is open and nothing is marked: the first Enter marks the first player (a second chooses
        // them), so that a name half typed is neither sent as a new guest nor taken for a player unseen.
        event.preventDefault();
        mark(0);
      } else if (event.key === "Escape" && open) {
        event.preventDefault();
        close();
      } else if (event.key === "Tab") {
        close();
      }
    });
    input.addEventListener("blur", function () { close(); });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("input[data-player-search]"), combobox);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
