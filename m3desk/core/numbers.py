"""How m3desk writes a signed number: one formatter, one minus sign, everywhere."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

__all__ = [
    "MINUS",
    "chance_lines",
    "damage_spread",
    "damage_summary",
    "minus",
    "percent",
    "pool_text",
    "signed",
    "step_runs",
]

MINUS = "\u2212"
"""The true minus sign: it reads better than a hyphen in a table and lines up with +."""


def signed(value: int) -> str:
    """+2, −4, +0."""
    return f"{value:+d}".replace("-", MINUS)


def minus(value: int) -> str:
    """A number with the true minus sign and no plus: 4, −4."""
    return str(value).replace("-", MINUS)


def pool_text(current: int, maximum: int) -> str:
    """Hit points (or any pool) now and at most: "−5/18", with the true minus in every game,
    in the tracker's cells, its bar and tooltip, the player view and the sheets' headlines."""
    return f"{minus(current)}/{minus(maximum)}"


def damage_summary(damage: Mapping[int, Fraction]) -> str:
    """A hit's damage at a glance: "average 4.5, 1–8" (the whole spread is on demand)."""
    if not damage:
        return ""
    mean = sum((value * chance for value, chance in damage.items()), Fraction(0))
    low, high = min(damage), max(damage)
    reach = str(low) if low == high else f"{low}–{high}"
    return f"average {float(mean):.1f}, {reach}"


def damage_spread(damage: Mapping[int, Fraction]) -> tuple[tuple[str, Fraction], ...]:
    """Every damage a hit can do with its exact chance, lowest first ("3", 1/8)."""
    return tuple((str(value), chance) for value, chance in sorted(damage.items()))


def percent(chance: Fraction) -> str:
    """An exact chance as a readable percentage: never "0 %" or "100 %" unless it is."""
    if chance <= 0:
        return "0 %"
    if chance >= 1:
        return "100 %"
    value = float(chance) * 100
    if value < 0.1:
        return "< 0.1 %"
    if value > 99.9:
        return "> 99.9 %"
    return f"{value:.1f} %"


def chance_rows(
    success: Fraction | None, outcomes: Iterable[tuple[str, Fraction]] = ()
) -> list[tuple[str, Fraction]]:
    """An action's exact odds as the action dialog's bars and the players' phones show
    them: the chance of success, then each further outcome the game names."""
    rows = [("Chance of success", success)] if success is not None else []
    return [*rows, *outcomes]


def chance_lines(
    success: Fraction | None, outcomes: Iterable[tuple[str, Fraction]] = ()
) -> list[str]:
    """The same odds in words: "Chance of success: 55.0 %", then each further outcome's."""
    return [f"{label}: {percent(chance)}" for label, chance in chance_rows(success, outcomes)]


def step_runs(steps: Iterable[int], name: Callable[[int], str]) -> str:
    """Steps of an ordered scale (range bands) in words: a run of neighbours as "first–last",
    separate runs with a comma, in the scale's order: "Close", "Hand–Close, Short". The one
    writing of bands on screen, in the editor and on paper."""
    runs: list[list[int]] = []
    for step in sorted(set(steps)):
        if runs and step == runs[-1][-1] + 1:
            runs[-1].append(step)
        else:
            runs.append([step])
    return ", ".join(
        name(run[0]) if len(run) == 1 else f"{name(run[0])}–{name(run[-1])}" for run in runs
    )
