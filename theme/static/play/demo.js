// The in-page player of one game page: one generic renderer driven only by the engine's
// view (docs/view-format.md). It knows no game: every rule, safe move and finish is the
// engine's, which runs in a worker. A gesture becomes move text; a move is played when the
// engine says so.
//
// Hooks for tests and styling: the demo root has data-game and data-status (static ->
// loading -> ready | won | stuck | lost, or error; "lost" when the solver has proved that
// no line wins from here); piles have data-pile; cards have data-card (and data-id, which
// tells two copies of a card apart); a hint rings its cards .hint-from and its pile .hint-to;
// data-engine-start says whether the engine started from a saved snapshot (worker.js).

import { clearHint, drawBoard, movingCards } from "./board.js";
import { fitBoard, fromMarkup, fromView } from "./fit.js";
import { bindInput } from "./input.js";
import { EngineLink } from "./link.js";
import { celebrate, glide, measure, motionAllowed } from "./motion.js";
import { Advisor } from "./solver.js";
import * as store from "./store.js";
import { winnableSeed } from "./winnable.js";
import { capital, clock, describe, moveParts } from "./words.js";
import { Advising } from "./advice.js";
import { Choosing } from "./choice.js";
import { Controlling } from "./controls.js";


export class Demo {
  constructor(root) {
    this.root = root;
    this.board = root.querySelector(".board");
    this.slug = root.dataset.game;
    this.view = null;
    this.legal = new Set();
    this.selected = null; // {pile, index}
    this.multi = []; // piles chosen for a move that takes one card from each of several piles
    this.messageTimer = 0;
    this.settings = store.loadSettings();
    this.stats = store.loadStats(this.slug);
    this.game = null; // what is saved of the game in progress: {seed, record, steps, elapsed, counted, won}
    this.clockStart = null; // when the running clock last started (performance.now())
    this.notice = "";
    this.hadFocus = false;
    this.pendingOp = "";
    this.busy = 0; // requests sent and not yet answered
    this.verdict = null; // {view, result}: the solver's judgement of the view on the board
    this.fit = { cap: null, folded: null }; // the card size and fold this deal opened with (fit.js)
    this.steps = 0; // the player's moves in this game: automatic moves are part of the move they follow
    this.left = null; // the game a new deal or a restart replaced, which Undo brings back
    this.refit = false; // lay the board out afresh at the next redraw
  }

  // --- starting ---------------------------------------------------------------------------

  start() {
    performance.mark("demo-start"); // with engine-ready (link.js) and demo-ready: where a start's time goes
    this.setStatus("loading");
    this.say("Loading the game engine\u2026", true);
    this.relayout(); // the builder's first deal, fitted to this screen before the engine answers
    performance.measure("demo-layout", "demo-start"); // the first layout's cost, before the first paint
    // In the page from the first frame, all disabled until the player runs: these need no engine.
    for (const command of ["share", "full", "reset-stats"]) this.button(command).disabled = false;
    for (const b of this.root.querySelectorAll(".demo-controls button:disabled")) this.reason(b, "The game engine is still loading");
    this.link = new EngineLink(this.root.dataset, (error) => this.fail(error), (start) => {
      this.root.dataset.engineStart = start; // how the engine started (worker.js): for tests and the benchmark
    });
    this.advisor = new Advisor(this.link, () => this.game && this.game.record);
    bindInput(this);
    this.bindControls();
    this.showSettings();
    this.showStats();
    const seed = this.hashSeed();
    const saved = store.loadGame(this.slug);
    let first;
    if (saved && saved.corrupt) this.notice = "A saved game here could not be read, so a fresh deal is shown.";
    if (saved && !saved.corrupt && (seed === null || seed === saved.seed)) {
      this.board.classList.add("stale");
      this.refit = true; // the board laid out so far is the page's first deal, not this game
      first = this.request({ op: "replay", record: saved.record, steps: saved.steps }).then((a) => {
        if (a.ok) {
          this.game = { ...saved };
          this.notice = this.notice || (a.view.counters.moves ? "Your game is back where you left it." : "");
          history.replaceState(null, "", `#seed=${a.view.seed}`);
          return a;
        }
        store.clearGame(this.slug); // the engine no longer accepts this record: drop it quietly
        this.notice = "Your saved game no longer fits the rules, so a fresh deal is shown.";
        return this.begin(Number(this.root.dataset.seed));
      });
    } else {
      if (seed !== null && String(seed) !== this.root.dataset.seed) this.board.classList.add("stale");
      if (saved && !saved.corrupt) this.abandon(saved);
      first = this.begin(seed ?? Number(this.root.dataset.seed));
    }
    first.then((a) => {
      if (!a.ok) return;
      performance.mark("demo-ready");
      this.say(this.notice, !this.notice);
      this.tick();
    });
    setInterval(() => this.tick(), 1000);
    document.addEventListener("visibilitychange", () => this.pauseClock(document.hidden));
  }

