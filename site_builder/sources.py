"""Stage 1 and 2: gather the content files and split off their TOML front matter.

Front matter sits between two ``+++`` lines at the very top of a Markdown file. tomllib
reports a syntax error with a line relative to the TOML text, so we shift it by the fence;
it does not report where a key was written, so ``key_line`` finds it by a light scan of the
front matter text, which is all an error message needs.
"""

from __future__ import annotations

import hashlib
import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from .errors import BuildError
from .pagekey import DERIVED

FENCE = "+++"
SUFFIXES = (".md", ".toml", ".json")  # the content files (a file named ".md" alone has no suffix)
_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")


@dataclass
class Source:
    """One content file as read: where it is, its front matter, and its Markdown body."""

    root: Path  # the content folder as shown in messages: relative to the working directory when possible
    rel: str  # path inside the content folder, with forward slashes
    text: str
    # The rest is read from ``text`` (and ``rel``), so a page's key leaves it out (pagekey).
    meta: dict[str, Any] = field(default_factory=dict, metadata=DERIVED)  # as parsed, for the checks (not cached)
    body: str = field(default="", metadata=DERIVED)
    body_line: int = field(default=1, metadata=DERIVED)  # file line of the body's first line
    meta_offset: int = field(default=2, metadata=DERIVED)  # file line of meta_lines[0]: 2 below '+++', 1 in .toml

    @cached_property
    def path(self) -> Path:
        """The file as shown in messages (made when first asked: mostly for an error)."""
        return self.root / self.rel

    @cached_property
    def text_key(self) -> str:
        """A digest of ``text``, taken once: every cache key that depends on the file's
        text (its front matter, its parsed body, its page) uses this instead of hashing
        the text again."""
        return hashlib.sha256(self.text.encode("utf-8", "surrogatepass")).hexdigest()

    @cached_property
    def meta_lines(self) -> list[str]:
        """The TOML text (the front matter, or a whole ``.toml`` file), line by line, for
        the lines that error messages name. Split from ``text`` when first asked: a file
        whose front matter comes from the cache is split only if an error is found in it."""
        if self.meta_offset == 1:
            return self.text.splitlines()
        lines, end = _fenced(self.text)
        return "".join(lines[1:end]).splitlines()

    def __pagekey__(self) -> str:
        """What a page's key holds of its file (pagekey): where it is and its text."""
        return f"{self.rel!r}{str(self.root)!r}{self.text_key}"

    def key_line(self, key: str, table: str | None = None, nth: int = 0) -> int:
        """File line where ``key`` is set (inside ``[table]``/``[[table]]`` number ``nth``).

        Falls back to the table header, then to the first line of the front matter.
        """
        pattern = re.compile(rf"^\s*(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')\s*=")
        current: str | None = None
        seen = -1
        header_line = 0
        for i, line in enumerate(self.meta_lines):
            stripped = line.strip()
            if stripped.startswith("["):  # a table header: key/value lines never start with '['
                name = re.match(r"^\[+\s*([^\]]*?)\s*\]", stripped)
                current = name.group(1) if name else stripped
                if current == table:
                    seen += 1
                    if seen == nth:
                        header_line = i + self.meta_offset
                continue
            in_scope = current is None if table is None else (current == table and seen == nth)
            if in_scope and pattern.match(line):
                return i + self.meta_offset
        return header_line or self.meta_offset

    def value_line(self, key: str, value: str, table: str | None = None, nth: int = 0) -> int:
        """File line of the string ``value`` inside the array set by ``key`` (an array may
        run over several lines); the key's own line when it cannot be found."""
        start = self.key_line(key, table, nth)
        quoted = (f'"{value}"', f"'{value}'")
        next_key = re.compile(r"^\s*(?:\[|[A-Za-z0-9_-]+\s*=|\"[^\"]*\"\s*=|'[^']*'\s*=)")
        for i in range(start - self.meta_offset, len(self.meta_lines)):
            line = self.meta_lines[i]
            if i > start - self.meta_offset and next_key.match(line):
                break
            if any(q in line for q in quoted):
                return i + self.meta_offset
        return start


def display_path(path: Path, cwd: Path | None = None) -> Path:
    """The path relative to the working directory when it is inside it (shorter messages)."""
    try:
        return path.resolve().relative_to(cwd or Path.cwd().resolve())
    except ValueError:
        return path


def gather(content: Path) -> list[Source]:
    """Read every ``.md``, ``.toml`` and ``.json`` file under ``content``, sorted for stable
    output (by path, part by part, as pathlib sorts)."""
    found: list[str] = []

    def walk(folder: str, prefix: str) -> None:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    walk(entry.path, prefix + entry.name + "/")
                elif entry.name.endswith(SUFFIXES) and entry.name not in SUFFIXES and entry.is_file():
                    found.append(prefix + entry.name)

    walk(str(content), "")
    found.sort(key=lambda rel: rel.split("/"))
    shown = display_path(content)  # resolved once: the files inside follow from it
    root = str(content)
    return [Source(shown, rel, read_text(f"{root}/{rel}")) for rel in found]


def read_text(path: str) -> str:
    """A UTF-8 file's text with its line ends made ``\n``, as ``open(path, encoding="utf-8")``
    reads it, without the layers of a text file object (half the time, for a thousand files)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        chunks = []
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
    finally:
        os.close(fd)
    text = b"".join(chunks).decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def parse_toml(src: Source, text: str, first_line: int, errors: list[BuildError]) -> dict[str, Any] | None:
    """Parse TOML whose first line is file line ``first_line``; on error report where."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = _TOML_LINE.search(msg)
        rel_line = int(m.group(1)) if m else 1
        lines = text.splitlines()
        bad = lines[rel_line - 1] if 0 < rel_line <= len(lines) else ""
        errors.append(BuildError(src.path, first_line + rel_line - 1,
                                 f"TOML syntax error: {_TOML_LINE.sub('', msg).strip()}", bad.strip()))
        return None


def _fenced(text: str) -> tuple[list[str], int]:
    """The text's lines (with their ends) and the index of the line closing the front
    matter; 0 if it does not start with one, or it is not closed."""
    lines = text.splitlines(keepends=True)
    if lines and lines[0].strip() == FENCE:
        for end in range(1, len(lines)):
            if lines[end].strip() == FENCE:
                return lines, end
    return lines, 0


def parse_front_matter(src: Source, errors: list[BuildError]) -> bool:
    """Fill ``src.meta`` and ``src.body`` from a Markdown file; False if it could not be read."""
    lines, end = _fenced(src.text)
    if not lines or lines[0].strip() != FENCE:
        first = lines[0].rstrip("\n") if lines else ""
        errors.append(BuildError(src.path, 1, "front matter must start the file with a '+++' line", first))
        return False
    if not end:
        errors.append(BuildError(src.path, 1, "front matter is not closed by a second '+++' line", FENCE))
        return False
    toml_text = "".join(lines[1:end])
    src.meta_lines = toml_text.splitlines()
    src.body = "".join(lines[end + 1:])
    src.body_line = end + 2
    meta = parse_toml(src, toml_text, 2, errors)
    if meta is None:
        return False
    src.meta = meta
    return True


def parse_toml_file(src: Source, errors: list[BuildError]) -> bool:
    """Fill ``src.meta`` from a whole ``.toml`` file (``planned.toml``)."""
    src.meta_lines = src.text.splitlines()
    src.meta_offset = 1
    meta = parse_toml(src, src.text, 1, errors)
    if meta is None:
        return False
    src.meta = meta
    return True
