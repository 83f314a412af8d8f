"""The one part of the build that pyproject.toml cannot say: the solver's compiled core.

It is optional: where no C compiler works, setuptools says so and installs the project
without it, and the solver runs in pure Python (engine.solver.core).
"""

from setuptools import Extension, setup

PARTS = [f"engine/solver/csrc/{name}.h" for name in ("tables", "positions", "moves", "apply", "search", "passes")]  # included by _core.c

setup(ext_modules=[Extension("engine.solver._core", ["engine/solver/_core.c"], depends=PARTS, optional=True,
                             extra_compile_args=["-O2", "-std=c11"])])
