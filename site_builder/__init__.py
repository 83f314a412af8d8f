"""Patience Rulebook's site builder: content + engine -> a static, cross-linked rulebook site.

    python -m site_builder build [--content DIR] [--out DIR] [--clean] [--jobs N] [--no-search]
    python -m site_builder check [--content DIR]
    python -m site_builder serve [--content DIR] [--out DIR] [--port N] [--watch] [--clean]

The pipeline is in ``pipeline``; each stage has its own module. Content problems are
``BuildError``s (file, line, value) collected into one ``BuildFailed``.
"""

from .errors import BuildError, BuildFailed
from .pipeline import BuildResult, build, check, read_site

__all__ = ["BuildError", "BuildFailed", "BuildResult", "build", "check", "read_site"]
