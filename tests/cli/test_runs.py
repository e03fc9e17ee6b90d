"""Where ``simulate`` and ``compare`` play and write their games: ``--out`` files, a Dask
cluster (``--scheduler``), and Ctrl-C, which ends a run cleanly with exit code 130."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummikit.cli._games import INTERRUPTED
from tests.cli.runner import FAST, run
from tests.elsewhere import ROOT, _environment


def test_out_writes_every_game_as_json_lines_or_csv(tmp_path: Path) -> None:
    jsonl, table = tmp_path / "runs.jsonl", tmp_path / "runs.csv"
    shown = run("simulate", *FAST, "--json", "--out", str(jsonl))
    assert shown.exit_code == 0, shown.output
    lines = jsonl.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == json.loads(shown.stdout)["games"]
    # the file of --out x.csv is what --csv writes: one convention for CSV
    assert run("simulate", *FAST, "--out", str(table)).exit_code == 0
    assert table.read_text(encoding="utf-8") == run("simulate", *FAST, "--csv").stdout


def test_compare_writes_the_games_of_every_profile_in_game_order(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    result = run("compare", "online", "pagat", *FAST, "--out", str(path))
    assert result.exit_code == 0, result.output
    games = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [game["profile"] for game in games] == ["online", "pagat"] * 2
    assert games[0]["seed"] == games[1]["seed"] != games[2]["seed"]


@pytest.mark.parametrize("out", ["runs.txt", "missing/runs.jsonl"])
def test_an_out_file_that_cannot_be_written_is_a_usage_error(tmp_path: Path, out: str) -> None:
    result = run("simulate", *FAST, "--out", str(tmp_path / out))
    assert result.exit_code == 2
    assert "Invalid value for '--out'" in result.output


# -- a Dask cluster ---------------------------------------------------------------------------


def test_scheduler_plays_on_a_dask_cluster(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    args = ["compare", "online", "pagat", "--games", "3", "--bots", "random", "--json"]
    here = run(*args, "--workers", "1")
    path = tmp_path / "runs.jsonl"
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        there = run(*args, "--scheduler", cluster.scheduler_address, "--out", str(path))
    assert there.exit_code == 0, there.output
    assert json.loads(there.stdout) == json.loads(here.stdout)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 6


def test_scheduler_without_distributed_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    result = run("simulate", *FAST[:-2], "--scheduler", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert 'pip install "rummikit[dask]"' in result.output


def test_scheduler_and_workers_are_exclusive_and_an_address_is_checked() -> None:
    both = run("simulate", *FAST, "--scheduler", "tcp://127.0.0.1:8786")  # FAST: --workers 1
    assert both.exit_code == 2
    assert "--scheduler" in both.output
    assert "--workers" in both.output
    pytest.importorskip("distributed")
    bad = run("simulate", *FAST[:-2], "--scheduler", "nowhere")
    assert bad.exit_code == 2
    assert "Invalid value for '--scheduler'" in bad.output


# -- Ctrl-C ---------------------------------------------------------------------------------------


def _lines(path: Path) -> int:
    """The whole lines in ``path`` so far (none before it exists)."""
    return path.read_text(encoding="utf-8").count("\n") if path.exists() else 0


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_ends_a_run_cleanly_and_keeps_its_games(tmp_path: Path, workers: str) -> None:
    """Regression: Ctrl-C during a run printed a traceback from every worker process, and
    click's "Aborted!" with exit code 1. Now the run stops, its workers quietly, with one
    line and exit code 130; the --out file holds whole lines. SIGINT goes to the whole
    process group, as a terminal sends it."""
    path = tmp_path / "runs.jsonl"
    command = [sys.executable, "-m", "rummikit", "simulate", "--games", "1000000"]
    command += ["--bots", "random", "--workers", workers, "--out", str(path)]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=_environment("0"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120  # generous: a slow machine starts slowly
        while _lines(path) < 3 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _lines(path) >= 3, "no games were written"
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == INTERRUPTED == 130
    assert "Traceback" not in err
    assert "KeyboardInterrupt" not in err
    [line] = err.splitlines()
    assert line.startswith("interrupted after ")
    assert line.endswith(f" games; the games played are in {path}")
    assert out == ""
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    games = [json.loads(game) for game in text.splitlines()]
    assert len(games) >= int(line.split()[2].replace(",", ""))
    assert {game["profile"] for game in games} == {"pagat"}
