/* The players' page: the clock counts down, the name search answers as you type, and an
   open page follows every change (a result, a drop, new standings, the next round): it asks
   /api/version.json every few seconds and, once the version moves, fetches itself again
   and swaps the parts marked data-live, keeping what you typed and the rows you opened.
   Every list works without this file (the page then refreshes itself every few seconds). */
(function () {
  "use strict";
  var VERSION_MS = 4000;
  var CLOCK_MS = 5000;
  var FIND_DELAY_MS = 200;
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
  var body = document.body;
  var last = null;
  var fetchedAt = 0;
  var updating = false;
  var rerunFind = null;

  function get(url, done) {
    var request = new XMLHttpRequest();
    request.open("GET", url);
    request.setRequestHeader("Cache-Control", "no-cache");
    request.onload = function () { if (request.status === 200) { done(request.responseText); } };
    request.send();
  }

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
    var timeEl = document.getElementById("clock-time");
    var wordsEl = document.getElementById("clock-words");
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

  function pollClock() {
    get("/api/clock.json", function (text) {
      try { last = JSON.parse(text); } catch (e) { return; }
      fetchedAt = Date.now();
      showClock();
    });
  }

  function liveIds(doc) {
    var ids = [];
    var parts = doc.querySelectorAll("[data-live][id]");
    for (var i = 0; i < parts.length; i += 1) { ids.push(parts[i].id); }
    return ids.join(" ");
  }

  /* The page again, its live parts swapped in place: no reload, nothing typed is lost.
     When the page took another shape (round 1 paired on an empty page), it reloads. */
  function refresh(version) {
    updating = true;
    get(window.location.pathname + window.location.search, function (text) {
      updating = false;
      var fresh = new DOMParser().parseFromString(text, "text/html");
      var open = {};
      var details = document.querySelectorAll("details[data-player]");
      for (var i = 0; i < details.length; i += 1) {
        open[details[i].getAttribute("data-player")] = details[i].open;
      }
      var parts = document.querySelectorAll("[data-live][id]");
      if (liveIds(document) !== liveIds(fresh)) { window.location.reload(); return; }
      for (var j = 0; j < parts.length; j += 1) {
        var part = fresh.getElementById(parts[j].id);
        parts[j].replaceWith(document.importNode(part, true));
      }
      var again = document.querySelectorAll("details[data-player]");
      for (var k = 0; k < again.length; k += 1) {
        var was = open[again[k].getAttribute("data-player")];
        if (was !== undefined) { again[k].open = was; }
      }
      body.setAttribute("data-version", fresh.body.getAttribute("data-version") || version);
      body.setAttribute("data-round", fresh.body.getAttribute("data-round") || "");
      if (rerunFind) { rerunFind(); }
      showClock();
    });
    window.setTimeout(function () { updating = false; }, 15000);
  }

  function pollVersion() {
    if (updating) { return; }
    get("/api/version.json", function (text) {
      var doc;
      try { doc = JSON.parse(text); } catch (e) { return; }
      if (doc.version !== body.getAttribute("data-version")) { refresh(doc.version); }
    });
  }

  function bdi(text, className) {
    var el = document.createElement("bdi");
    if (className) { el.className = className; }
    el.textContent = text;
    return el;
  }

  function card(hit) {
    var li = document.createElement("li");
    li.appendChild(bdi(hit.name, "who"));
    var where = document.createElement("span");
    where.className = "where";
    if (hit.table === "bye") {
      where.textContent = "Bye this round";
      li.appendChild(where);
      return li;
    }
    where.appendChild(document.createTextNode("Table "));
    var b = document.createElement("b");
    b.textContent = hit.table;
    where.appendChild(b);
    where.appendChild(document.createTextNode(" · Seat " + hit.seat));
    li.appendChild(where);
    var vs = document.createElement("span");
    vs.className = "vs";
    vs.appendChild(document.createTextNode("against "));
    for (var i = 0; i < hit.opponents.length; i += 1) {
      if (i > 0) { vs.appendChild(document.createTextNode(", ")); }
      vs.appendChild(bdi(hit.opponents[i]));
    }
    li.appendChild(vs);
    return li;
  }

  function setUpSearch() {
    var input = document.getElementById("find");
    var box = document.getElementById("found");
    var list = document.getElementById("found-list");
    var none = document.getElementById("found-none");
    var more = document.getElementById("found-more");
    if (!input || !box || !list) { return; }
    var timer = null;
    var asked = 0;
    function show(doc, number) {
      if (number !== asked) { return; }
      while (list.firstChild) { list.removeChild(list.firstChild); }
      for (var i = 0; i < doc.found.length; i += 1) { list.appendChild(card(doc.found[i])); }
      document.getElementById("found-q").textContent = input.value;
      none.hidden = doc.found.length > 0;
      more.hidden = !doc.more;
      more.textContent = doc.more + " more: type more letters.";
      box.hidden = false;
    }
    function find() {
      var q = input.value.replace(/\s+/g, " ").trim();
      asked += 1;
      var number = asked;
      if (!q) { box.hidden = true; return; }
      get("/api/find.json?q=" + encodeURIComponent(q), function (text) {
        try { show(JSON.parse(text), number); } catch (e) { /* the form still works */ }
      });
    }
    input.addEventListener("input", function () {
      if (timer) { window.clearTimeout(timer); }
      timer = window.setTimeout(find, FIND_DELAY_MS);
    });
    rerunFind = function () { if (input.value.trim()) { find(); } };
  }

  setUpSearch();
  if (document.getElementById("now")) {
    pollClock();
    window.setInterval(pollClock, CLOCK_MS);
    window.setInterval(showClock, 250);
  }
  window.setInterval(pollVersion, VERSION_MS);
})();
