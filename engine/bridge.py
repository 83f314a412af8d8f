"""A JSON request/answer session over one game, for clients across a message boundary
(the browser's Web Worker). Pure: text in, text out; all rules stay in the engine.

Requests: ``{"op": "new", "game": slug, "seed": n}``, ``{"op": "play", "move": text}``,
``{"op": "undo"}``, ``{"op": "redo"}``, ``{"op": "restart"}``, ``{"op": "view"}``,
``{"op": "replay", "record": text}``.
Answers: ``{"ok": true, "view": {...}, "record": text, "played": text}`` or
``{"ok": false, "error": reason, "view": {...}}``: a refused request changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import EngineError, IllegalMoveError
from .game import Game, new_game, replay


class Session:
    def __init__(self) -> None:
        self.game: Game | None = None

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
        if op == "new":
            self.game = new_game(str(req["game"]), int(req["seed"]))
        elif op == "replay":
            self.game = replay(str(req["record"]))
        else:
            game = self._game()
            if op == "play":
                played = str(game.play(str(req["move"])))
            elif op == "undo":
                played = str(game.undo())
            elif op == "redo":
                played = str(game.redo())
            elif op == "restart":
                game.restart()
            elif op != "view":
                raise EngineError(f"unknown request {op!r}")
        game = self._game()
        return {"ok": True, "view": game.view(), "record": game.record(), "played": played}

    def _game(self) -> Game:
        if self.game is None:
            raise EngineError("no game yet: send {'op': 'new', 'game': slug, 'seed': n} first")
        return self.game
