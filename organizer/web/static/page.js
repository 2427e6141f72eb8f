/* The players' page: the clock counts down, the name search filters as you type,
   and the page reloads when the round changes. The lists work without this file. */
(function () {
  "use strict";
  var POLL_MS = 5000;
  var STATES = {
    waiting: "Round 1 is not paired yet.",
    not_started: "The round has not started yet.",
    running: "left in the round",
    paused: "The clock is paused.",
    time: "Time is up: finish the turn you are in.",
    sudden_death: "Time is up: sudden death.",
    finished: "The round is over."
  };
  var PHASES = { sideboarding: "Sideboarding", extra_turns: "Extra turns", time_called: "Time called" };
  var pageRound = document.body.getAttribute("data-round") || "";
  var timeEl = document.getElementById("clock-time");
  var wordsEl = document.getElementById("clock-words");
  var last = null;
  var fetchedAt = 0;

  function mmss(seconds) {
    if (typeof seconds !== "number") { return "--:--"; }
    var s = Math.max(0, seconds);
    var m = Math.floor(s / 60);
    var r = s % 60;
    return (m < 10 ? "0" : "") + m + ":" + (r < 10 ? "0" : "") + r;
  }

  function words(doc) {
    var text = STATES[doc.state] || String(doc.state).replace(/_/g, " ");
    var phase = PHASES[doc.phase];
    return phase && doc.state === "running" ? text + " · " + phase : text;
  }

  function showClock() {
    if (!timeEl || !last) { return; }
    var left = last.remaining_s;
    if (typeof left === "number" && last.state === "running") {
      left = Math.max(0, left - Math.floor((Date.now() - fetchedAt) / 1000));
    }
    timeEl.textContent = mmss(left);
    timeEl.setAttribute("data-state", last.state);
    timeEl.classList.toggle("soon", last.state === "running" && left <= 300);
    if (wordsEl) { wordsEl.textContent = words(last); }
  }

  function poll() {
    var request = new XMLHttpRequest();
    request.open("GET", "/api/clock.json");
    request.setRequestHeader("Cache-Control", "no-cache");
    request.onload = function () {
      if (request.status !== 200) { return; }
      var doc;
      try { doc = JSON.parse(request.responseText); } catch (e) { return; }
      var round = doc.round === null ? "" : String(doc.round);
      if (round !== pageRound) { window.location.reload(); return; }
      last = doc;
      fetchedAt = Date.now();
      showClock();
    };
    request.send();
  }

  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s+/g, " ").trim();
  }

  function card(row) {
    var cells = row.getElementsByTagName("td");
    var li = document.createElement("li");
    var who = document.createElement("span");
    who.className = "who";
    who.textContent = cells[0].textContent;
    li.appendChild(who);
    var where = document.createElement("span");
    where.className = "where";
    if (cells[1].textContent === "bye") {
      where.textContent = "Bye this round";
      li.appendChild(where);
      return li;
    }
    where.appendChild(document.createTextNode("Table "));
    var b = document.createElement("b");
    b.textContent = cells[1].textContent;
    where.appendChild(b);
    where.appendChild(document.createTextNode(" · Seat " + cells[2].textContent));
    li.appendChild(where);
    var vs = document.createElement("span");
    vs.className = "vs";
    vs.textContent = "against " + cells[3].textContent;
    li.appendChild(vs);
    return li;
  }

  function setUpSearch() {
    var input = document.getElementById("find");
    var box = document.getElementById("found");
    var list = document.getElementById("found-list");
    var none = document.getElementById("found-none");
    var names = document.getElementById("names");
    if (!input || !box || !list || !names) { return; }
    var rows = names.tBodies[0].rows;
    var more = box.querySelector(".more");
    input.addEventListener("input", function () {
      var q = fold(input.value);
      while (list.firstChild) { list.removeChild(list.firstChild); }
      if (more) { more.hidden = true; }
      if (!q) { box.hidden = true; return; }
      var shown = 0;
      for (var i = 0; i < rows.length && shown < 20; i += 1) {
        if (rows[i].getAttribute("data-key").indexOf(q) !== -1) {
          list.appendChild(card(rows[i]));
          shown += 1;
        }
      }
      document.getElementById("found-q").textContent = input.value;
      none.hidden = shown > 0;
      box.hidden = false;
    });
  }

  setUpSearch();
  poll();
  window.setInterval(poll, POLL_MS);
  if (timeEl) { window.setInterval(showClock, 250); }
})();
