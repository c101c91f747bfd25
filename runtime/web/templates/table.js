// The browser table's script: options posted as decisions, the page's parts replaced by what the
// server sends (after a decision, and live over a WebSocket whenever anyone decides), and a
// card's text shown on hover or tap of anything with data-card="NUMBER".
"use strict";
(function () {
  const table = document.getElementById("table");
  if (!table) return;
  const token = table.dataset.token;
  const base = "/seat/" + encodeURIComponent(token);
  const parts = ["status", "decision", "picture", "board", "story"];
  let version = Number(table.dataset.version);
  const title = document.title;
  let busy = false;

  function show(message) {
    if (message.version < version) return; // an older state than the one shown
    version = message.version;
    table.dataset.version = String(message.version);
    table.dataset.decision = String(message.decision_number);
    table.classList.toggle("over", message.over);
    document.title = (message.deciding ? "\u25b6 your turn: " : "") + title; // seen from another tab
    const opened = openGroups();
    for (const part of parts) {
      const element = document.getElementById(part === "story" ? "story-lines" : part);
      if (element && element.innerHTML !== message.html[part]) element.innerHTML = message.html[part];
    }
    reopen(opened);
    const story = document.getElementById("story-lines");
    if (story) story.scrollTop = story.scrollHeight;
  }

  function openGroups() {
    return Array.from(document.querySelectorAll("#decision details[open] > summary"), (s) => s.textContent);
  }

  function reopen(labels) {
    for (const summary of document.querySelectorAll("#decision details > summary")) {
      if (labels.includes(summary.textContent)) summary.parentElement.open = true;
    }
  }

  function refuse(text) {
    const line = document.getElementById("refused");
    if (line) {
      line.textContent = text;
      line.hidden = false;
    } else {
      window.alert(text);
    }
  }

  async function post(path, body) {
    if (busy) return;
    busy = true;
    table.classList.add("busy");
    try {
      const answer = await fetch(base + path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const data = await answer.json();
      if (answer.ok) show(data);
      else refuse(data.refused || answer.statusText);
    } catch (error) {
      refuse("the server did not answer: " + error);
    } finally {
      busy = false;
      table.classList.remove("busy");
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.option");
    if (button) {
      const question = button.dataset.confirm;
      if (question && !window.confirm(question)) return;
      post("/decide", { decision: Number(table.dataset.decision), action: Number(button.dataset.action) });
      return;
    }
    if (event.target.closest("#undo")) post("/take-back", {});
  });

  // Live: the server sends this seat's parts whenever the table changes.
  const live = document.getElementById("live");
  let wait = 500;
  function follow() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(scheme + "//" + location.host + base + "/live");
    socket.onopen = () => {
      wait = 500;
      live.classList.add("on");
    };
    socket.onmessage = (event) => show(JSON.parse(event.data));
    socket.onclose = () => {
      live.classList.remove("on");
      setTimeout(follow, wait);
      wait = Math.min(wait * 2, 10000);
    };
  }
  follow();

  // A card's text, on hover (mouse) or tap (touch), from the server.
  const panel = document.getElementById("card");
  const cache = new Map();
  let shown = null;
  async function details(number) {
    if (!cache.has(number)) {
      const answer = await fetch(base + "/card/" + encodeURIComponent(number));
      cache.set(number, await answer.json());
    }
    return cache.get(number);
  }
  async function showCard(element) {
    const number = element.dataset.card;
    shown = number;
    const card = await details(number);
    if (shown !== number) return;
    panel.replaceChildren();
    const heading = document.createElement("h3");
    heading.textContent = card.heading || card.why || "";
    panel.append(heading);
    for (const line of (card.text || "").split("\n")) {
      if (!line) continue;
      const p = document.createElement("p");
      p.textContent = line;
      panel.append(p);
    }
    panel.hidden = false;
  }
  function hideCard() {
    shown = null;
    panel.hidden = true;
  }
  document.addEventListener("mouseover", (event) => {
    const element = event.target.closest("[data-card]");
    if (element) showCard(element);
  });
  document.addEventListener("mouseout", (event) => {
    const element = event.target.closest("[data-card]");
    if (element && !element.contains(event.relatedTarget)) hideCard();
  });
  document.addEventListener("focusin", (event) => {
    const element = event.target.closest("[data-card]");
    if (element) showCard(element);
  });
  document.addEventListener("touchstart", (event) => {
    const element = event.target.closest("[data-card]");
    if (element) showCard(element);
    else if (!event.target.closest("#card")) hideCard();
  }, { passive: true });
})();
