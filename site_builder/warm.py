"""A warm builder for ``serve --watch``: a process that has imported the builder and the
engine once, and forks a build for each request.

A plain ``python -m site_builder build`` spends about 0.3 s starting Python and importing
Jinja, markdown-it and the engine before it builds anything; an edit of one rule page then
builds in about 0.1 s. Here each build is a fork of a process that has done the imports:
a child of its own (a crash or a leak ends with it), running the very command line's
``main``. The watcher starts a new warm process when the engine's or the builder's own
code has changed (``watch.WarmBuilder``), so a build never runs code older than its files.

Protocol, one line each way: the watcher writes the build's arguments as a JSON list on
this process's standard input; it answers with the build's exit status on the file
descriptor given as its argument. Its standard output and error are the watcher's.
"""

from __future__ import annotations

import json
import os
import sys
import traceback

import engine  # noqa: F401 (imported once, here: what makes the fork warm)

from . import pipeline  # noqa: F401
from .__main__ import main


def serve(status_fd: int) -> None:
    with os.fdopen(status_fd, "w", buffering=1) as status:
        for line in sys.stdin:
            argv = json.loads(line)
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    code = main(argv)
                except SystemExit as exc:  # argparse's: the status it chose
                    code = exc.code if isinstance(exc.code, int) else 1
                except BaseException:  # noqa: BLE001 (as Python would: the traceback, status 1)
                    traceback.print_exc()
                finally:
                    sys.stdout.flush()
                    sys.stderr.flush()
                    os._exit(code)
            _, wait_status = os.waitpid(pid, 0)
            status.write(f"{os.waitstatus_to_exitcode(wait_status)}\n")


if __name__ == "__main__":
    serve(int(sys.argv[1]))
