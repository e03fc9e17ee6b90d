"""Game records streamed to a file (``simulate(..., out=...)``): JSON lines or CSV read back
equal to the reports' records, written as the games finish, kept when a run is stopped, and
the ``out`` values refused.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import rummikit as rk
from rummikit.simulation import GameRecord, Report
from rummikit.simulation._records import RECORD_FIELDS, csv_row
from tests.simulation.runs import IDLE2, Idle
from tests.simulation.test_run import flaky

RUN = {"games": 4, "bots": "random", "seed": 5}


def _lines(path: Path) -> list[GameRecord]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _interleaved(reports: Mapping[str, Report]) -> list[GameRecord]:
    """The reports' records in game-major order, as the file holds them."""
    records = [report.to_records() for report in reports.values()]
    return [record for game in zip(*records, strict=True) for record in game]


def _as_csv(record: Mapping[str, object]) -> dict[str, str]:
    """A record as csv.DictReader reads its row back: every cell a str."""
    return {key: "" if value is None else str(value) for key, value in csv_row(record).items()}


def test_a_jsonl_file_holds_every_game_in_game_order(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    reports = rk.simulate(["online", "pagat"], out=path, **RUN)
    assert _lines(path) == _interleaved(reports)
    one = rk.simulate("online", out=str(tmp_path / "one.jsonl"), **RUN)
    assert _lines(tmp_path / "one.jsonl") == one.to_records() == reports["online"].to_records()


def test_a_csv_file_has_a_header_and_a_row_per_game(tmp_path: Path) -> None:
    path = tmp_path / "runs.CSV"  # the suffix in any case
    reports = rk.simulate(["online", "pagat"], out=path, **RUN)
    with path.open(newline="", encoding="utf-8") as file:
        reader = csv.DictReader(file)
        assert tuple(reader.fieldnames or ()) == RECORD_FIELDS
        rows = list(reader)
    assert rows == [_as_csv(record) for record in _interleaved(reports)]
    assert rows[1]["scores"].count(",") == 3  # pagat's four seats, in one cell


def test_a_text_stream_gets_json_lines_or_csv_by_its_name_and_stays_open(tmp_path: Path) -> None:
    stream = io.StringIO()
    report = rk.simulate("online", out=stream, **RUN)
    assert [json.loads(line) for line in stream.getvalue().splitlines()] == report.to_records()
    with (tmp_path / "games.csv").open("w", newline="", encoding="utf-8") as file:
        rk.simulate("online", out=file, **RUN)
        assert not file.closed
    with (tmp_path / "games.csv").open(newline="", encoding="utf-8") as file:
        assert list(csv.DictReader(file)) == [_as_csv(r) for r in report.to_records()]


def test_a_record_is_the_report_s_record() -> None:
    report = rk.simulate("rami_voleur", **RUN)
    assert [result.to_record() for result in report.results] == report.to_records()


def test_each_game_is_in_the_file_when_its_progress_is_told(tmp_path: Path) -> None:
    """Flushed as the games are handed over: at each progress(done, total) the file holds
    ``done`` whole lines, whatever the executor."""
    path = tmp_path / "runs.jsonl"
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        text = path.read_text(encoding="utf-8")
        assert text.endswith("\n")
        seen.append(text.count("\n") - done)

    with ThreadPoolExecutor(2) as pool:
        rk.simulate(["online", "pagat"], games=20, bots=Idle, out=path, progress=progress)
        rk.simulate("pagat", games=20, bots=Idle, out=path, progress=progress, executor=pool)
    # a game of the second profile is written with the first, before its progress is told
    assert set(seen) <= {0, 1}
    assert len(seen) == 60


@pytest.mark.parametrize("executor", [None, "threads"])
def test_a_run_stopped_by_keyboard_interrupt_keeps_its_games(
    tmp_path: Path, executor: str | None
) -> None:
    path = tmp_path / "runs.jsonl"

    def interrupt(done: int, total: int) -> None:
        if done == 7:
            raise KeyboardInterrupt

    with ThreadPoolExecutor(2) as pool:
        with pytest.raises(KeyboardInterrupt):
            rk.simulate(
                "online",
                games=1000,
                bots=Idle,
                seed=3,
                out=path,
                progress=interrupt,
                executor=pool if executor else None,
            )
        whole = rk.simulate("online", games=7, bots=Idle, seed=3, executor=pool)
    assert _lines(path) == whole.to_records()


def test_a_run_stopped_by_a_failing_game_keeps_the_games_before_it(tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    with pytest.raises(ValueError, match="flaky factory"):
        rk.simulate("online", games=200, bots=[flaky, Idle], seed=3, out=path)
    with path.open(newline="", encoding="utf-8") as file:
        assert len(list(csv.DictReader(file))) == 16  # the first failing game is game 16


class _Writes:
    """Something with a write method that takes bytes only."""

    def write(self, data: bytes) -> int:
        return len(memoryview(data))


@pytest.mark.parametrize(
    "out",
    [
        "runs.txt",
        "runs",
        "missing/runs.jsonl",
        "folder.jsonl",
        5,
        b"runs.jsonl",
        io.BytesIO(),
        _Writes(),
        ["runs.jsonl"],
    ],
    ids=str,
)
def test_an_out_that_cannot_be_written_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, out: object
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder.jsonl").mkdir()
    made: list[int] = []

    def counting(rng: object) -> Idle:
        made.append(1)
        return Idle(rng)  # type: ignore[arg-type]

    with pytest.raises(rk.InvalidArgument) as caught:
        rk.simulate("online", games=1, bots=counting, out=out)  # type: ignore[arg-type]
    assert caught.value.code == "bad_out"
    assert made == []
    assert sorted(path.name for path in tmp_path.iterdir()) == ["folder.jsonl"]


def test_a_closed_or_read_only_stream_is_refused(tmp_path: Path) -> None:
    closed = io.StringIO()
    closed.close()
    (tmp_path / "games.jsonl").write_text("", encoding="utf-8")
    with (tmp_path / "games.jsonl").open(encoding="utf-8") as reading:
        for out in (closed, reading):
            with pytest.raises(rk.InvalidArgument) as caught:
                rk.simulate("online", games=1, bots=IDLE2, out=out)
            assert caught.value.code == "bad_out"
