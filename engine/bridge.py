"""A JSON request/answer session over one game, for clients across a message boundary
(the browser's Web Worker). Pure: text in, text out; all rules stay in the engine.

Requests:
  ``{"op": "new", "game": slug, "seed": n}``
  ``{"op": "play", "move": text, "auto": bool}``  with ``auto``, the safe moves to the
      foundations that follow are played too (``Game.safe_moves``), as part of the same step
  ``{"op": "auto"}``      play the safe moves now, as a step of their own
  ``{"op": "finish"}``    play the rest of the game by foundation moves, as one step
  ``{"op": "undo"}``, ``{"op": "redo"}``  a whole step: the player's move and what followed it
  ``{"op": "restart"}``, ``{"op": "view"}``
  ``{"op": "solve", "budget": n}``  search from here (``engine.solve``, with the scan the
      game's spec names for its Hint, ``GameSpec.hint_scan``); the answer's
      ``solve`` is ``{"result": "won"|"lost"|"unknown", "move": next move of a winning
      line or null, "best": when undecided, the first move toward the position the
      search rated best, or null, "turns": n, "positions": n}``, ``turns`` being how many
      deals and redeals open the line (or the best one) before a card is played (Klondike's line may turn the stock
      several times to bring a card up); nothing is played. ``n`` counts positions of the
      compact model: a game searched through the engine itself searches a quarter as
      many, each costing about four times as much (``engine.solver.fair_budget``), so an
      answer takes about as long in every game. ``"seconds": s`` (optional, up to 60)
      also stops the search, undecided, after that long: a slow device then searches
      fewer positions rather than keeping the player waiting
  ``{"op": "why", "move": text}``  why ``move`` is refused here, in words ("" when it is
      legal); nothing is played (a disabled control's reason, a packet not yet complete)
  ``{"op": "why-home", "pile": id}``  why the top card of that pile cannot go home now
      ("" when it can): the answer to a double-click that does nothing
  ``{"op": "replay", "record": text, "steps": [n, ...]}``  rebuild a saved game; ``steps``
      (optional) groups its moves into steps as they were played
Answers: ``{"ok": true, "view": {...}, "record": text, "steps": [n, ...], "played": text,
"moves": [text, ...]}`` (``played``: the player's move; ``moves``: every move this request
made or took back, in order) or ``{"ok": false, "error": reason, "view": {...}}``: a
refused request changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import EngineError, IllegalMoveError
from .explain import explain, why_not_home
from .game import Game, new_game, replay
from .moves import Move
from .solver import fair_budget, solve

# Positions a hint may search: about half a second in the browser's Pyodide.
HINT_BUDGET = 3_000

AUTO_LIMIT = 208  # no game has more cards than this to send home


class Session:
    def __init__(self) -> None:
        self.game: Game | None = None
        self.steps: list[int] = []  # how many engine moves each of the player's steps made
        self.undone: list[int] = []  # the steps undone, for redo (last undone last)

    def handle(self, request: str) -> str:
        """Answer one request given as JSON text, as JSON text."""
        try:
            req = json.loads(request)
            if not isinstance(req, dict):
                raise EngineError(f"a request is a JSON object, got {request[:80]!r}")
            answer = self._do(req)
        except KeyError as e:
            answer = {"ok": False, "error": f"the request lacks the field {e}"}
        except IllegalMoveError as e:
            answer = {"ok": False, "error": e.reason}
        except (EngineError, ValueError, TypeError) as e:
            answer = {"ok": False, "error": str(e)}
        if not answer["ok"] and self.game is not None:
            answer["view"] = self.game.view()
        return json.dumps(answer, separators=(",", ":"))

    def _do(self, req: dict[str, Any]) -> dict[str, Any]:
        op = req.get("op")
        played = ""
        moves: list[Move] = []
        extra: dict[str, Any] = {}
        if op == "new":
            self._start(new_game(str(req["game"]), int(req["seed"])))
        elif op == "replay":
            game = replay(str(req["record"]))
            steps = req.get("steps")
            self._start(game, steps if _fits(steps, len(game.history)) else None)
        else:
            game = self._game()
            if op == "play":
                move = game.play(str(req["move"]))
                played = str(move)
                moves = [move, *(self._auto(game) if req.get("auto") else [])]
                self._step(len(moves))
            elif op in ("auto", "finish"):
                moves = self._auto(game) if op == "auto" else self._finish(game)
                if moves:
                    self._step(len(moves))
            elif op == "undo":
                moves = self._undo(game)
                played = str(moves[0]) if moves else ""
            elif op == "redo":
                moves = self._redo(game)
                played = str(moves[0]) if moves else ""
            elif op == "restart":
                game.restart()
                self.steps, self.undone = [], []
            elif op == "solve":
                verdict = solve(game, fair_budget(game, _budget(req.get("budget", HINT_BUDGET))),
                                seconds=_seconds(req.get("seconds")), scan=game.spec.hint_scan)
                line = verdict.moves or verdict.best
                turns = next((n for n, m in enumerate(line) if not m.action), len(line))
                extra["solve"] = {"result": verdict.result, "positions": verdict.positions, "turns": turns,
                                  "move": str(verdict.moves[0]) if verdict.moves else None,
                                  "best": str(verdict.best[0]) if verdict.best else None}
            elif op == "why":
                move = Move.parse(str(req["move"]))
                extra["why"] = "" if game.is_legal(move) else explain(game, move)
            elif op == "why-home":
                extra["why"] = why_not_home(game, str(req["pile"]))
            elif op != "view":
                raise EngineError(f"unknown request {op!r}")
        game = self._game()
        return {**extra, "ok": True, "view": game.view(), "record": game.record(), "steps": list(self.steps),
                "played": played, "moves": [str(m) for m in moves]}

    def _start(self, game: Game, steps: list[int] | None = None) -> None:
        self.game = game
        self.steps = list(steps) if steps is not None else [1] * len(game.history)
        self.undone = []

    def _step(self, size: int) -> None:
        self.steps.append(size)
        self.undone = []

    @staticmethod
    def _auto(game: Game) -> list[Move]:
        """Play safe moves to the foundations until none is left."""
        played: list[Move] = []
        while len(played) < AUTO_LIMIT:
            safe = game.safe_moves()
            if not safe:
                break
            game.play(safe[0])
            played.append(safe[0])
        return played

    @staticmethod
    def _finish(game: Game) -> list[Move]:
        line = game.finishing_moves()
        if line is None:
            raise EngineError("the game cannot be finished by moves to the foundations alone yet")
        for move in line:
            game.play(move)
        return line

    def _undo(self, game: Game) -> list[Move]:
        if not self.steps:
            raise IllegalMoveError("nothing to undo")
        size = self.steps.pop()
        taken = [game.undo() for _ in range(size)]
        self.undone.append(size)
        return taken[::-1]

    def _redo(self, game: Game) -> list[Move]:
        if not self.undone:
            raise IllegalMoveError("nothing to redo")
        size = self.undone.pop()
        done = [game.redo() for _ in range(size)]
        self.steps.append(size)
        return done

    def _game(self) -> Game:
        if self.game is None:
            raise EngineError("no game yet: send {'op': 'new', 'game': slug, 'seed': n} first")
        return self.game


def _budget(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1_000_000:
        raise EngineError(f"a solver budget is a whole number of positions from 1 to 1000000, got {value!r}")
    return value


def _seconds(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 60:
        raise EngineError(f"a solver time limit is a number of seconds above 0 and at most 60, got {value!r}")
    return float(value)


def _fits(steps: object, moves: int) -> bool:
    """Are ``steps`` a grouping of ``moves`` moves into steps of at least one?"""
    return (isinstance(steps, list) and all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in steps)
            and sum(steps) == moves)
