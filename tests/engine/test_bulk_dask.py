"""The bulk solver on a real Dask cluster: a scheduler and two workers, each its own group
of processes on 127.0.0.1, and ``python -m engine solve --dask ADDRESS`` run as a user
runs it, must write the file that the same command writes on local cores, deal by deal.

Every port is the system's choice (``--port 0``, the scheduler's HTTP server on
``127.0.0.1:0``: even with ``--no-dashboard`` it would take 8787), so runs under
pytest-xdist do not collide; the scheduler's address is read from its ``--scheduler-file``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.solver import bulk

ROOT = Path(__file__).resolve().parents[2]
UP = 90  # s for the scheduler and both workers to come up, on a busy two-core machine
RUN = 180  # s for one solve command
# Klondike's deals 1-60 at 500 positions: won, lost and undecided deals (18, 3 and 39), in
# three chunks of bulk.CHUNK deals for the two workers, which the command joins into one
# file; about 2 s on two cores.
GAME, DEALS, BUDGET = "klondike", "1-60", "500"
# The fields that describe the run rather than what it found, left out of the comparison:
# "seconds" (each deal's time and the run's wall time, on whichever machine solved it) and
# "date" (the day the run ended: the two runs may fall either side of midnight). Everything
# else must agree, "positions" included (the searches have no time limit, so each deal's
# search is the same wherever it runs).
RUN_SPECIFIC = frozenset({"seconds", "date"})


class Cluster:
    """A Dask scheduler and workers started as their own process groups, with their logs,
    until ``stop``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.procs: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.address = ""
        # Each server's scratch space (the scheduler's too) here, not in one shared /tmp/dask-scratch-space.
        self.env = {**os.environ, "DASK_TEMPORARY_DIRECTORY": str(folder)}

    def start(self, name: str, *argv: str) -> subprocess.Popen[bytes]:
        with (self.folder / f"{name}.log").open("wb") as log:
            proc = subprocess.Popen([sys.executable, "-m", *argv], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                    env=self.env, start_new_session=True)
        self.procs.append((name, proc))
        return proc

    def logs(self) -> str:
        return "".join(f"\n--- {name} (exit code {proc.poll()}) ---\n"
                       + (self.folder / f"{name}.log").read_text("utf-8", "replace") for name, proc in self.procs)

    def fail(self, why: str) -> None:
        pytest.fail(f"{why}; the cluster's logs:{self.logs()}", pytrace=False)

    def up(self, workers: int) -> None:
        """Start a scheduler and ``workers`` workers; fail with their logs unless all are
        connected within ``UP`` seconds."""
        deadline = time.monotonic() + UP
        file = self.folder / "scheduler.json"
        scheduler = self.start("scheduler", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                               "--no-dashboard", "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(file))
        while not self.address:
            try:
                self.address = json.loads(file.read_text("utf-8"))["address"]
            except (OSError, ValueError, KeyError):  # not written yet, or half written
                if scheduler.poll() is not None:
                    self.fail("the Dask scheduler stopped")
                if time.monotonic() > deadline:
                    self.fail(f"the Dask scheduler wrote no address to {file} within {UP} s")
                time.sleep(0.1)
        for n in range(1, workers + 1):
            self.start(f"worker{n}", "distributed.cli.dask_worker", self.address, "--name", f"worker{n}",
                       "--nworkers", "1", "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard")
        from distributed import Client

        try:
            with Client(self.address, timeout=max(1.0, deadline - time.monotonic())) as client:
                client.wait_for_workers(workers, timeout=max(1.0, deadline - time.monotonic()))
        except Exception as e:  # refused, timed out: whatever it was, the logs say more
            self.fail(f"the Dask cluster did not come up with {workers} workers within {UP} s ({e!r})")

    def stop(self) -> None:
        """End every process group started, the workers first (a nanny's worker process is in
        its group), then wait for them; SIGKILL what is still there after 10 s."""
        for _, proc in reversed(self.procs):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for _, proc in reversed(self.procs):
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    folder = tmp_path / "cluster"
    folder.mkdir()
    c = Cluster(folder)
    try:
        c.up(workers=2)
        yield c
    finally:
        c.stop()


def solve(*options: str, cluster: Cluster | None = None) -> dict[str, Any]:
    """Run ``python -m engine solve`` as a user would; the file it wrote. A failure says what
    the command said, and the cluster's logs."""
    out = Path(options[options.index("--out") + 1])
    try:
        done = subprocess.run([sys.executable, "-m", "engine", "solve", GAME, "--deals", DEALS, "--budget", BUDGET,
                               *options], cwd=ROOT, capture_output=True, text=True, timeout=RUN)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"solve {' '.join(options)} took over {RUN} s:\n{e.stdout!r}\n{e.stderr!r}"
                    + (cluster.logs() if cluster else ""), pytrace=False)
    if done.returncode != 0:
        pytest.fail(f"solve {' '.join(options)} failed:\n{done.stdout}{done.stderr}"
                    + (cluster.logs() if cluster else ""), pytrace=False)
    data: dict[str, Any] = json.loads((out / f"{GAME}.json").read_text("utf-8"))
    return data


