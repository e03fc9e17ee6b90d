"""Paired comparisons of profiles: game ``i`` of every profile of a simulation is dealt from
the same seed, so two profiles are compared game by game, and the difference of each figure
is estimated from the per-game differences with its confidence interval.

Pairing removes from the comparison what the deals have in common: a hand that makes a long
game under one profile tends to make a long game under the other, so the per-game
differences vary less than the figures themselves, and a smaller difference is detected
from the same games than by comparing two independent means.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor

import attrs

from rummikit.errors import InvalidArgument, brief
from rummikit.profile import RuleProfile
from rummikit.simulation._estimate import (
    CONFIDENCE,
    Estimate,
    check_confidence,
    level_text,
    mean_estimate,
    paired_share_estimate,
)
from rummikit.simulation._figures import SHARE, Figure, figures
from rummikit.simulation._report import Report
from rummikit.simulation._seats import BotSpec
from rummikit.simulation._simulate import Out, ProgressCallback, choose_baseline, run


@attrs.frozen
class Difference:
    """The paired difference of one figure between a profile and the baseline: the mean over
    games of (the profile's value - the baseline's value), with its confidence interval
    (Newcombe's for a share of games, Student's t otherwise)."""

    figure: str
    """The figure's name, as in :meth:`Report.summary <rummikit.Report.summary>`."""
    label: str
    """What the figure is, for people."""
    profile: str
    baseline: str
    estimate: Estimate
    """The mean difference per game (a share's in a share from -1 to 1), its interval, level
    and the number of games paired (those where both profiles have the figure)."""
    statement: str
    """The difference in words: which profile is higher, by how much, or that no difference
    is detectable at this many games."""
    paired: bool = True
    """Whether the two profiles seat the same players, so that game ``i`` is the same deal
    under both when they share a deck. Otherwise the games only share their seeds: the
    differences are those of independent samples (still an honest interval, only wider)."""

    @property
    def detected(self) -> bool:
        """Whether the interval leaves out zero: a difference these games detect."""
        return self.estimate.count >= 2 and self.estimate.excludes(0.0)

    def to_dict(self) -> dict[str, str | int | float | bool | None]:
        """The difference as plain values (a row for JSON or CSV)."""
        return {
            "profile": self.profile,
            "baseline": self.baseline,
            "figure": self.figure,
            "label": self.label,
            **self.estimate.to_dict(),
            "detected": self.detected,
            "paired": self.paired,
            "statement": self.statement,
        }


def _statement(
    figure: Figure, profile: str, baseline: str, estimate: Estimate, paired: bool
) -> str:
    """``estimate`` of ``figure`` (profile - baseline) in one plain sentence."""
    scale, digits = (100.0, 1) if figure.percent else (1.0, 2)
    value = estimate.value * scale
    if paired:
        games = f"{estimate.count:,} paired game{'' if estimate.count == 1 else 's'}"
    else:
        games = f"{estimate.count:,} games on the same seeds, not the same deals"
    if estimate.count < 2:
        return f"{figure.label}: too few games to compare {profile} with {baseline} ({games})"
    interval = (
        f"{level_text(estimate.confidence)} CI {estimate.low * scale:+.{digits}f} to "
        f"{estimate.high * scale:+.{digits}f}"
    )
    if estimate.excludes(0.0):
        word = figure.more if value > 0 else figure.less
        return (
            f"{figure.label}: {profile} {word} than {baseline} by {abs(value):.{digits}f} "
            f"{figure.unit} ({interval}; {games})"
        )
    return (
        f"{figure.label}: no detectable difference between {profile} and {baseline} at "
        f"{games} ({profile} - {baseline} = {value:+.{digits}f} {figure.unit}, {interval})"
    )


def _check_paired(report: Report, baseline: Report) -> None:
    """Refuse two reports whose games were not dealt from the same seeds, in order."""
    seeds = [result.seed for result in report.results]
    if seeds != [result.seed for result in baseline.results]:
        raise InvalidArgument(
            "unpaired_reports",
            f"the games of {report.profile!r} and {baseline.profile!r} were not dealt from the "
            "same seeds in the same order; simulate the profiles in one call (or with the "
            "same seed and number of games) to compare them game by game",
        )