  begin(seed) {
    this.game = { seed, record: `${this.slug}/${seed}/`, steps: [], elapsed: 0, counted: false, won: false };
    this.clockStart = null;
    this.steps = 0;
    this.fit = { cap: null, folded: null };
    store.saveGame(this.slug, this.game);
    return this.request({ op: "new", game: this.slug, seed });
  }

  fail(error) {
    this.setStatus("error");
    this.say(`The game engine could not start: ${error}`, true);
  }

  // --- talking to the engine --------------------------------------------------------------

  // Send a request; draw the answer (with the cards gliding to their new places), save the game.
  request(req, { origin = null } = {}) {
    const before = this.view && motionAllowed(this.settings.motion) ? measure(this.board) : null;
    this.busy += 1;
    return this.link.send(req).then((answer) => {
      this.busy -= 1;
      if (answer.ok && answer.steps) this.steps = answer.steps.length;
      if (answer.view) {
        const old = this.view;
        this.render(answer.view);
        if (before && answer.ok && answer.moves && answer.moves.length) glide(this.board, before, origin);
        if (answer.ok) this.afterAnswer(old, answer);
        this.judgeSoon();
      }
      if (!answer.ok) this.refuse(answer.error);
      return answer;
    });
  }

  afterAnswer(old, answer) {
    const view = answer.view;
    if (this.game && answer.record !== undefined) {
      this.game.record = answer.record;
      this.game.steps = answer.steps || [];
      this.game.seed = view.seed;
      if (!this.game.counted && view.counters.moves > 0) {
        this.game.counted = true; // a deal counts as played from its first move
        this.stats.played += 1;
        store.saveStats(this.slug, this.stats);
      }
      if (view.counters.moves > 0 && this.clockStart === null && view.status === "playing" && !document.hidden) {
        this.clockStart = performance.now();
      }
      if (view.status === "won" && !this.game.won) this.win(view);
      if (view.status === "won") this.pauseClock(true);
      store.saveGame(this.slug, this.game);
      this.showStats();
    }
    if (old && answer.moves && answer.moves.length) this.announce(old, answer);
  }

  // Every move is said in the live region: what moved where, and what followed by itself.
  announce(old, answer) {
    const op = this.pendingOp;
    const n = answer.moves.length;
    let text = describe(old, answer.moves, answer.view);
    if (op === "undo") text = `Undone: ${describe(answer.view, answer.moves, old, "moved")}`;
    else if (op === "redo") text = `Redone: ${text}`;
    else if (op === "finish" || op === "auto") text = `${n} card${n === 1 ? "" : "s"} went to the foundations.`;
    if (answer.view.status === "won") text += " You have won!";
    else if (answer.view.status === "stuck") text += " No moves are left.";
    this.say(text);
  }

  win(view) {
    this.game.won = true;
    this.stats.won += 1;
    this.stats.streak += 1;
    this.stats.best = Math.max(this.stats.best, this.stats.streak);
    const moves = this.steps;
    this.stats.fewest = this.stats.fewest === null ? moves : Math.min(this.stats.fewest, moves);
    store.saveStats(this.slug, this.stats);
    celebrate(this.root, motionAllowed(this.settings.motion));
  }

  // A game left unfinished for another deal ends the winning streak.
  abandon(game) {
    if (game && game.counted && !game.won && this.stats.streak) {
      this.stats.streak = 0;
      store.saveStats(this.slug, this.stats);
    }
  }

  // --- moves ------------------------------------------------------------------------------

  play(move) {
    performance.mark("demo-move-start");
    this.selected = null;
    this.multi = [];
    // A move the engine has listed as legal is shown at once: its notation says which cards
    // go where, and that is all this does. The engine's answer then redraws the truth, with
    // whatever the game does by itself (a card turned up, a place refilled, safe moves home).
    const before = motionAllowed(this.settings.motion) ? measure(this.board) : null;
    const shown = this.legal.has(move) && this.showMove(move);
    if (shown) {
      if (before) glide(this.board, before);
      afterPaint("demo-move-paint");
    }
    const stock = this.view.piles.find((p) => p.kind === "stock");
    this.pendingOp = "play";
    return this.request({ op: "play", move, auto: this.settings.auto }, { origin: move === "deal" && stock ? stock.id : null })
      .then((answer) => {
        performance.measure("demo-move", "demo-move-start");
        if (!shown) afterPaint("demo-move-paint");
        return answer;
      });
  }

