"""Build errors that say where and what: the file, the line and the offending value.

The builder never stops at the first problem: every stage appends ``BuildError``s to a list
and the pipeline raises ``BuildFailed`` with all of them, so a writer fixes a whole batch in
one go (as Hugo and Zola report every broken reference, not just the first).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class BuildError(Exception):
    """One problem in the content: where it is (path, 1-based line) and the value at fault."""

    path: Path | str
    line: int
    message: str
    value: object = None
    hint: str = ""

    def __str__(self) -> str:
        text = f"{self.path}:{self.line}: {self.message}"
        if self.value is not None:
            text += f": {self.value!r}"
        if self.hint:
            text += f" ({self.hint})"
        return text


class BuildWarning(BuildError):
    """Something the build can go on without but the writer should know (a stale figure):
    printed with its file, line and value; the build does not fail."""


class BuildFailed(Exception):
    """Raised at the end of a stage that found errors; carries all of them, in file order."""

    def __init__(self, errors: Iterable[BuildError]) -> None:
        self.errors = sorted(errors, key=lambda e: (str(e.path), e.line, e.message))
        super().__init__("\n".join(str(e) for e in self.errors))


def did_you_mean(value: str, choices: Iterable[str]) -> str:
    """A "did you mean ...?" hint when one of ``choices`` is close to ``value``, else ''."""
    options = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(value.lower(), list(options), n=1, cutoff=0.6)
    return f"did you mean {options[close[0]]!r}?" if close else ""
