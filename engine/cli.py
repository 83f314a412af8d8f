"""The terminal client: ``python -m engine list``, ``python -m engine play SLUG`` and
``python -m engine solve SLUG --deals 1-1000`` (``engine.solver.bulk``).

The one module of the package that reads and prints; the engine core never imports it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from . import games, new_game
from .cards import SUIT_SYMBOLS
from .errors import EngineError
from .game import Game
from .spec import SCANS

HELP = """commands:
  MOVE          play a move in notation, e.g. t3>f1, t2:3>t5, c1+c4+c7+c9>o1, deal, redeal
  N             play legal move number N from the list
  moves         list the legal moves          undo / redo   take back / replay a move
  new [SEED]    a new deal (random seed unless given)      restart   back to the first position
  record        print the game record          help          this text        quit   leave"""


def card_text(card: dict[str, Any]) -> str:
    if not card["up"]:
        return "##"
    return f"{card['rank']}{SUIT_SYMBOLS[card['suit']]}"


def draw(view: dict[str, Any], ascii_only: bool = False) -> str:
    """The position as text: one line a pile, with pickable cards marked by '*'."""
    lines = [f"{view['title']}  (seed {view['seed']})  moves: {view['counters']['moves']}  "
             f"stock: {view['counters']['stock']}  redeals left: {view['counters']['redeals_left']}"]
    for pile in view["piles"]:
        cards = pile["cards"]
        if pile["kind"] == "stock":
            shown = f"[{len(cards)} cards]" if cards else "(empty)"
        else:
            texts = [card_text(c) + ("*" if i in pile["pick"] else "") for i, c in enumerate(cards)]
            shown = " ".join(texts) if texts else "(empty)"
        lines.append(f"  {pile['id']:>8}  {pile['name']:<22} {shown}")
    if view["prompt"]:
        lines.append(view["prompt"])
    status = {"won": "You have won!", "stuck": "No moves left: the game is stuck (undo is still possible)."}
    if view["status"] in status:
        lines.append(status[view["status"]])
    text = "\n".join(lines)
    if ascii_only:
        for s, sym in SUIT_SYMBOLS.items():
            text = text.replace(sym, s)
    return text


def list_games(out: TextIO) -> None:
    for spec in games():
        aliases = f" (also {', '.join(spec.aliases)})" if spec.aliases else ""
        out.write(f"{spec.slug:<18} {spec.title}{aliases}, {spec.decks} deck{'s' * (spec.decks > 1)}\n")


class Session:
    """A play session: reads commands, answers each with the board or a one-line reason."""

    def __init__(self, slug: str, seed: int, out: TextIO, ascii_only: bool, new_seed: Callable[[], int]) -> None:
        self.game: Game = new_game(slug, seed)
        self.out = out
        self.ascii_only = ascii_only
        self.new_seed = new_seed

    def show(self) -> None:
        self.out.write(draw(self.game.view(), self.ascii_only) + "\n")
        self.show_moves()

    def show_moves(self) -> None:
        moves = self.game.legal_moves()
        listed = "  ".join(f"{i}:{m}" for i, m in enumerate(moves, 1))
        self.out.write(f"legal moves: {listed or '(none)'}\n")

    def handle(self, line: str) -> bool:
        """Carry out one command; False when the session should end."""
        words = line.split()
        if not words:
            return True
        cmd = words[0].lower()
        try:
            if cmd in ("quit", "exit", "q"):
                return False
            if cmd == "help":
                self.out.write(HELP + "\n")
            elif cmd == "moves":
                self.show_moves()
            elif cmd == "record":
                self.out.write(self.game.record() + "\n")
            elif cmd in ("undo", "redo", "restart"):
                getattr(self.game, cmd)()
                self.show()
            elif cmd == "new":
                if len(words) > 1 and not words[1].isdigit():
                    raise EngineError(f"a seed is a whole number, not {words[1]!r}")
                seed = int(words[1]) if len(words) > 1 else self.new_seed()
                self.game = new_game(self.game.spec.slug, seed)
                self.show()
            elif cmd.isdigit():
                moves = self.game.legal_moves()
                n = int(cmd)
                if not 1 <= n <= len(moves):
                    raise EngineError(f"there is no legal move number {n} (1 to {len(moves)})")
                self.game.play(moves[n - 1])
                self.show()
            else:
                self.game.play(line.strip())
                self.show()
        except EngineError as e:
            self.out.write(f"error: {e}\n")
        return True


def main(argv: list[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m engine", description="Play patience games in the terminal.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games")
    play = sub.add_parser("play", help="play a game")
    play.add_argument("slug", help="game slug, title or alias (see 'list')")
    play.add_argument("--seed", type=int, default=None, help="deal number (random if not given)")
    play.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    bulk = sub.add_parser("solve", help="solve a range of deals and write the game's winnability file")
    bulk.add_argument("slug", help="game slug, title or alias")
    bulk.add_argument("--deals", default=None,
                      help="deal numbers, e.g. 1-10000 or 1-5,9 (default 1-1000; with --undecided, the file's)")
    bulk.add_argument("--undecided", action="store_true",
                      help="solve only the deals the file in --out leaves undecided (of --deals, if given), "
                           "as with a bigger budget, and merge the verdicts into it")
    bulk.add_argument("--untried", action="store_true",
                      help="with --undecided: leave out the deals a run in the file has already searched with "
                           "this scan at this budget or more (a stopped run, run again, goes on where it stopped)")
    bulk.add_argument("--budget", type=int, default=20_000, help="positions the solver may search per deal")
    bulk.add_argument("--scan", default=SCANS[0], choices=SCANS,
                      help="how the search goes: stock-first, where the stock deals onto the piles "
                           "(the Spider family), deals sooner; depth-first, where each card has one way home "
                           "(Sir Tommy, Calculation), follows a player's order to the end; greedy, in any game, "
                           "follows the best-scored move to the end (Spider, one suit); breaks, in any game, counts "
                           "the breaks in each pile's order instead of the cards under its top run (Spider, "
                           "two suits; Spiderette); each wins deals the "
                           "standard scan leaves undecided: use them with --undecided")
    bulk.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    bulk.add_argument("--dask", default=None, metavar="ADDRESS", help="a Dask scheduler to run on instead")
    bulk.add_argument("--out", default="content/winnability", help="folder for SLUG.json")
    bulk.add_argument("--replace", action="store_true",
                      help="write this run alone (by default what the file there proved, on the same rules, is kept)")
    bulk.add_argument("--checkpoint", type=float, default=None, metavar="SECONDS",
                      help="write the deals solved so far this often (default every ten minutes; 0: only at the "
                           "end); a run stopped by Ctrl-C or SIGTERM writes them too")
    joined = sub.add_parser("merge", help="merge winnability files of one game's rules (earlier runs) into the first")
    joined.add_argument("file", help="the winnability file to merge into, e.g. content/winnability/babette.json")
    joined.add_argument("others", nargs="*", help="files of earlier runs of the same game, rules and solver "
                        "(none: only work out again the deal the rule page opens on)")
    joined.add_argument("--wins-only", action="store_true",
                        help="take only the won deals of the others (their lost ones may rest on a mended fault)")
    args = parser.parse_args(argv)
    if args.command == "list":
        list_games(out)
        return 0
    if args.command in ("solve", "merge"):
        from .solver import bulk as bulk_run, datafile
        try:
            if args.command == "merge":
                return datafile.merge_files(Path(args.file), [Path(p) for p in args.others], out, args.wins_only)
            return bulk_run.main(args, out)
        except (EngineError, ValueError) as e:
            out.write(f"error: {e}\n")
            return 2
    import secrets

    def new_seed() -> int:
        return secrets.randbelow(1_000_000_000)

    try:
        session = Session(args.slug, args.seed if args.seed is not None else new_seed(), out, args.ascii, new_seed)
    except (EngineError, ValueError) as e:
        out.write(f"error: {e}\n")
        return 2
    session.show()
    out.write("type 'help' for commands\n")
    while True:
        out.write("> ")
        out.flush()
        line = stdin.readline()
        if not line:
            out.write("\n")
            return 0
        if not session.handle(line):
            return 0