def _paired_estimate(
    figure: Figure, pairs: list[tuple[float, float]], confidence: float
) -> Estimate | None:
    """The mean difference of ``pairs`` with its interval: Newcombe's for a share whose
    every game is a yes or a no, Student's t on the per-game differences otherwise (means,
    and win rates where a shared win counts a fraction)."""
    if figure.kind == SHARE and all(a in (0.0, 1.0) and b in (0.0, 1.0) for a, b in pairs):
        return paired_share_estimate([(a == 1.0, b == 1.0) for a, b in pairs], confidence)
    return mean_estimate([a - b for a, b in pairs], confidence)


def paired_differences(report: Report, baseline: Report, confidence: float) -> list[Difference]:
    """Every figure both reports have, as the paired difference ``report - baseline``; the
    figures of the seats only where both profiles seat the same players."""
    _check_paired(report, baseline)
    paired = report.players == baseline.players
    found = []
    for figure in figures(min(report.players, baseline.players)):
        if figure.by_seat and not paired:
            continue
        pairs = []
        for mine, theirs in zip(report.results, baseline.results, strict=True):
            a, b = figure.of(mine), figure.of(theirs)
            if a is not None and b is not None:
                pairs.append((a, b))
        estimate = _paired_estimate(figure, pairs, confidence)
        if estimate is None:  # no game where both have it (nobody ever opened)
            continue
        found.append(
            Difference(
                figure=figure.name,
                label=figure.label,
                profile=report.profile,
                baseline=baseline.profile,
                estimate=estimate,
                statement=_statement(figure, report.profile, baseline.profile, estimate, paired),
                paired=paired,
            )
        )
    return found


def _reports(reports: object) -> tuple[Report, ...]:
    """The reports given as a dict by name (as :func:`simulate` returns them) or a sequence."""
    if isinstance(reports, Mapping):
        items = list(reports.values())
    elif isinstance(reports, Iterable) and not isinstance(reports, str | bytes | Report):
        items = list(reports)
    else:
        items = [reports]
    if not items or not all(isinstance(item, Report) for item in items):
        raise InvalidArgument(
            "bad_reports",
            f"give the reports of one simulation (a dict or a list of Report), not {brief(reports)}",
        )
    names = [item.profile for item in items]
    for name in names:
        if names.count(name) > 1:
            raise InvalidArgument(
                "duplicate_profile", f"two reports are of {name!r}; give each profile once"
            )
    return tuple(items)


