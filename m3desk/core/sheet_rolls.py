"""Rolls made from a sheet (a saving throw, an ability check, a skill, a morale check), as a
game describes them, so the sheet shows each one's exact chance and rolls it by the same rule.

A game lists a sheet's rolls with ``GameSystem.sheet_rolls(sheet, options)``; each
:class:`SheetRoll` names its dice and the one test of a total, :attr:`SheetRoll.succeeds`.
The chance shown is counted from that test over the dice's exact distribution
(:func:`chance`), and a roll rolled or typed is judged by it (:func:`outcome`): the shown odds
and the result can never disagree. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import partial
from typing import NamedTuple

from m3desk.core.derived import Derived
from m3desk.core.dice import DiceExpr, parse_faces

__all__ = [
    "RollOutcome",
    "SheetRoll",
    "at_least",
    "at_most",
    "chance",
    "chance_text",
    "outcome",
    "read_faces",
    "targets_at_least",
]


class SheetRoll(NamedTuple):
    """One roll a sheet offers: "Save vs wands: 13 or more on 1d20"."""

    id: str
    """Stable within the sheet ("save.wands", "thief.OL")."""
    label: str
    """What is rolled, as the sheet names it ("Save vs wands")."""
    group: str
    """Where the sheet keeps it ("Saving throws", "Ability checks")."""
    dice: DiceExpr
    succeeds: Callable[[int], bool]
    """The rule: does this total succeed? The only definition of the roll."""
    needed: str
    """The target in the game's words ("13 or more", "12 or less", "at most 87 %")."""
    success: str = "succeeds"
    failure: str = "fails"
    """The result in the game's words ("holds" / "breaks" for morale)."""


class RollOutcome(NamedTuple):
    total: int
    succeeded: bool
    text: str
    """The log's line: "Save vs wands: 15 on 1d20 (13 or more) — succeeds"."""


def at_least(target: int, total: int) -> bool:
    """A total of at least ``target`` succeeds (``partial(at_least, 13)``: a save of 13)."""
    return total >= target


def at_most(target: int, total: int) -> bool:
    """A total of at most ``target`` succeeds (a skill of 87 on d%)."""
    return total <= target


def targets_at_least(
    values: Mapping[str, Derived], keys: Iterable[str], group: str, dice: DiceExpr
) -> list[SheetRoll]:
    """A roll of ``dice`` for each derived value in ``keys`` (its id the key, its label the
    value's), succeeding at the value or more: a sheet's saving throws in the games that
    write a save as a target number."""
    rolls: list[SheetRoll] = []
    for key in keys:
        value = values[key]
        rolls.append(
            SheetRoll(
                key,
                value.label,
                group,
                dice,
                partial(at_least, value.value),
                f"{value.value} or more",
            )
        )
    return rolls


def chance(roll: SheetRoll) -> Fraction:
    """The exact chance the roll succeeds, counted over every total of its dice."""
    counts = roll.dice.distribution()
    return Fraction(
        sum(ways for total, ways in counts.items() if roll.succeeds(total)), roll.dice.combinations
    )


def chance_text(roll: SheetRoll) -> str:
    """ "13 or more on 1d20: 40 %" (a whole per cent where it is one, else one decimal)."""
    value = chance(roll) * 100
    shown = str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"
    return f"{roll.needed} on {roll.dice}: {shown} %"


def read_faces(roll: SheetRoll, text: str) -> tuple[int, ...]:
    """Faces typed as rolled at the table: one number for a single die (87 on a d100), else
    each die's face ("5 3"); raises :class:`~m3desk.core.dice.DiceError` with a sentence."""
    words = text.replace(",", " ").split()
    if roll.dice.count == 1 and len(words) == 1 and words[0].isdigit():
        return (int(words[0]),)
    return parse_faces(text)


def outcome(roll: SheetRoll, faces: tuple[int, ...]) -> RollOutcome:
    """The faces rolled or typed, judged by the roll's own rule; a face the dice cannot show
    or the wrong number of faces raises :class:`~m3desk.core.dice.DiceError`."""
    total = roll.dice.total(faces)
    succeeded = roll.succeeds(total)
    word = roll.success if succeeded else roll.failure
    return RollOutcome(
        total, succeeded, f"{roll.label}: {total} on {roll.dice} ({roll.needed}) — {word}"
    )
