"""Game records as a file: each game written as it finishes, as JSON lines or CSV.

A long simulation should not hold its only copy of the games it played in memory: with
``simulate(..., out="runs.jsonl")`` every game's :class:`~rummikit.simulation.GameRecord`
(the dict :meth:`Report.to_records <rummikit.Report.to_records>` gives) is written as soon
as it is handed over, in game order, and the file is flushed each time. A run stopped by
Ctrl-C, an error or a killed process keeps every game it finished.

The format follows the file's suffix: ``.jsonl``, one JSON object a line; ``.csv``, a header
and then one row a game, a list's items joined with commas in one cell (the convention of
the command line's ``--csv``, which uses :func:`csv_row` too).
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Protocol, cast

from rummikit.errors import InvalidArgument, brief
from rummikit.simulation._play import GameRecord, GameResult

FORMATS = {".jsonl": "jsonl", ".csv": "csv"}
"""The suffixes an ``out`` path may have, and the format each one chooses."""

RECORD_FIELDS = tuple(GameRecord.__annotations__)
"""The keys of a :class:`GameRecord`, in order: the columns of a CSV file of games."""


class TextSink(Protocol):
    """Something text is written to: an open text file, :data:`sys.stdout`, a StringIO."""

    def write(self, text: str, /) -> object: ...


def csv_row(row: Mapping[str, object]) -> dict[str, object]:
    """``row`` as a CSV row: a list's (or a tuple's) items joined with commas in one cell,
    as ``--bots`` takes them; other values as they are (None becomes an empty cell)."""
    return {
        key: ",".join(map(str, value)) if isinstance(value, list | tuple) else value
        for key, value in row.items()
    }


class RecordWriter:
    """Writes game records to a text stream as they come, in one format, and flushes after
    each batch, so that what was written survives the process."""

    def __init__(self, stream: TextSink, form: str, *, owned: bool, name: str) -> None:
        self._stream = stream
        self._owned = owned
        self.form = form
        """``"jsonl"`` or ``"csv"``."""
        self.name = name
        """The file's name, for messages."""
        self.written = 0
        """Records written so far."""
        self._csv: csv.DictWriter[str] | None = None
        if form == "csv":
            self._csv = csv.DictWriter(stream, fieldnames=RECORD_FIELDS, lineterminator="\n")
            self._csv.writeheader()
            self._flush()

    def write(self, results: Iterable[GameResult]) -> None:
        """Write one record per result, in order, then flush."""
        for result in results:
            record = result.to_record()
            if self._csv is not None:
                self._csv.writerow(csv_row(record))
            else:
                self._stream.write(json.dumps(record, ensure_ascii=False) + "\n")
            self.written += 1
        self._flush()

    def close(self) -> None:
        """Flush, and close the file if :func:`open_records` opened it (a stream given
        stays open)."""
        try:
            self._flush()
        finally:
            if self._owned:
                cast("io.TextIOBase", self._stream).close()

    def _flush(self) -> None:
        flush = getattr(self._stream, "flush", None)
        if callable(flush):
            flush()


def open_records(out: object) -> RecordWriter:
    """A writer of game records into ``out``: a path ending in ``.jsonl`` or ``.csv``
    (created, or emptied, now) or a writable text stream (CSV when its ``name`` ends in
    ``.csv``, JSON lines otherwise; flushed, never closed).

    Raises :class:`~rummikit.InvalidArgument` (``bad_out``) for another suffix, a folder
    that does not exist, a file that cannot be opened, or an object that is neither a path
    nor a writable text stream.
    """
    if isinstance(out, str | os.PathLike):
        return _open_path(out)
    if isinstance(out, io.TextIOBase):
        try:
            writable = out.writable()
        except ValueError:  # closed
            writable = False
        if not writable:
            raise InvalidArgument(
                "bad_out", f"out is a text file open for writing, not {brief(out)}"
            )
    elif isinstance(out, io.IOBase) or not callable(getattr(out, "write", None)):
        raise InvalidArgument(
            "bad_out",
            "out is a path ending in .jsonl or .csv, or a text file open for writing "
            f"(open(path, 'w')), not {brief(out)}",
        )
    else:  # something with a write method: it must take text
        try:
            cast(TextSink, out).write("")
        except TypeError as error:
            raise InvalidArgument(
                "bad_out", f"out must take text, and {brief(out)} does not ({error})"
            ) from None
    sink = cast(TextSink, out)
    name = getattr(out, "name", None)
    form = "csv" if isinstance(name, str) and name.lower().endswith(".csv") else "jsonl"
    return RecordWriter(sink, form, owned=False, name=name if isinstance(name, str) else "out")


def _open_path(out: str | os.PathLike[str] | os.PathLike[bytes]) -> RecordWriter:
    """The writer of a file at the path ``out``, its format chosen by the suffix."""
    raw = os.fspath(out)
    if isinstance(raw, bytes):
        raise InvalidArgument("bad_out", f"out is a path as str, not bytes: {brief(raw)}")
    path = Path(raw)
    form = FORMATS.get(path.suffix.lower())
    if form is None:
        raise InvalidArgument(
            "bad_out",
            f"out is a .jsonl or .csv file (its suffix chooses the format), not {brief(raw)}",
        )
    folder = path.parent
    if not folder.is_dir():
        raise InvalidArgument(
            "bad_out", f"the folder {brief(str(folder))} of out does not exist; make it first"
        )
    try:
        stream = path.open("w", encoding="utf-8", newline="")
    except OSError as error:
        raise InvalidArgument(
            "bad_out", f"cannot write {brief(str(path))}: {error.strerror or error}"
        ) from None
    return RecordWriter(stream, form, owned=True, name=str(path))