  // Carry the cards of a legal move to their target in the DOM (see play()).
  showMove(move) {
    const parts = moveParts(move);
    if (!parts || parts.action) return false;
    const { sources } = parts;
    const target = this.pileEl(parts.target);
    if (!target) return false;
    const moving = movingCards(this.board, parts);
    if (!moving) return false;
    for (const el of this.board.querySelectorAll(".target, .chosen")) el.classList.remove("target", "chosen");
    for (const card of moving) {
      card.classList.remove("selected", "dragging");
      target.querySelector(".cards").append(card);
    }
    for (const id of [...sources, parts.target]) {
      const el = this.pileEl(id);
      el.classList.toggle("empty", !el.querySelector(".card"));
    }
    return true;
  }


  command(name) {
    if (!this.ready()) return;
    this.selected = null;
    this.multi = [];
    this.pendingOp = name;
    if (name === "undo" && this.view && !this.view.counters.undo && this.left) return this.takeBack();
    if (name !== "restart") return this.request({ op: name });
    this.keepLeft();
    this.clockStart = null;
    if (this.game) this.game.elapsed = 0;
    this.fit = { cap: null, folded: null };
    return this.request({ op: name }).then((a) => {
      if (a.ok) this.say(`Back to the start of deal ${a.view.seed}.${this.leftWords()}`, true);
      return a;
    });
  }

  // A new deal or a restart never loses a game in progress: it is kept, and Undo at the start
  // of the next game brings it back, as it was.
  keepLeft() {
    const g = this.game;
    this.left = g && this.steps > 0 && !g.won ? { game: { ...g, steps: [...g.steps] }, stats: { ...this.stats }, moves: this.steps } : null;
  }

  leftWords() {
    const left = this.left;
    if (!left) return "";
    return ` Undo brings back your game of deal ${left.game.seed} (${left.moves} move${left.moves === 1 ? "" : "s"}).`;
  }

  takeBack() {
    const { game, stats } = this.left;
    this.left = null;
    this.stats = stats;
    store.saveStats(this.slug, stats);
    this.showStats();
    this.game = { ...game, steps: [...game.steps] };
    this.clockStart = null;
    this.fit = { cap: null, folded: null };
    history.replaceState(null, "", `#seed=${game.seed}`);
    this.board.classList.add("stale");
    this.root.classList.remove("celebrating");
    this.pendingOp = "";
    return this.request({ op: "replay", record: game.record, steps: game.steps }).then((a) => {
      if (a.ok) {
        store.saveGame(this.slug, this.game);
        this.say(`Back to your game of deal ${game.seed}, as you left it.`, true);
      }
      return a;
    });
  }

  // New deal: any deal, or with "Winnable deals only" one the solver has won.
  dealNew() {
    const url = this.root.dataset.winnable;
    if (!this.settings.winnable) return this.newDeal(randomSeed(...this.seedRange()));
    return winnableSeed(url).then((seed) => {
      if (seed !== null) return this.newDeal(seed);
      this.say(url ? "The list of winnable deals could not be read, so this is any deal." :
        "This game has no list of winnable deals yet, so this is any deal.");
      return this.newDeal(randomSeed(...this.seedRange()));
    });
  }

  newDeal(seed) {
    this.selected = null;
    this.multi = [];
    this.keepLeft();
    this.abandon(this.game);
    history.replaceState(null, "", `#seed=${seed}`);
    this.board.classList.add("stale");
    this.root.classList.remove("celebrating");
    return this.begin(seed).then((a) => {
      if (a.ok && this.left) this.say(`A new deal: deal ${seed}.${this.leftWords()}`, true);
      return a;
    });
  }

  // --- drawing ----------------------------------------------------------------------------

  render(view) {
    this.view = view;
    clearHint(this.root);
    this.board.classList.remove("stale");
    this.legal = new Set(view.legal);
    drawBoard(this.root, view, { selected: this.selected, multi: this.multi, targets: this.targets() });
    this.relayout(this.refit);
    this.refit = false;
    this.root.querySelector(".seed").textContent = view.seed;
    const c = view.counters;
    this.counter("moves", this.steps);
    this.counter("stock", c.stock, view.piles.some((p) => p.kind === "stock"));
    this.counter("redeals_left", c.redeals_left ?? "no limit", view.actions.some((a) => a.move === "redeal"));
    this.button("undo").disabled = !c.undo && !this.left;
    this.button("redo").disabled = !c.redo;
    this.button("restart").disabled = !c.undo && !c.redo && c.moves === 0;
    this.button("new").disabled = false;
    this.button("hint").disabled = view.status !== "playing";
    this.reason("undo", c.undo ? "" : this.left ? "" : "Nothing to undo yet",
      !c.undo && this.left ? `Back to your game of deal ${this.left.game.seed} (U)` : "");
    this.reason("redo", "Nothing to redo: no move has been undone");
    this.reason("restart", "This deal has no moves to take back yet");
    this.reason("hint", view.status === "won" ? "The game is won: there is nothing left to hint" :
      "No move is left to hint at");
    const finish = this.button("finish");
    finish.hidden = !view.can_finish;
    finish.disabled = !view.can_finish;
    this.renderActions(view);
    const prompt = this.root.querySelector(".demo-prompt");
    prompt.textContent = view.prompt;
    prompt.hidden = !view.prompt;
    const lost = view.status === "playing" && this.verdict && this.verdict.view === view && this.verdict.result === "lost";
    const banner = this.root.querySelector(".demo-banner");
    banner.hidden = view.status === "playing" && !lost;
    banner.classList.toggle("won", view.status === "won");
    if (view.status !== "won") this.root.classList.remove("celebrating");
    banner.querySelector(".demo-banner-text").textContent =
      view.status === "won" ? `You have won in ${this.steps} move${this.steps === 1 ? "" : "s"}! Every card is home.` :
      view.status === "stuck" ? "No moves left: this game is stuck. Undo, or try a new deal." :
      lost ? "No way to win from here: the solver has searched every position. Undo, or try a new deal." : "";
    this.setStatus(lost ? "lost" : view.status === "playing" ? "ready" : view.status);
    this.ensureFocusable();
    this.keepFocus();
  }