def verdicts(data: dict[str, Any]) -> dict[int, str]:
    """Each deal of a data file with its verdict."""
    out: dict[int, str] = {}
    for verdict in ("won", "lost", "unknown"):
        for seed in bulk.parse_ranges(data[verdict]):
            assert seed not in out, f"deal {seed} is both {out[seed]} and {verdict}"
            out[seed] = verdict
    return out


def test_a_dask_cluster_writes_what_local_cores_write_deal_by_deal(cluster: Cluster, tmp_path: Path) -> None:
    on_dask = solve("--dask", cluster.address, "--out", str(tmp_path / "dask"), cluster=cluster)
    from distributed import Client

    with Client(cluster.address) as client:
        solved = client.run(lambda dask_worker: dask_worker.state.executed_count)
    # Every chunk was a task of the cluster's; which worker took which is the scheduler's
    # call (it may take a chunk back from a worker starved of CPU and give it to the other).
    chunks = -(-len(bulk.parse_ranges(DEALS)) // bulk.CHUNK)
    assert sum(solved.values()) == chunks, f"tasks done by each worker, of {chunks} chunks: {solved}"
    local = solve("--workers", "2", "--out", str(tmp_path / "local"))

    deals = bulk.parse_ranges(DEALS)
    here, there = verdicts(local), verdicts(on_dask)
    assert sorted(here) == deals, f"the local run left out deals {bulk.format_ranges(set(deals) - set(here))}"
    assert sorted(there) == deals, f"the Dask run left out deals {bulk.format_ranges(set(deals) - set(there))}"
    assert set(here.values()) == {"won", "lost", "unknown"}  # so that each verdict is compared
    differ = {seed: (here[seed], there[seed]) for seed in deals if here[seed] != there[seed]}
    assert not differ, f"deals whose verdict differs (local, Dask): {differ}"
    assert {k: v for k, v in on_dask.items() if k not in RUN_SPECIFIC} == \
        {k: v for k, v in local.items() if k not in RUN_SPECIFIC}


def test_a_worker_of_other_rules_refuses_to_solve() -> None:
    """A worker installed from another commit (here: its rules' fingerprint not the one the
    command asked for) raises, and the command says so, rather than file its verdicts
    under the wrong rules."""
    rules = engine.fingerprint(engine.get_spec(GAME))
    assert [seed for seed, *_ in bulk.solve_deals(GAME, [1, 2], 50, rules)] == [1, 2]
    with pytest.raises(ValueError, match="install the same commit on every worker"):
        bulk.solve_deals(GAME, [1, 2], 50, "0" * 16)


def test_a_scheduler_that_does_not_answer_is_an_error_line(tmp_path: Path) -> None:
    """Run as its own process: ``dask.config.set`` here, entered before ``distributed`` is
    imported, would take distributed's defaults away on leaving, from every later test."""
    done = subprocess.run([sys.executable, "-m", "engine", "solve", GAME, "--deals", "1-2", "--dask",
                           "tcp://127.0.0.1:1", "--out", str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=RUN, env={**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"})
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout.startswith("error: --dask tcp://127.0.0.1:1: no Dask scheduler answers"), done.stdout
    assert not list(tmp_path.iterdir())
