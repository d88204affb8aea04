// The replay page: asks for the hand's steps once (as the server lets this
// viewer see them) and shows one step at a time: back, forward, play/pause,
// jump to a street. Every card is the server's; a hidden card comes as null
// and is drawn as a back.
"use strict";
(() => {
  const DECKS = ["two_colour", "four_colour"];
  // The viewer's deck: /poker deck's for a known member (the server's answer),
  // else what this browser chose at a table page (kept under the same key).
  let deck = DECKS[0];
  function remembered() {
    try {
      return window.localStorage.getItem("croupier.deck");
    } catch (error) {
      return null;
    }
  }
  const PLAY_MS = 1100;
  const $ = (id) => document.getElementById(id);
  let replay = null;
  let words = {};
  let at = 0;
  let timer = null;

  function el(tag, props, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key === "style") Object.assign(node.style, value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children || []) if (child) node.append(child);
    return node;
  }

  function number(value) {
    return new Intl.NumberFormat(document.documentElement.lang || "en").format(value);
  }

  function card(code) {
    const back = code === null || code === undefined;
    const label = back ? words.card_back : replay.card_names[code];
    const img = el("img", {
      class: "card",
      src: `/cards/${deck}/${back ? "back" : code}.png`,
      alt: label || "",
      title: label || "",
      draggable: "false",
    });
    if (!back) img.dataset.card = code;
    return img;
  }

  function place(index, count) {
    const angle = Math.PI / 2 + (index * 2 * Math.PI) / count;
    const upright = window.matchMedia("(max-width: 640px) and (orientation: portrait)").matches;
    const [rx, ry] = upright ? [38, 45] : [46, 44];
    return { x: 50 + rx * Math.cos(angle), y: 50 + ry * Math.sin(angle) };
  }

  function draw() {
    const step = replay.steps[at];
    const count = replay.players.length;
    const bottom = replay.me === null ? 0 : replay.me;
    $("street").textContent = step.street_name;
    $("pots").replaceChildren(
      ...(step.pot_total || step.pots.length
        ? [el("p", { class: "pot", text: `${words.pot} ${number(step.pot_total)}` })]
        : [])
    );
    $("boards").replaceChildren(
      ...step.boards
        .filter((board) => board.length)
        .map((board) => el("div", { class: "board" }, board.map(card)))
    );
    $("told").replaceChildren(...step.told.map((text) => el("li", { text })));
    const seats = replay.players.map((player, index) => {
      const line = step.seats[index];
      const spot = place((index - bottom + count) % count, count);
      const box = el("article", {
        class: "seat" + (line.folded ? " folded" : "") + (line.to_act ? " to-act" : ""),
        style: { left: `${spot.x}%`, top: `${spot.y}%` },
        "data-index": String(index),
      });
      const tags = [];
      if (player.button) tags.push(el("span", { class: "button-chip", title: words.dealer, text: "D" }));
      if (line.folded) tags.push(el("span", { class: "tag", text: ` ${words.folded}` }));
      else if (line.all_in) tags.push(el("span", { class: "tag", text: ` ${words.all_in}` }));
      box.append(
        el("div", { class: "name", text: player.name }),
        el("div", { class: "stack", text: number(line.stack) }),
        // A folded hand is gone from the table: only cards it showed stay.
        el("div", { class: "cards" }, (line.folded ? line.cards.filter((c) => c) : line.cards).map(card)),
        el("div", { class: "bet", text: line.bet ? number(line.bet) : "" }),
        el("div", {}, tags)
      );
      return box;
    });
    $("seats").replaceChildren(...seats);
    const last = at === replay.steps.length - 1;
    $("result").hidden = !last;
    $("position").textContent = `${words.step} ${at + 1} / ${replay.steps.length}`;
    $("back").disabled = at === 0;
    $("start").disabled = at === 0;
    $("forward").disabled = last;
    $("end").disabled = last;
    for (const button of $("streets").children) {
      button.setAttribute("aria-pressed", String(button.dataset.street === step.street));
    }
  }

  function go(to) {
    at = Math.max(0, Math.min(replay.steps.length - 1, to));
    draw();
    if (at === replay.steps.length - 1) stop();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $("play").textContent = "\u25B6";
    $("play").setAttribute("aria-label", words.play);
    $("play").setAttribute("aria-pressed", "false");
  }

  function play() {
    if (timer !== null) return stop();
    if (at === replay.steps.length - 1) go(0);
    timer = setInterval(() => go(at + 1), PLAY_MS);
    $("play").textContent = "\u275A\u275A";
    $("play").setAttribute("aria-label", words.pause);
    $("play").setAttribute("aria-pressed", "true");
  }

  function start(answer) {
    replay = answer;
    words = answer.words;
    const chosen = answer.deck || remembered();
    if (DECKS.includes(chosen)) deck = chosen;
    document.title = `${answer.result.title} · Croupier`;
    $("game").textContent = answer.game;
    $("hand-no").textContent = answer.result.title;
    if (answer.viewer === "public") $("note").textContent = words.shared_note;
    if (answer.viewer === "house") $("note").textContent = words.house_note;
    $("result-title").textContent = answer.result.title;
    $("result-lines").replaceChildren(...answer.result.lines.map((text) => el("li", { text })));
    for (const [id, key] of [["start", "start"], ["back", "back"], ["forward", "forward"], ["end", "end"], ["play", "play"]]) {
      $(id).setAttribute("aria-label", words[key]);
      $(id).title = words[key];
    }
    $("streets").setAttribute("aria-label", words.street);
    $("table").setAttribute("aria-label", words.table_region);
    $("controls").setAttribute("aria-label", words.controls_region);
    $("streets").replaceChildren(
      ...answer.streets.map((street) =>
        el("button", { type: "button", "data-street": street.street, text: street.name, onclick: () => { stop(); go(street.step); } })
      )
    );
    if (answer.share) {
      $("share").href = answer.share;
      $("share").textContent = words.share;
      $("share-row").hidden = false;
    }
    $("start").addEventListener("click", () => { stop(); go(0); });
    $("back").addEventListener("click", () => { stop(); go(at - 1); });
    $("forward").addEventListener("click", () => { stop(); go(at + 1); });
    $("end").addEventListener("click", () => { stop(); go(replay.steps.length - 1); });
    $("play").addEventListener("click", play);
    document.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft") { stop(); go(at - 1); }
      else if (event.key === "ArrowRight") { stop(); go(at + 1); }
      else if (event.key === " " && event.target === document.body) { event.preventDefault(); play(); }
    });
    window.addEventListener("resize", draw);
    go(0);
  }

  async function load() {
    const response = await fetch(location.pathname.replace(/\/$/, "") + "/steps", {
      credentials: "same-origin",
    });
    if (!response.ok) {
      $("missing").textContent = await response.text();
      $("missing").hidden = false;
      $("table").hidden = true;
      $("controls").hidden = true;
      return;
    }
    start(await response.json());
  }

  load();
})();