  setStatus(status) {
    this.root.dataset.status = status;
  }

  say(text, persistent = false) {
    const el = this.root.querySelector(".demo-state");
    clearTimeout(this.messageTimer);
    el.textContent = text;
    el.hidden = false; // its line stays, empty or not, so the board never shifts under the pointer
    el.classList.remove("refusal", "suggestion");
    if (text && !persistent) this.messageTimer = setTimeout(() => this.say(""), 6000);
  }

  refuse(reason, notAllowed = true) {
    this.say(notAllowed ? `Not allowed: ${reason}` : `${capital(reason)}.`);
    this.root.querySelector(".demo-state").classList.add("refusal");
    this.board.classList.remove("shake");
    void this.board.offsetWidth; // restart the animation
    if (motionAllowed(this.settings.motion)) this.board.classList.add("shake");
  }

  // --- the clock and the statistics -------------------------------------------------------

  elapsed() {
    if (!this.game) return 0;
    return this.game.elapsed + (this.clockStart === null ? 0 : performance.now() - this.clockStart);
  }

  pauseClock(paused) {
    if (!this.game) return;
    if (paused && this.clockStart !== null) {
      this.game.elapsed = Math.round(this.elapsed());
      this.clockStart = null;
      store.saveGame(this.slug, this.game);
    } else if (!paused && this.clockStart === null && this.view && this.view.status === "playing" && this.view.counters.moves > 0) {
      this.clockStart = performance.now();
    }
    this.tick();
  }

  tick() {
    const el = this.root.querySelector('[data-counter="time"]');
    if (el) el.textContent = clock(this.elapsed());
    if (this.game && this.clockStart !== null && Math.round(this.elapsed() / 1000) % 10 === 0) {
      this.game.elapsed = Math.round(this.elapsed());
      this.clockStart = performance.now();
      store.saveGame(this.slug, this.game);
    }
  }

  showStats() {
    const s = this.stats;
    const set = (name, value) => {
      const el = this.root.querySelector(`[data-stat="${name}"]`);
      if (el) el.textContent = value;
    };
    set("played", s.played);
    set("won", s.won);
    set("rate", s.played ? `${Math.round((100 * s.won) / s.played)}%` : "\u2013");
    set("streak", s.streak);
    set("best", s.best);
    set("fewest", s.fewest === null ? "\u2013" : s.fewest);
  }

  showSettings() {
    for (const box of this.root.querySelectorAll("[data-setting]")) box.checked = !!this.settings[box.dataset.setting];
  }

  // Lay the board out for the room the screen gives it (fit.js): the view's piles, or before
  // the engine's first answer the builder's. ``fresh``: the window changed, start afresh.
  relayout(fresh = false) {
    if (fresh) this.fit = { cap: null, folded: null };
    const piles = this.view ? fromView(this.view) : fromMarkup(this.board);
    const fold = this.view ? !!this.view.fold : this.board.hasAttribute("data-fold");
    fitBoard(this.root, piles, this.fit, fold);
  }

































}

// Measure from the move's start to the first frame painted after now.
function afterPaint(name) {
  requestAnimationFrame(() => setTimeout(() => performance.measure(name, "demo-move-start"), 0));
}

// A deal number between 1 (or the game's lowest) and 999,999,999 (or its highest).
function randomSeed(low, high) {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  const from = Math.max(low, 1);
  return from + (a[0] % (Math.min(high, 999999999) - from + 1));
}

// The Demo's other concerns, each in a module of its own: what the player has chosen, the
// solver's advice, and the controls.
for (const part of [Choosing, Advising, Controlling]) {
  for (const name of Object.getOwnPropertyNames(part.prototype)) {
    if (name !== "constructor") Demo.prototype[name] = part.prototype[name];
  }
}