@attrs.frozen
class Comparison:
    """Profiles compared game by game: each profile's :class:`~rummikit.Report` and the
    paired difference of every figure between each profile and the baseline.

    Build it with :func:`~rummikit.compare` (plays the games) or :meth:`of` (from the reports
    of one simulation).
    """

    reports: tuple[Report, ...]
    """The report of each profile, in the order given; the baseline's included."""
    baseline: str
    """The profile the others are compared with (the first, unless chosen)."""
    confidence: float
    """The level of every interval (0.95 unless chosen)."""
    differences: tuple[Difference, ...]
    """Each other profile's differences from the baseline, profile by profile, each in the
    order of the report's figures."""
    stopped: str = ""
    """Why the games stopped before the number asked for: ``"precision"`` (the precision
    asked for was reached), ``"time_limit"``, or '' (all were played, or the comparison was
    made with :meth:`of`)."""

    @classmethod
    def of(
        cls,
        reports: Mapping[str, Report] | Sequence[Report],
        *,
        baseline: RuleProfile | str | None = None,
        confidence: float = CONFIDENCE,
    ) -> Comparison:
        """Compare the reports of one simulation (the dict :func:`~rummikit.simulate`
        returns, or a list of reports) with the ``baseline``'s, game by game.

        Raises :class:`~rummikit.InvalidArgument`: ``bad_reports`` (not reports),
        ``duplicate_profile``, ``unknown_baseline`` (no report of that name),
        ``unpaired_reports`` (games not dealt from the same seeds), ``bad_confidence``.
        """
        found = _reports(reports)
        level = check_confidence(confidence)
        chosen = choose_baseline([report.profile for report in found], baseline)
        base = next(report for report in found if report.profile == chosen)
        differences = [
            difference
            for report in found
            if report.profile != chosen
            for difference in paired_differences(report, base, level)
        ]
        return cls(reports=found, baseline=chosen, confidence=level, differences=tuple(differences))

    def report(self, profile: str) -> Report:
        """The report of ``profile`` (``unknown_profile`` if it was not compared)."""
        for report in self.reports:
            if report.profile == profile:
                return report
        raise InvalidArgument(
            "unknown_profile",
            f"{brief(profile)} was not compared; the profiles are "
            f"{', '.join(report.profile for report in self.reports)}",
        )

    def difference(self, profile: str, figure: str) -> Difference:
        """The difference of ``figure`` between ``profile`` and the baseline
        (``unknown_figure`` if there is none: a figure neither profile has, or the baseline
        itself)."""
        for difference in self.differences:
            if difference.profile == profile and difference.figure == figure:
                return difference
        raise InvalidArgument(
            "unknown_figure",
            f"no difference of {brief(figure)} between {brief(profile)} and the baseline "
            f"{self.baseline!r}; the figures are the keys of Report.estimates()",
        )

    def statements(self) -> list[str]:
        """Each difference in words, in order."""
        return [difference.statement for difference in self.differences]

    def rows(self) -> list[dict[str, str | int | float | bool | None]]:
        """Everything the comparison holds, one row each, in one long table (for CSV):
        ``kind`` is ``"estimate"`` (a report's figure with its interval), ``"difference"``
        (a profile's paired difference from the baseline), ``"statistic"`` (a report's other
        numbers: the games, players and seed, medians, standard deviations, extremes,
        counts) or ``"run"`` (why the run ``stopped`` early, in ``label``)."""
        rows: list[dict[str, str | int | float | bool | None]] = [
            {"kind": "run", "figure": "stopped", "label": self.stopped}
        ]
        for report in self.reports:
            labels = {figure.name: figure.label for figure in figures(report.players)}
            summary = report.summary(self.confidence)
            for key, value in summary.items():
                if key in labels or key.endswith(("_low", "_high")) or key == "profile":
                    continue
                rows.append(
                    {"kind": "statistic", "profile": report.profile, "figure": key, "value": value}
                )
            for name, estimate in report.estimates(self.confidence).items():
                rows.append(
                    {
                        "kind": "estimate",
                        "profile": report.profile,
                        "baseline": None,
                        "figure": name,
                        "label": labels[name],
                        **estimate.to_dict(),
                        "detected": None,
                        "paired": None,
                        "statement": None,
                    }
                )
        rows.extend({"kind": "difference", **d.to_dict()} for d in self.differences)
        return rows


def compare(
    profiles: Sequence[RuleProfile | str],
    *,
    games: int | None = None,
    players: int | None = None,
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    seed: int | None = None,
    executor: Executor | None = None,
    progress: ProgressCallback | None = None,
    out: Out | None = None,
    precision: float | None = None,
    time_limit: float | None = None,
    baseline: RuleProfile | str | None = None,
    confidence: float = CONFIDENCE,
) -> Comparison:
    """Play the same seeded games under each profile and compare them game by game.

    Takes the arguments of :func:`~rummikit.simulate` (``profiles`` a list of profiles or
    names) and returns a :class:`Comparison`: each profile's report and the paired
    difference of every figure between each profile and ``baseline`` (the first profile
    unless named), with intervals at ``confidence`` (0.95 unless given). A ``precision``
    here also asks each profile's paired difference of turns per game from the baseline to
    be known to ``± precision`` turns (at ``confidence``) before the run stops; the
    comparison's :attr:`~Comparison.stopped` says whether a precision or a time limit ended
    it before ``games``.

    Raises what :func:`~rummikit.simulate` raises, and ``unknown_baseline``,
    ``bad_confidence``.
    """
    level = check_confidence(confidence)
    if isinstance(profiles, RuleProfile | str):
        profiles = [profiles]
    reports, stopped = run(
        profiles,
        games=games,
        players=players,
        bots=bots,
        seed=seed,
        executor=executor,
        progress=progress,
        out=out,
        precision=precision,
        time_limit=time_limit,
        confidence=level,
        paired=True,
        baseline=baseline,
    )
    found = Comparison.of(reports, baseline=baseline, confidence=level)
    return attrs.evolve(found, stopped=stopped)
