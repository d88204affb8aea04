// The table page: draws each frame the table sends, and sends the player's
// requests. Every rule is the server's: the page shows the options the frame
// lists and nothing else, and a refusal comes back as a sentence to show.
"use strict";
(() => {
  const DECKS = ["two_colour", "four_colour"];
  const SOUND_KEY = "croupier.sound";
  const DECK_KEY = "croupier.deck";
  // What this browser remembers (the deck, the sound). Inside Discord's frame the
  // page may not have storage at all: then nothing is remembered, nothing breaks.
  const recall = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch (refused) {
      return null;
    }
  };
  const keep = (key, value) => {
    try {
      window.localStorage.setItem(key, value);
    } catch (refused) {
      // storage refused (a sandboxed frame, private browsing): the choice lasts this page
    }
  };
  // The player's deck: /poker deck's, from the hello; a spectator's is kept in this browser.
  let deck = recall(DECK_KEY) || "two_colour";
  const tableId = location.pathname.split("/")[2];
  // In Discord's frame (web/static/activity.js) every address is relative to the page.
  const where = document.documentElement.dataset;
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let words = {};
  let cardNames = {};
  let viewer = null;
  let table = null;
  let me = null;
  let shownCards = new Set();
  const chosen = new Set();
  let retry = 1000;
  let myTurnBefore = false;
  let betsBefore = new Map();
  let potBefore = 0;
  let seatForm = null; // the seat being sat at (the buy-in form), or null
  let topUpOpen = false;

  function el(tag, props, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key === "style") Object.assign(node.style, value); // CSSOM: allowed by the CSP
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children || []) if (child) node.append(child);
    return node;
  }

  function number(value) {
    return new Intl.NumberFormat(document.documentElement.lang || "en").format(value);
  }

  function card(code, extra) {
    const back = code === null || code === undefined;
    const label = back ? words.card_back : cardNames[code];
    const img = el("img", {
      class: "card" + (extra ? " " + extra : ""),
      src: `${where.cards || "/cards/"}${DECKS.includes(deck) ? deck : DECKS[0]}/${back ? "back" : code}.png`,
      alt: label || "",
      title: label || "",
      draggable: "false",
    });
    if (!back) {
      img.dataset.card = code;
      if (!shownCards.has(code)) img.classList.add("dealt");
    }
    return img;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const path = where.socket ? new URL(where.socket, document.baseURI) : null;
    socket = new WebSocket(path ? `${scheme}://${path.host}${path.pathname}${path.search}` : `${scheme}://${location.host}/table/${tableId}/ws`);
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("open", () => {
      retry = 1000;
      $("banner").hidden = true;
    });
    socket.addEventListener("close", () => {
      if (table && table.closed) return;
      // Signed out of Discord's Activity (activity.js): nothing to come back to.
      if (document.documentElement.dataset.signedIn === "out") return;
      $("banner").textContent = words.connection_lost || "…";
      $("banner").hidden = false;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    });
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function receive(frame) {
    if (frame.type === "hello") {
      words = frame.words;
      cardNames = frame.card_names;
      viewer = frame.viewer;
      if (!viewer.watching && DECKS.includes(frame.deck)) deck = frame.deck;
      document.documentElement.lang = frame.locale;
      if (words.table_region) $("table").setAttribute("aria-label", words.table_region);
      if (words.controls_region) $("controls").setAttribute("aria-label", words.controls_region);
      drawSettings();
    } else if (frame.type === "table") {
      const newHand = !table || table.hand_no !== frame.table.hand_no;
      if (newHand) chosen.clear();
      table = frame.table;
      me = frame.me;
      draw();
    } else if (frame.type === "refused") {
      $("notice").className = "";
      $("notice").textContent = frame.text;
    } else if (frame.type === "done") {
      $("notice").className = frame.text ? "info" : "";
      $("notice").textContent = frame.text || "";
      if (frame.deck && DECKS.includes(frame.deck)) {
        deck = frame.deck;
        keep(DECK_KEY, deck);
        drawSettings();
        if (table) draw();
      }
    }
  }

  // ------------------------------------------------------------- the table

  function mySeat() {
    if (!me || !table) return null;
    const line = table.seats.find((s) => s.user_id === me.user_id);
    return line ? line.seat : null;
  }

  function upright() {
    return window.matchMedia("(max-width: 700px) and (orientation: portrait)").matches;
  }

  function place(index, count) {
    // Seat ``index`` places clockwise from the bottom centre, as fractions of the table.
    const angle = Math.PI / 2 + (index * 2 * Math.PI) / count;
    const [rx, ry] = upright() ? [36, 45] : [46, 44];
    return { x: 50 + rx * Math.cos(angle), y: 50 + ry * Math.sin(angle) };
  }

  function drawSeat(line, number_, count, bottom) {
    const spot = place((number_ - bottom + count) % count, count);
    const box = el("article", { class: "seat", style: { left: `${spot.x}%`, top: `${spot.y}%` } });
    if (!line) {
      box.classList.add("empty");
      const canSit = viewer && !viewer.watching && me && !me.seated && !table.closed;
      box.append(
        canSit
          ? el("button", {
              class: "sit",
              text: words.sit_down,
              "aria-label": `${words.sit_down}: ${words.seat_n} ${number_}`,
              onclick: () => {
                seatForm = number_;
                drawControls();
                $("buy-in").focus();
              },
            })
          : el("span", { class: "empty-label", text: words.empty_seat }),
      );
      return box;
    }
    const mine = me && line.user_id === me.user_id;
    for (const [flag, cls] of [
      [line.to_act, "to-act"],
      [line.folded, "folded"],
      [line.all_in, "all-in"],
      [line.sitting_out, "sitting-out"],
      [mine, "mine"],
    ])
      if (flag) box.classList.add(cls);
    const cards = el("div", { class: "hole" });
    if (mine && me.cards.length && !me.folded) {
      for (const [i, code] of me.cards.entries()) {
        // Stud: the player's down cards are set apart from the up cards everyone sees.
        const down = line.cards.length > 0 && (line.cards[i] === undefined || line.cards[i] === null);
        cards.append(card(code, down ? "own" : ""));
      }
    } else {
      for (const code of line.cards) cards.append(card(code));
      for (let i = 0; i < line.backs; i++) cards.append(card(null, "back"));
    }
    // The player's picture, served by the room (their Discord avatar, else drawn).
    const avatar = el("img", {
      class: "avatar" + (line.computer ? " computer" : ""),
      src: `/avatars/${line.user_id}.png`,
      alt: "",
      "aria-hidden": "true",
      draggable: "false",
    });
    const marks = el("div", { class: "marks" });
    if (line.button) marks.append(el("span", { class: "dealer", title: words.dealer, text: "D" }));
    if (line.small_blind) marks.append(el("span", { class: "blind", title: words.small_blind, text: "SB" }));
    if (line.big_blind) marks.append(el("span", { class: "blind", title: words.big_blind, text: "BB" }));
    let state = "";
    if (line.folded) state = words.folded;
    else if (line.all_in) state = words.all_in;
    else if (line.sitting_out) state = words.sitting_out;
    // What a screen reader says of the seat: who, the stack, the marks, the state, the turn.
    const said = [line.name, `${words.stack} ${number(line.stack)}`];
    if (line.button) said.push(words.dealer);
    if (line.small_blind) said.push(words.small_blind);
    if (line.big_blind) said.push(words.big_blind);
    if (state) said.push(state);
    if (line.bet > 0) said.push(`${words.bet} ${number(line.bet)}`);
    if (line.to_act) said.push(table.status);
    box.setAttribute("aria-label", said.join(", "));
    if (line.to_act) box.setAttribute("aria-current", "true");
    const plate = el("div", { class: "plate" }, [
      avatar,
      el("div", { class: "who" }, [
        el("span", { class: "name", text: line.name }),
        el("span", { class: "stack", "aria-label": `${words.stack} ${line.stack}`, text: number(line.stack) }),
        state ? el("span", { class: "state", text: state }) : null,
      ]),
      marks,
    ]);
    box.append(cards, plate);
    if (line.description) box.append(el("p", { class: "described", text: line.description }));
    if (line.to_act && table.deadline) {
      const clock = el("div", { class: "clock" + (table.time_bank_running ? " bank" : "") }, [el("i")]);
      box.append(clock);
      if (table.time_bank_running) box.append(el("span", { class: "banked", text: words.time_bank_running }));
    }
    if (line.bet > 0) {
      const toward = place((number_ - bottom + count) % count, count);
      const bx = 50 + (toward.x - 50) * 0.55;
      const by = 50 + (toward.y - 50) * 0.52;
      const moved = betsBefore.get(line.user_id) !== line.bet;
      const chip = el("div", {
        class: "bet" + (moved ? " moved" : ""),
        style: { left: `${bx}%`, top: `${by}%` },
        "aria-label": `${line.name}: ${words.bet} ${line.bet}`,
      }, [el("span", { class: "chip", "aria-hidden": "true" }), el("span", { text: number(line.bet) })]);
      $("seats").append(chip);
    }
    return box;
  }

  window.addEventListener("resize", () => table && draw());

  function draw() {
    $("game").textContent = `${table.game} · ${table.stakes}`;
    $("hand-no").textContent = table.hand_no ? `#${table.hand_no}` : "";
    const seats = $("seats");
    seats.replaceChildren();
    const count = table.seat_count;
    const bottom = mySeat() || 1;
    const bySeat = new Map(table.seats.map((s) => [s.seat, s]));
    for (let n = 1; n <= count; n++) seats.append(drawSeat(bySeat.get(n), n, count, bottom));
    // The middle: pots, boards, whose turn, the last actions.
    const potNow = table.pots.reduce((sum, p) => sum + p.amount, 0);
    $("pots").replaceChildren(
      ...table.pots
        .filter((p) => p.amount > 0)
        .map((p) => el("p", { class: "pot" + (potNow !== potBefore ? " grew" : ""), text: p.label })),
    );
    potBefore = potNow;
    betsBefore = new Map(table.seats.map((s) => [s.user_id, s.bet]));
    const boards = $("boards");
    boards.replaceChildren();
    if (table.has_board)
      for (const board of table.boards) {
        const row = el("div", { class: "board", role: "group", "aria-label": words.board });
        for (const code of board) row.append(card(code));
        boards.append(row);
      }
    // "X to act": on a phone the bets sit where it is written, and the seat says it already.
    $("status").classList.toggle("acting", Boolean(table.status));
    $("status").textContent = table.closed
      ? words.table_closed
      : table.status || (table.hand_no && !table.hand_over ? "" : words.waiting);
    $("last-actions").replaceChildren(...table.last_actions.map((a) => el("li", { text: a })));
    drawResult();
    drawControls();
    const turn = myTurn();
    if (turn && !myTurnBefore) ding();
    myTurnBefore = turn;
    shownCards = new Set(
      [...table.boards.flat(), ...table.seats.flatMap((s) => s.cards), ...((me && me.cards) || [])].filter(Boolean),
    );
    tick();
  }

  function drawResult() {
    const result = table.result;
    const box = $("result");
    if (!result) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    $("result-title").textContent = result.title;
    $("result-lines").replaceChildren(...result.lines.map((line) => el("li", { text: line })));
    // The rabbit hunt: offered to a member as the result message offers it; once
    // hunted, its cards for everyone (public then, as in the channel).
    const rabbit = result.rabbit || { offered: false, boards: [] };
    const hunt = [];
    if (rabbit.offered && viewer && !viewer.watching)
      hunt.push(button(rabbit.label, () => send({ type: "rabbit", hand_no: result.hand_no }), "quiet", "rabbit"));
    if (rabbit.boards.length) {
      hunt.push(el("p", { id: "rabbit-text", text: rabbit.text }));
      for (const board of rabbit.boards) hunt.push(el("div", { class: "rabbit-board" }, board.map((c) => card(c))));
    }
    $("result-rabbit").replaceChildren(...hunt);
    const winners = new Set(result.winning_cards);
    for (const img of document.querySelectorAll("#table img.card[data-card]"))
      if (winners.has(img.dataset.card)) img.classList.add("winning");
  }

  // ------------------------------------------------------------ the player

  function button(label, onclick, cls, key) {
    const b = el("button", { class: cls || "", text: label, onclick });
    if (key) b.dataset.key = key;
    return b;
  }

  function act(move, amount) {
    const seq = me.choices ? me.choices.seq : me.discard ? me.discard.seq : table.seq;
    const message = { type: "act", move, hand_no: table.hand_no, seq };
    if (amount !== undefined) message.amount = amount;
    send(message);
  }

  // The opener's /poker homegame options: drawn again only when they change,
  // so a frame never takes what the opener is typing.
  let homeDrawn = "";
  function drawHome() {
    const box = $("home-rules");
    const form = me && me.home_form;
    const key = form ? JSON.stringify(form) : "";
    if (key === homeDrawn) return;
    homeDrawn = key;
    if (!form) {
      box.replaceChildren();
      return;
    }
    const inputs = new Map();
    const rows = form.fields.map((f) => {
      const input = f.kind === "bool"
        ? el("input", { type: "checkbox", name: f.name })
        : el("input", { type: "number", name: f.name, min: f.low ?? 0, max: f.high ?? "", step: 1, inputmode: "numeric" });
      if (f.kind === "bool") input.checked = Boolean(f.value);
      else input.value = f.value ?? 0;
      inputs.set(f.name, [f, input]);
      return el("label", { class: "home-option" }, [input, el("span", { text: ` ${f.label}` })]);
    });
    const save = el("button", { type: "submit", class: "quiet", text: form.save });
    const body = el("form", { class: "home-form", "aria-label": form.title }, [...rows, save]);
    body.addEventListener("submit", (event) => {
      event.preventDefault();
      const options = {};
      for (const [name, [f, input]] of inputs) {
        const value = f.kind === "bool" ? input.checked : Number(input.value);
        if (value !== (f.kind === "bool" ? Boolean(f.value) : f.value ?? 0)) options[name] = value;
      }
      if (Object.keys(options).length) send({ type: "homegame", options });
    });
    box.replaceChildren(el("details", {}, [el("summary", { text: form.title }), body]));
  }

  function drawControls() {
    drawHome();
    const actions = $("actions");
    const seatActions = $("seat-actions");
    actions.replaceChildren();
    seatActions.replaceChildren();
    $("sizing").hidden = true;
    $("turn").textContent = "";
    const hand = $("my-hand");
    hand.hidden = !(me && me.cards.length);
    if (!me) {
      $("turn").textContent = words.watching || "";
      return;
    }
    if (me.cards.length) {
      const mine = $("my-cards");
      mine.replaceChildren();
      const pick = me.discard !== null;
      hand.classList.toggle("picking", pick);
      mine.setAttribute("aria-label", words.your_cards);
      for (const code of me.cards) {
        const img = card(code, chosen.has(code) ? "chosen" : "");
        if (pick) {
          const toggle = el("button", {
            class: "pick",
            "aria-pressed": chosen.has(code) ? "true" : "false",
            onclick: () => {
              if (chosen.has(code)) chosen.delete(code);
              else chosen.add(code);
              drawControls();
            },
          }, [img]);
          mine.append(toggle);
        } else mine.append(img);
      }
      $("my-best").textContent = me.best.length ? `${words.best_hand}: ${me.best.join(" / ")}` : "";
    }
    const c = me.choices;
    if (c) {
      $("turn").textContent = words.your_turn;
      if (c.can_bring_in) {
        actions.append(button(`${words.bring_in} ${number(c.bring_in_amount)}`, () => act("bringin"), "call", "c"));
      } else {
        if (c.can_fold) actions.append(button(words.fold, () => act("fold"), "fold", "f"));
        actions.append(
          c.can_check
            ? button(words.check, () => act("check"), "call", "c")
            : button(`${words.call} ${number(c.call_amount)}`, () => act("call"), "call", "c"),
        );
      }
      if (c.can_raise) drawSizing(c, actions);
    } else if (me.showdown_choice) {
      $("turn").textContent = words.your_turn;
      actions.append(button(words.show, () => act("show"), "call", "s"));
      actions.append(button(words.muck, () => act("muck"), "fold", "m"));
    } else if (me.runout_choice) {
      // All in: each player still to choose answers, in any order.
      $("turn").textContent = words.run_twice_asked;
      actions.append(button(words.run_twice, () => act("twice"), "raise", "2"));
      actions.append(button(words.run_once, () => act("once"), "call", "1"));
    } else if (me.discard) {
      $("turn").textContent = words.your_turn;
      const label = chosen.size ? (me.discard.draw ? words.draw : words.discard) : words.stand_pat;
      actions.append(
        button(label, () => {
          send({ type: "act", move: "discard", cards: [...chosen], hand_no: table.hand_no, seq: me.discard.seq });
          chosen.clear();
        }, "call", "c"),
      );
    }
    const pre = me.pre_actions;
    if (pre && !c && !me.discard && !me.showdown_choice) {
      const row = el("div", { class: "pre", role: "group", "aria-label": words.pre_actions });
      for (const offer of pre.offered) {
        const chosenNow = pre.chosen === offer.kind;
        const b = button(offer.label, () =>
          send({ type: "pre_action", kind: chosenNow ? null : offer.kind, hand_no: table.hand_no }),
          "quick" + (chosenNow ? " chosen" : ""),
        );
        b.setAttribute("aria-pressed", chosenNow ? "true" : "false");
        b.dataset.kind = offer.kind;
        row.append(b);
      }
      actions.append(row);
    }
    if (me.can_show && table.hand_over && me.cards.length) {
      seatActions.append(button(words.show, () => send({ type: "show", hand_no: me.hand_no }), "quiet", "s"));
      // Hold'em: one card alone, where the engine allows it.
      for (const index of me.show_single || [])
        seatActions.append(
          button(
            `${words.show_card} ${cardNames[me.cards[index]] || ""}`,
            () => send({ type: "show", card: index, hand_no: me.hand_no }),
            "quiet",
          ),
        );
    }
    if (me.time_bank !== null && me.time_bank !== undefined)
      seatActions.append(el("span", { class: "bank-left", text: `${words.time_bank}: ${me.time_bank} s` }));
    if (me.bomb_vote) seatActions.append(button(words.bomb_vote, () => send({ type: "vote_bomb" }), "quiet"));
    drawForms(seatActions);
    if (me.seated) {
      seatActions.append(
        me.sitting_out
          ? button(words.sit_in, () => send({ type: "sit_in" }), "quiet")
          : button(words.sit_out, () => send({ type: "sit_out" }), "quiet"),
      );
      const line = table.seats.find((s) => s.user_id === me.user_id);
      if (line && line.stack < table.max_buy_in && !topUpOpen)
        seatActions.append(
          button(words.top_up, () => {
            topUpOpen = true;
            drawControls();
            $("buy-in").focus();
          }, "quiet"),
        );
      seatActions.append(button(words.leave, () => send({ type: "leave" }), "quiet"));
    }
  }

  function myTurn() {
    return Boolean(me && (me.choices || me.discard || me.showdown_choice || me.runout_choice));
  }

  // A form for an amount: the buy-in when sitting down (the seat chosen), or a top-up.
  function drawForms(seatActions) {
    if (me.seated) seatForm = null;
    const line = table.seats.find((s) => s.user_id === me.user_id);
    if (!line) topUpOpen = false;
    let low, high, label, ask;
    if (seatForm !== null && !me.seated) {
      [low, high] = [table.min_buy_in, table.max_buy_in];
      label = `${words.buy_in} · ${words.seat_n} ${seatForm}`;
      const seat = seatForm;
      ask = (amount) => send({ type: "join", seat, buy_in: amount });
    } else if (topUpOpen && line) {
      [low, high] = [1, Math.max(1, table.max_buy_in - line.stack)];
      label = words.top_up_amount;
      ask = (amount) => {
        topUpOpen = false;
        send({ type: "top_up", amount });
      };
    } else return;
    const form = el("form", { class: "amount-form", "aria-label": label });
    const range = el("input", { type: "range", min: low, max: high, step: 1, "aria-label": label });
    const field = el("input", { id: "buy-in", type: "number", min: low, max: high, inputmode: "numeric", "aria-label": label });
    range.value = field.value = high;
    range.oninput = () => (field.value = range.value);
    field.oninput = () => (range.value = field.value);
    const go = el("button", { type: "submit", class: "raise", text: seatForm !== null ? words.sit_down : words.top_up });
    const cancel = el("button", { type: "button", class: "quiet", text: words.cancel, onclick: () => {
      seatForm = null;
      topUpOpen = false;
      drawControls();
    } });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const amount = Number(field.value);
      if (Number.isInteger(amount) && amount >= 0) ask(amount);
    });
    form.append(el("label", { text: label }), range, field, go, cancel);
    seatActions.append(form);
  }

  // The page's own settings: the deck (the player's, as /poker deck keeps it) and the sound.
  function drawSettings() {
    const box = $("settings");
    const choose = el("select", { id: "deck", "aria-label": words.deck || "Deck" });
    for (const [value, word] of [["two_colour", words.deck_two], ["four_colour", words.deck_four]]) {
      const option = el("option", { value, text: word || value });
      if (value === deck) option.selected = true;
      choose.append(option);
    }
    choose.addEventListener("change", () => {
      if (viewer && !viewer.watching) send({ type: "deck", deck: choose.value });
      else {
        deck = choose.value;
        keep(DECK_KEY, deck);
        if (table) draw();
      }
    });
    const sound = el("input", { id: "sound", type: "checkbox" });
    sound.checked = recall(SOUND_KEY) === "on";
    sound.addEventListener("change", () => {
      keep(SOUND_KEY, sound.checked ? "on" : "off");
      if (sound.checked) ding(true);
    });
    box.replaceChildren(
      el("label", {}, [el("span", { text: `${words.deck || "Deck"} ` }), choose]),
      el("label", {}, [sound, el("span", { text: ` ${words.sound || ""}` })]),
    );
  }

  // A short two-note chime made by the page (no file), only when the player turned sound on.
  let audio = null;
  function ding(force) {
    if (!force && recall(SOUND_KEY) !== "on") return;
    try {
      audio = audio || new AudioContext();
      if (audio.state === "suspended") audio.resume();
      const start = audio.currentTime;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.setValueAtTime(880, start);
      tone.frequency.setValueAtTime(1320, start + 0.09);
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.12, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.28);
      tone.connect(gain).connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.3);
    } catch (error) {
      // No sound here: the tab title still says it is the player's turn.
    }
  }

  function drawSizing(c, actions) {
    const verb = c.is_completion ? words.complete_to : c.is_bet ? words.bet_to : words.raise_to;
    const slider = $("slider");
    const amount = $("amount");
    const fixed = c.min_raise_to === c.max_raise_to || c.raise_choices.length === 2;
    if (c.raise_choices.length === 2) {
      for (const [move, to] of [["small", c.raise_choices[0]], ["big", c.raise_choices[1]]])
        actions.append(button(`${verb} ${number(to)}`, () => act(move), "raise"));
      return;
    }
    const raise = button(`${verb} ${number(c.min_raise_to)}`, () => {
      const to = fixed ? c.min_raise_to : Number(amount.value);
      act(c.is_bet ? "bet" : "raise", to);
    }, "raise", "r");
    actions.append(raise);
    if (fixed) return;
    $("sizing").hidden = false;
    slider.min = amount.min = c.min_raise_to;
    slider.max = amount.max = c.max_raise_to;
    slider.value = amount.value = c.min_raise_to;
    slider.setAttribute("aria-label", `${verb} (${c.min_raise_to}–${c.max_raise_to})`);
    amount.setAttribute("aria-label", words.amount);
    const show = (value) => {
      raise.textContent = `${verb} ${number(value)}`;
    };
    slider.oninput = () => {
      amount.value = slider.value;
      show(slider.value);
    };
    amount.oninput = () => {
      slider.value = amount.value;
      show(amount.value);
    };
    $("quick").replaceChildren(
      ...c.quick.map((q) =>
        button(q.label, () => {
          slider.value = amount.value = q.amount;
          show(q.amount);
        }, "quick"),
      ),
    );
  }

  // ------------------------------------------------------------- the clock

  let clockFor = { deadline: null, total: 1 };
  function tick() {
    const bar = document.querySelector(".seat.to-act .clock i");
    if (!table) return;
    const now = Date.now() / 1000;
    if (bar && table.deadline) {
      if (clockFor.deadline !== table.deadline)
        clockFor = { deadline: table.deadline, total: Math.max(1, table.deadline - now) };
      const left = Math.max(0, table.deadline - now);
      bar.style.width = `${Math.min(100, (left / clockFor.total) * 100)}%`;
      bar.parentElement.setAttribute("aria-label", `${Math.ceil(left)} s`);
      bar.parentElement.dataset.left = `${Math.ceil(left)}`;
    }
    if (table.hand_over && table.next_hand_at && !table.status) {
      const left = Math.max(0, Math.ceil(table.next_hand_at - now));
      $("status").textContent = `${words.next_hand} ${left} s`;
    }
    document.title = myTurn() ? `● ${words.your_turn} · Croupier` : "Croupier";
  }
  setInterval(tick, 250);

  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = document.querySelector(`#controls button[data-key="${event.key.toLowerCase()}"]`);
    if (target) {
      event.preventDefault();
      target.click();
    }
  });

  connect();
})();
