// The demo's controls: the game's own buttons and what each disabled one says, the counters,
// the commands and shortcuts, focus on the board, the full window, and deal numbers shared
// through the address. Methods of the Demo (demo.js mixes them in).

import * as store from "./store.js";
import { capital } from "./words.js";

const MAX_SEED_DIGITS = 15; // seeds stay exact as JavaScript numbers

export class Controlling {
  renderActions(view) {
    const box = this.root.querySelector(".demo-actions");
    const buttons = view.actions.map((a) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = a.move;
      b.textContent = a.label;
      b.disabled = !a.enabled;
      this.reason(b, capital(a.reason), a.move === "deal" ? `${a.label} (D)` : a.label);
      return b;
    });
    if (view.legal.some((m) => m.includes("+")) || this.multi.length) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.command = "take";
      const move = this.multiMove();
      b.textContent = this.multi.length ? `Take the ${this.multi.length} chosen cards` : "Take the chosen cards";
      b.disabled = !move;
      this.reason(b, this.multi.length ? this.choiceWhy || "These cards cannot be taken together" :
        "Choose the cards first: click or tap each of them", "Take the chosen cards together (T)");
      buttons.push(b);
    }
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.move || document.activeElement.dataset.command : null;
    box.replaceChildren(...buttons);
    if (focused) {
      const again = buttons.find((b) => (b.dataset.move || b.dataset.command) === focused && !b.disabled);
      if (again) again.focus();
    }
  }

  // A control's tooltip, and what a screen reader hears of it: while it is disabled, why it
  // is (``why``); else what it does (its own title, or ``tip``).
  reason(target, why, tip = "") {
    const b = typeof target === "string" ? this.button(target) : target;
    if (!b) return;
    if (b.dataset.tip === undefined) b.dataset.tip = tip || b.title;
    const text = b.disabled ? why : tip || b.dataset.tip;
    if (b.title !== text) b.title = text;
    const id = `demo-why-${b.dataset.command || b.dataset.move}`;
    let note = this.root.querySelector(`#${id}`);
    if (b.disabled && why) {
      if (!note) {
        note = document.createElement("span");
        note.id = id;
        note.className = "visually-hidden";
        this.root.querySelector(".demo-bar").append(note);
      }
      note.textContent = why;
      b.setAttribute("aria-describedby", id);
    } else {
      b.removeAttribute("aria-describedby");
    }
  }

  counter(name, value, shown = true) {
    const el = this.root.querySelector(`[data-counter="${name}"]`);
    if (el && el.textContent !== String(value)) el.textContent = value; // unchanged text: no new layout
    const box = el && el.closest("[data-counter-box]");
    if (box) box.hidden = !shown;
  }

  button(command) {
    return this.root.querySelector(`[data-command="${command}"]`);
  }

  bindControls() {
    this.root.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b || b.disabled || !this.root.contains(b) || this.board.contains(b)) return;
      if (b.dataset.move) return this.action(b.dataset.move);
      this.run(b.dataset.command);
    });
    this.root.addEventListener("change", (e) => {
      const box = e.target.closest("[data-setting]");
      if (!box) return;
      this.settings[box.dataset.setting] = box.checked;
      store.saveSettings(this.settings);
      if (box.dataset.setting === "auto" && box.checked && this.ready()) this.request({ op: "auto" });
    });
    window.addEventListener("hashchange", () => {
      const seed = this.hashSeed();
      if (seed !== null && this.view && seed !== this.view.seed) this.newDeal(seed);
    });
    let resized = 0;
    window.addEventListener("resize", () => {
      cancelAnimationFrame(resized);
      resized = requestAnimationFrame(() => this.relayout(true));
    });
    // Whether the player was last inside the demo: then a control that disables itself
    // hands the focus to the board rather than to the page.
    this.root.addEventListener("focusin", () => { this.hadFocus = true; });
    document.addEventListener("focusin", (e) => { if (!this.root.contains(e.target)) this.hadFocus = false; });
    document.addEventListener("pointerdown", (e) => { if (!this.root.contains(e.target)) this.hadFocus = false; });
    document.addEventListener("fullscreenchange", () => this.markFull(!!document.fullscreenElement));
  }

  run(command) {
    if (!command) return;
    if (command === "share") return this.share();
    if (command === "full") return this.toggleFull();
    if (command === "reset-stats") {
      this.stats = store.resetStats(this.slug);
      if (this.game && !this.game.won) this.game.counted = false; // counts again from its next move
      this.showStats();
      return this.say("Statistics reset.");
    }
    if (!this.ready()) return;
    if (command === "undo" || command === "redo" || command === "restart") return this.command(command);
    if (command === "finish") {
      this.pendingOp = "finish";
      return this.request({ op: "finish" });
    }
    if (command === "new") return this.dealNew();
    if (command === "hint") return this.hint();
    if (command === "take") {
      const move = this.multiMove();
      if (move) this.play(move);
    }
  }

  // A keyboard shortcut; true when it did something.
  shortcut(command) {
    if (command === "escape") {
      if (this.selected || this.multi.length) {
        this.cancel();
        return true;
      }
      if (this.root.classList.contains("full")) {
        this.toggleFull();
        return true;
      }
      return false;
    }
    if (command === "deal") {
      const b = this.root.querySelector('.demo-actions [data-move="deal"]');
      if (b && !b.disabled) b.click();
      return !!b;
    }
    const b = this.button(command);
    if (!b || b.disabled || b.hidden) return false;
    this.run(command);
    return true;
  }

  // A focused control that becomes disabled (Undo at the first move) must not drop the
  // focus to the page: it goes to the board, so the keys go on working.
  keepFocus() {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (!(active && active.disabled && this.root.contains(active)) && !(lost && this.hadFocus)) return;
    const pile = this.board.querySelector('[data-pile][tabindex="0"]');
    if (pile) pile.focus({ preventScroll: true });
  }

  neighbour(id, dr, dc) {
    const from = this.pileView(id);
    let best = null;
    let bestScore = Infinity;
    for (const p of this.view.piles) {
      const r = p.row - from.row;
      const c = p.col - from.col;
      const along = dr ? r * dr : c * dc;
      const across = dr ? Math.abs(c) : Math.abs(r);
      if (along <= 0) continue;
      const score = along * 10 + across * 3;
      if (score < bestScore) {
        bestScore = score;
        best = p.id;
      }
    }
    return best;
  }

  focusPile(id) {
    for (const el of this.board.querySelectorAll("[data-pile]")) el.tabIndex = el.dataset.pile === id ? 0 : -1;
    this.pileEl(id).focus();
  }

  ensureFocusable() {
    const piles = [...this.board.querySelectorAll("[data-pile]")];
    if (!piles.some((el) => el.tabIndex === 0)) {
      piles.forEach((el, i) => { el.tabIndex = i === 0 ? 0 : -1; });
    }
  }

  toggleFull() {
    const full = !this.root.classList.contains("full");
    if (full && this.root.requestFullscreen && document.fullscreenEnabled) {
      this.root.requestFullscreen().catch(() => this.markFull(true));
    } else if (!full && document.fullscreenElement) {
      document.exitFullscreen().catch(() => this.markFull(false));
    } else {
      this.markFull(full);
    }
  }

  markFull(full) {
    this.root.classList.toggle("full", full);
    document.documentElement.classList.toggle("demo-full", full);
    const b = this.button("full");
    if (b) {
      b.firstChild.textContent = full ? "Leave full" : "Full"; // then " window" where there is room
      b.setAttribute("aria-label", full ? "Leave full window" : "Full window");
      b.setAttribute("aria-pressed", String(full));
    }
    requestAnimationFrame(() => this.relayout(true));
  }

  hashSeed() {
    const m = /(?:^#|&)seed=(\d+)(?:&|$)/.exec(location.hash);
    if (!m) return null;
    const [low, high] = this.seedRange();
    const seed = m[1].length > MAX_SEED_DIGITS ? Infinity : Number(m[1]);
    if (seed < low || seed > high) {
      // Said once the engine is ready (the loading message would cover it until then).
      this.notice = `Deal numbers of this game run from ${low} to ${high}; showing deal ${this.view ? this.view.seed : this.root.dataset.seed} instead.`;
      if (this.view) this.say(this.notice);
      return null;
    }
    return seed;
  }

  // The deal numbers the engine accepts for this game (FreeCell's are Microsoft's, from 1).
  seedRange() {
    const high = Math.min(Number(this.root.dataset.seedMax), Number("9".repeat(MAX_SEED_DIGITS)));
    return [Number(this.root.dataset.seedMin), high];
  }

  share() {
    const seed = this.view ? this.view.seed : Number(this.root.dataset.seed);
    const url = `${location.origin}${location.pathname}#seed=${seed}`;
    history.replaceState(null, "", `#seed=${seed}`);
    const done = () => this.say(`Link to this deal copied: ${url}`);
    const show = () => this.say(`Link to this deal: ${url}`, true);
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(done, show);
    else show();
  }
}
