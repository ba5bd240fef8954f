"""Copies of one monster put into a fight: their hit points, by the table's method.

A stat block gives Hit Dice ("HD 1-1"); each goblin of a band of four has its own hit points,
taken as the dice's average, rolled, or their maximum. The game says which dice a sheet's
hit points come from (:attr:`~m3desk.core.system.EncounterRules.hit_dice`); this is the one
place that turns dice and a method into a number.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr, Roller

__all__ = [
    "HIT_POINT_METHODS",
    "HitPointMethod",
    "copies_line",
    "copy_hit_points",
    "d8_hit_dice",
    "plural",
    "with_hit_points",
]

HitPointMethod = Literal["average", "rolled", "maximum"]
HIT_POINT_METHODS: dict[HitPointMethod, str] = {
    "average": "Average",
    "rolled": "Rolled",
    "maximum": "Maximum",
}
"""Each method and how the dialog names it."""


def copy_hit_points(dice: DiceExpr, method: HitPointMethod, roller: Roller) -> int:
    """One copy's hit points: the dice's average rounded down, a roll, or the maximum; at
    least 1 (a copy joins alive)."""
    if method == "maximum":
        total = dice.maximum
    elif method == "rolled":
        total = sum(roller.roll_faces(dice)) + dice.bonus
    else:
        total = dice.count * (dice.sides + 1) // 2 + dice.bonus
    return max(1, total)


def d8_hit_dice(hit_dice: int, modifier: int) -> DiceExpr:
    """Hit Dice of d8 each plus the modifier (HD 4+1: 4d8+1); 0 is "½ HD", 1d4."""
    return DiceExpr(1, 4, modifier) if hit_dice == 0 else DiceExpr(hit_dice, 8, modifier)


def with_hit_points(sheet: BaseModel, hit_points: int) -> BaseModel:
    """A sheet keeping ``hit_points`` and ``max_hit_points`` with both at ``hit_points``."""
    return sheet.model_copy(update={"hit_points": hit_points, "max_hit_points": hit_points})


def plural(name: str) -> str:
    """A creature's name for several of them, as a sentence writes it ("Goblin" →
    "goblins", "Giant Rat" → "giant rats", "Lizard Man" → "lizard men")."""
    words = name.split()
    if not words:
        return name
    last = words[-1]
    if len(words) > 1 or not any(c.isupper() for c in name[1:]):
        words = [w.lower() if w[:1].isupper() and w[1:].islower() else w for w in words]
        last = words[-1]
    lowered = last.lower()
    if lowered.endswith("man"):
        last = last[:-3] + last[-3:-2] + "en"
    elif lowered.endswith(("s", "x", "z", "ch", "sh")):
        last += "es"
    elif lowered.endswith("y") and lowered[-2:-1] not in ("a", "e", "i", "o", "u"):
        last = last[:-1] + "ies"
    elif lowered.endswith("f") and not lowered.endswith("ff"):
        last = last[:-1] + "ves"
    else:
        last += "s"
    return " ".join([*words[:-1], last])


def _name_range(base: str, names: list[str]) -> str:
    """ "Goblin 1–12" when the names are one run of numbers; else the first and last."""
    numbers: list[int] = []
    for name in names:
        head, _space, tail = name.rpartition(" ")
        if head != base or not tail.isdigit():
            break
        numbers.append(int(tail))
    if len(numbers) == len(names) and numbers == list(range(numbers[0], numbers[0] + len(names))):
        return f"{base} {numbers[0]}–{numbers[-1]}"
    if len(names) <= 3:
        return ", ".join(names)
    return f"{names[0]} … {names[-1]}"


def copies_line(base: str, names: list[str], side: str, points: list[int], how: str) -> str:
    """The one log line for copies that joined: "12 goblins join the Monsters: Goblin 1–12,
    3 hp each (average of 2d8)", or a range of hit points when they differ
    ("2–7 hp, rolled on 1d8"); ``how`` says where the hit points came from."""
    if not points:
        hit_points = how
    elif len(set(points)) == 1:
        hit_points = f"{points[0]} hp{' each' if len(names) > 1 else ''} ({how})"
    else:
        hit_points = f"{min(points)}–{max(points)} hp ({how})"
    if len(names) == 1:
        return f"{names[0]} joins the {side}, {hit_points}"[:2_000]
    line = f"{len(names)} {plural(base)} join the {side}: {_name_range(base, names)}, {hit_points}"
    return line[:2_000]
