/* rootbotics: a human's moves by clicking. Pick a piece on the board (a warrior badge, a building,
   a token; click a badge again for one more warrior) or in the supply, then a clearing: the Rootlog
   action is written into the line's text box, where the person reads it before pressing enter.
   "remove it" writes a removal to the supply, "battle it" a battle with the picked piece's owner
   in its clearing, with the dice typed or rolled. A clearing clicked with nothing picked only says
   to pick a piece first (it never glues its number onto the line). The server checks every line;
   nothing here changes the game.

   Also: "zoom" doubles the board in its box; a refused line's bad column is selected in the box
   (without focusing it: no keyboard jumps up on a phone); the page leaves room for the bar fixed
   at its bottom; and an open game page follows the game (issue 30 item 9): every few seconds it
   asks /game/<name>/key and, when the game moved on (another device, a terminal), fetches the
   page again, unless a line is being typed, when it says so and offers to show the game. */
(function () {
  var picked = null; // {rootlog, from, max, el}

  function $(id) { return document.getElementById(id); }

  function say(text, on) {
    var p = $("picked");
    if (p) { p.textContent = text; p.classList.toggle("on", !!on); }
  }

  function mark(el) {
    document.querySelectorAll(".on[data-rootlog]").forEach(function (x) { x.classList.remove("on"); });
    if (el) el.classList.add("on");
  }

  function drop() { picked = null; mark(null); }

  /* A piece as the line writes it: the mover's own pieces without their faction letter. */
  function named(rootlog) {
    var me = $("composer") ? $("composer").getAttribute("data-letter") : "";
    return me && rootlog.charAt(0) === me ? rootlog.slice(1) : rootlog;
  }

  function howMany() {
    var n = parseInt(($("count") || {}).value, 10) || 1;
    return Math.max(1, Math.min(n, picked ? picked.max : 1));
  }

  function write(action) {
    var line = $("line");
    if (!line) return;
    line.value = line.value.trim() ? line.value.trim() + "/" + action : action;
    line.focus();
    drop();
    say("Written: " + action + ". Press enter to send the line, or pick more.", true);
  }

  function counted() {
    var n = howMany();
    return (n > 1 ? String(n) : "") + named(picked.rootlog);
  }

  function pick(el, from) {
    var again = picked && picked.el === el && el.classList.contains("warriors");
    var count = $("count");
    if (again) {
      if (count) count.value = String(Math.min(howMany() + 1, picked.max));
    } else {
      picked = {rootlog: el.getAttribute("data-rootlog"), from: from, max: parseInt(el.getAttribute("data-count"), 10) || 1, el: el};
      if (count) count.value = "1";
    }
    mark(el);
    var where = from ? " in clearing " + from : " from the supply";
    say("Picked: " + howMany() + " × " + named(picked.rootlog) + where + ". Now click a clearing" + (from ? ", or remove it, or battle it." : "."), true);
  }

  function dice() {
    var a = ($("die-a") || {}).value, b = ($("die-b") || {}).value;
    return /^[0-3]$/.test(a) && /^[0-3]$/.test(b) ? "(" + a + "," + b + ")" : "";
  }

  function clicked(target) {
    var piece = target.closest("svg.board.pickable [data-rootlog]");
    if (piece) return pick(piece, piece.getAttribute("data-clearing"));
    var supply = target.closest(".supply-piece");
    if (supply) return pick(supply, null);
    var clearing = target.closest(".pick");
    if (clearing) {
      var c = clearing.getAttribute("data-clearing");
      if (picked) return write(counted() + (picked.from || "") + "->" + c);
      return say("Clearing " + c + ": pick a piece first (a warrior badge, a building, a token, or one of the supply), then a clearing.", true);
    }
    if (target.closest("#to-supply")) {
      if (picked && picked.from) return write(counted() + picked.from + "->");
      return say("Pick a piece on the board first: it goes back to its supply.");
    }
    if (target.closest("#battle")) {
      var me = $("composer").getAttribute("data-letter");
      if (picked && picked.from && picked.rootlog.charAt(0) !== me) {
        return write("X" + picked.rootlog.charAt(0) + picked.from + dice());
      }
      return say("Pick a piece of the defender on the board first (not your own).");
    }
    if (target.closest("#roll")) {
      var r = new Uint8Array(2);
      crypto.getRandomValues(r);
      var hi = Math.max(r[0] % 4, r[1] % 4), lo = Math.min(r[0] % 4, r[1] % 4);
      $("die-a").value = String(hi); // the attacker takes the higher roll (LoR 4.3.2)
      $("die-b").value = String(lo);
    }
  }

  document.addEventListener("click", function (event) {
    if (!event.target || !event.target.closest) return;
    var zoom = event.target.closest("#zoom");
    if (zoom) {
      var on = $("board-col").classList.toggle("zoomed");
      zoom.setAttribute("aria-pressed", on ? "true" : "false");
      return;
    }
    if (event.target.closest("#show-moved")) return follow(true);
    clicked(event.target);
  });

  /* The room the bar fixed at the bottom takes, and the refused line's bad column selected. */
  function settle() {
    var dock = document.querySelector(".dock"), main = document.querySelector("main");
    if (main) main.style.paddingBottom = dock && getComputedStyle(dock).position === "fixed" ? (dock.offsetHeight + 16) + "px" : "";
    var line = $("line"), col = line && parseInt(line.getAttribute("data-column"), 10);
    if (col) { try { line.setSelectionRange(col - 1, col); } catch (e) { /* not a text box */ } }
  }

  /* Following the game: the key of what the page shows against the game's key now. */
  var asking = false;
  function typing() {
    var line = $("line");
    return !!line && (line.value !== line.defaultValue || document.activeElement === line || !!picked);
  }
  function follow(now) {
    var game = $("game");
    if (!game || asking || (document.hidden && !now)) return;
    var name = game.getAttribute("data-name");
    asking = true;
    fetch("/game/" + encodeURIComponent(name) + "/key", {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (key) {
        asking = false;
        if (key === null || key === game.getAttribute("data-key")) return;
        if (typing() && !now) {
          if (!$("moved")) game.insertAdjacentHTML("afterbegin", '<p class="moved" id="moved" role="status">The game moved on (another device or an undo). <button type="button" id="show-moved" class="primary">show it now</button></p>');
          return;
        }
        htmx.ajax("GET", "/game/" + encodeURIComponent(name), {target: "#game", select: "#game", swap: "outerHTML"});
      })
      .catch(function () { asking = false; });
  }
  setInterval(follow, 2500);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) follow(); });

  document.addEventListener("htmx:afterSwap", function () { drop(); settle(); });
  window.addEventListener("resize", settle);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", settle); else settle();
})();
