# Sourced by bin/serve and bin/test: the set-up both need, done once and kept in the work
# tree: a virtual environment in .venv with the project installed (with the extras named in
# $EXTRAS, if any), and the npm packages pinned in package.json (Pyodide, and axe-core for
# the accessibility tests) in node_modules.
PY=${PYTHON:-python3}
"$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || { echo "$0: Python 3.11 or newer is needed (found: $("$PY" --version 2>&1))" >&2; exit 1; }
command -v npm >/dev/null 2>&1 \
  || { echo "$0: Node.js and npm are needed for Pyodide (e.g. apt-get install nodejs npm)" >&2; exit 1; }
[ -x .venv/bin/python ] || "$PY" -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --disable-pip-version-check -e ".${EXTRAS:+[$EXTRAS]}"
# The solver's compiled core (setup.py, engine/solver/_core.c) is built by that install where
# a C compiler works; without one the project installs all the same, and says so here.
python -c 'import engine.solver._core' 2>/dev/null \
  || echo "$0: the solver's compiled core was not built (no working C compiler?): the bulk solver runs in pure Python" >&2
{ [ -d node_modules/pyodide ] && [ -d node_modules/axe-core ]; } || npm ci --no-audit --no-fund --loglevel=error
