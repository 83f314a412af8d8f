// The solver on the page: the Hint, and "no way to win from here" once the page is idle.
// Methods of the Demo (demo.js mixes them in); the searches run in the worker (solver.js).

import { markHint } from "./board.js";
import { HINT_BUDGET, HINT_SECONDS, JUDGE_BUDGET, JUDGE_DELAY, JUDGE_SECONDS, whenIdle } from "./solver.js";
import { describe, moveParts } from "./words.js";

const LOST_WHY = "the solver, which sees the face-down cards, has searched every position";

export class Advising {
  // After each answer, once the page has painted and is idle: can this position still be
  // won? Asked of the worker with a small budget; a known answer is shown at once.
  judgeSoon() {
    const view = this.view;
    const record = this.game && this.game.record;
    if (!view || view.status !== "playing" || !record) return;
    const known = this.advisor.settled(record);
    if (known) return this.judged(known);
    whenIdle(() => {
      if (this.view !== view || this.busy) return;
      this.advisor.ask(record, JUDGE_BUDGET, JUDGE_SECONDS).then((solve) => {
        if (solve && this.view === view && !this.busy) this.judged(solve);
      });
    }, JUDGE_DELAY);
  }

  judged(solve) {
    const was = this.verdict && this.verdict.view === this.view ? this.verdict.result : null;
    this.verdict = { view: this.view, result: solve.result };
    if (solve.result === "lost" && was !== "lost") {
      this.render(this.view);
      this.say(`No way to win from here: ${LOST_WHY}. You can still undo.`, true);
    }
  }

  // Hint: the next move of a winning line, ringed on the board until the next action.
  hint() {
    const view = this.view;
    const record = this.game && this.game.record;
    if (!view || view.status !== "playing" || !record || this.busy) return;
    this.say("Looking for a winning line\u2026", true);
    this.advisor.ask(record, HINT_BUDGET, HINT_SECONDS).then((solve) => {
      if (this.view !== view || this.busy) return; // the game has moved on: this hint is old
      if (!solve) return this.say("");
      if (solve.result === "lost") {
        this.judged(solve);
        return this.say(`This position can no longer be won: ${LOST_WHY}. You can still undo.`, true);
      }
      if (solve.result === "unknown") return this.suggest(view, solve);
      const parts = moveParts(solve.move);
      if (parts) markHint(this.root, parts);
      // A line that deals or redeals several times before playing a card says how many.
      const said = describe(view, [solve.move], view, "Move"); // a sentence, with its full stop
      const text = parts && parts.action && solve.turns > 1
        ? `${said} The winning line uses the stock ${solve.turns} times before it plays a card.` : said;
      this.say(`Hint: ${text}`, true);
    });
  }

  // No winning line found: the move the search rated best, ringed as a suggestion, or the
  // stock when no move was worth making; said as what it is.
  suggest(view, solve) {
    const deal = view.actions.find((a) => a.enabled);
    const move = solve.best || (deal ? deal.move : null);
    const parts = moveParts(move);
    if (!parts) {
      return this.say(`No winning line was found within the hint's search of ${solve.positions.toLocaleString("en")} ` +
        "positions, and no move stands out; that does not mean there is none.", true);
    }
    markHint(this.root, parts, true);
    this.say(`No winning line found yet; this move looks best: ${describe(view, [move], view, "Move")}`, true);
    this.root.querySelector(".demo-state").classList.add("suggestion");
  }
}
