// What the solver (engine.solve, in the worker) says of a position: the next move of a
// winning line, "lost" (every reachable position searched, none wins) or "unknown" (its
// budget of positions ran out). Answers are kept per position (the game's record names
// it), so a hint after the status check, or after an undo back to a known position, needs
// no second search. The worker answers one request at a time, in order; an answer for a
// position the game has since left is never used.

export const HINT_BUDGET = 3000; // positions: 0.3-1 s in Pyodide on these machines
export const JUDGE_BUDGET = 1500; // the quiet check after each step: "no way to win from here"
// And a time limit on each search, in seconds, a bound for slow devices: on these machines
// the budgets take 0.3-1.3 s (hint) and half that (check), two or three times as long
// under heavy load, so the limit does not bite; a phone several times slower searches
// fewer positions rather than keeping the player waiting for a hint, or a move waiting
// behind a check (the worker answers one request at a time). The answer says how many
// positions it searched.
export const HINT_SECONDS = 5;
export const JUDGE_SECONDS = 3;
// The check waits for this long a pause after a step: the worker answers one request at a
// time, so a player moving quickly never waits behind a check.
export const JUDGE_DELAY = 600; // ms
const KEEP = 200; // positions remembered

export class Advisor {
  // ``current()`` is the record of the position on the board now.
  constructor(link, current) {
    this.link = link;
    this.current = current;
    this.known = new Map(); // record -> {budget, promise, solve}
  }

  // The solver's answer ({result, move, positions}) for ``record`` with at least ``budget``
  // positions searched (or ``seconds`` spent), or proved either way; null once the game
  // has left ``record``.
  ask(record, budget, seconds) {
    const entry = this.known.get(record);
    if (entry && (entry.budget >= budget || (entry.solve && entry.solve.result !== "unknown"))) return entry.promise;
    const prior = entry ? entry.promise : Promise.resolve(null);
    const next = { budget, solve: null, promise: null };
    next.promise = prior.then((solve) => {
      if (solve && solve.result !== "unknown") return solve;
      if (this.current() !== record) return null; // not worth the worker's time any more
      return this.link.send({ op: "solve", budget, seconds }).then((a) => {
        if (!a.ok) return null;
        if (a.record !== record) {
          this.remember(a.record, { budget, solve: a.solve, promise: Promise.resolve(a.solve) });
          return null;
        }
        return a.solve;
      });
    }).then((solve) => {
      if (solve) next.solve = solve;
      else if (this.known.get(record) === next) this.known.delete(record);
      return solve;
    });
    this.remember(record, next);
    return next.promise;
  }

  // The answer for ``record`` if one has already arrived, else null.
  settled(record) {
    const entry = this.known.get(record);
    return entry ? entry.solve : null;
  }

  remember(record, entry) {
    this.known.delete(record);
    this.known.set(record, entry);
    if (this.known.size > KEEP) this.known.delete(this.known.keys().next().value);
  }
}

// Run ``fn`` ``delay`` ms from now, once the page has painted and is idle, so a check never
// delays a repaint.
export function whenIdle(fn, delay = 0) {
  setTimeout(() => requestAnimationFrame(() => {
    if (window.requestIdleCallback) requestIdleCallback(fn, { timeout: 1000 });
    else setTimeout(fn, 50);
  }), delay);
}
