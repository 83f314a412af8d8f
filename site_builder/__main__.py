"""Command line: ``python -m site_builder build|check|serve``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .cache import cache_dir
from .errors import BuildFailed, BuildWarning
from .livereload import error_record
from .output import OutputError
from .pipeline import build, check


def _progress(message: str) -> None:
    print(f"  {message}", file=sys.stderr, flush=True)


def _fail(exc: BuildFailed) -> int:
    for error in exc.errors:
        print(f"error: {error}", file=sys.stderr)
    n = len(exc.errors)
    print(f"build failed: {n} error{'s' if n != 1 else ''}; nothing was written", file=sys.stderr)
    return 1


def _warn(warnings: list[BuildWarning]) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m site_builder", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (("build", "build the site"), ("check", "validate all content; write nothing"),
                       ("serve", "build, then serve the site on 127.0.0.1")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--content", type=Path, default=Path("content"), help="content folder (default: content)")
        if name != "check":
            p.add_argument("--out", type=Path, default=Path("_site"), help="output folder (default: _site)")
            p.add_argument("--clean", action="store_true", help="ignore the build cache (.cache/site_builder/ "
                           "beside the output folder) and build everything again")
            p.add_argument("--jobs", type=int, default=None, help="processes to use (default: every core)")
            p.add_argument("--no-search", action="store_true", help="skip the Pagefind search index")
        if name == "build":  # for serve --watch: the outcome, errors with file and line, as JSON
            p.add_argument("--report", type=Path, default=None, help=argparse.SUPPRESS)
        if name == "serve":
            p.add_argument("--port", type=int, default=8000, help="port (default: 8000; 0 picks a free one)")
            p.add_argument("--watch", action="store_true", help="rebuild when content/, theme/ or engine/ "
                           "change, and reload the open pages (build errors show in the page)")
    args = parser.parse_args(argv)
    if args.command == "serve" and args.watch:
        return _serve_watch(args)
    report: list[dict[str, object]] = []
    try:
        if args.command == "check":
            site = check(args.content, _progress)
            _warn(site.warnings)
            print(f"ok: {len(site.games)} games, {len(site.families)} families, {len(site.planned)} planned games, "
                  f"{len(site.names)} name page{'s' if len(site.names) != 1 else ''}, no errors")
            return 0
        print(f"Building {args.content} -> {args.out}", file=sys.stderr)
        result = build(args.content, args.out, _progress, search=not args.no_search, cache=cache_dir(args.out),
                       clean=args.clean, jobs=args.jobs)
        _warn(result.warnings)
        print(f"Wrote {result.pages} pages ({result.files} files, {result.unchanged} pages unchanged) to "
              f"{result.out} in {result.seconds:.2f} s (search index {result.search_seconds:.2f} s)")
        if args.command == "serve":
            from .serve import serve

            serve(args.out, args.port)
        return 0
    except BuildFailed as exc:
        report = [error_record(e) for e in exc.errors]
        return _fail(exc)
    except OutputError as exc:
        report = [{"path": str(args.out), "line": 0, "text": str(exc)}]
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        if args.command == "serve" and exc.errno == 98:
            print(f"error: port {args.port} is in use; try --port 0 for any free port", file=sys.stderr)
            return 1
        raise
    finally:
        if getattr(args, "report", None):
            args.report.write_text(json.dumps({"errors": report}), "utf-8")


def _serve_watch(args: argparse.Namespace) -> int:
    from .watch import serve_watch

    extra = (["--no-search"] if args.no_search else []) + (["--jobs", str(args.jobs)] if args.jobs else [])
    if args.clean:
        from shutil import rmtree

        rmtree(cache_dir(args.out), ignore_errors=True)
    try:
        serve_watch(args.content, args.out, args.port, extra)
    except OSError as exc:
        if exc.errno == 98:
            print(f"error: port {args.port} is in use; try --port 0 for any free port", file=sys.stderr)
            return 1
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
