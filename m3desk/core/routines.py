"""Attack routines as the books write them: what a monster may do in one round.

A monster's stat block lists its attacks in one or more *routines*: "2 claws, 1 bite" is one
routine whose attacks all happen in the round, "… or breath" a second one used instead. Each
attack deals damage, causes an *effect* (paralysis, petrification, charm, poison, energy
drain: a saving throw, then a condition rather than lost hit points), or both; damage may be
*special* ("1d6 × 10", "3d10 + 1d10"), which a plain die expression cannot hold.

A game keeps its attacks as rows that carry a routine number (:class:`RoutineRow`); this
module groups them (:func:`routines_of`), reads and writes special damage (:class:`Damage`),
names the effects every game shares (:data:`EFFECTS`, :func:`effect_in`), cuts a printed
attack line at its top-level "or" (:func:`split_alternatives`) and picks the routine a referee
would use (:func:`best_routine`), so the action dialog and the forecast of every game read
the same definitions. A game says which saving throw an effect calls for.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Protocol, TypeVar

from pydantic import BeforeValidator, PlainSerializer

from m3desk.core.actions import Action
from m3desk.core.dice import MAX_DICE_COUNT, MAX_DIE_SIDES, DiceError, convolve, sum_of_dice

if TYPE_CHECKING:
    from m3desk.core.encounter import Combatant, E

__all__ = [
    "EFFECTS",
    "MAX_DAMAGE_TEXT",
    "MAX_ROUTINES",
    "ROUTINE_ACTION",
    "Damage",
    "DamageError",
    "DamageText",
    "Effect",
    "RoutineRow",
    "afflicted",
    "afflicting",
    "apply_effect",
    "attack_words",
    "best_routine",
    "effect_in",
    "fail_chance",
    "one_routine_migration",
    "routine_action",
    "routine_words",
    "routines_of",
    "sheets_routine_migration",
    "split_alternatives",
]

MAX_ROUTINES = 9
"""Alternatives a stat block offers in one round; the SRD's most is three."""
MAX_DAMAGE_TEXT = 60
MAX_TERMS = 4
MAX_TIMES = 100


@dataclass(frozen=True)
class Effect:
    """An effect an attack causes instead of (or besides) hit-point damage."""

    key: str
    """As sheets store it: "paralysis"."""
    condition: str
    """The condition it leaves on a target that fails its save ("Paralysed")."""
    out_of_fight: bool
    """The condition ends the bearer's part in the fight (it cannot act or defend)."""
    lethal: bool = False
    """A failed save kills (the books' poison)."""
    help: str = ""


EFFECTS: Mapping[str, Effect] = {
    e.key: e
    for e in (
        Effect("paralysis", "Paralysed", True, help="Cannot move or act until it wears off."),
        Effect("petrification", "Petrified", True, help="Turned to stone."),
        Effect("charm", "Charmed", True, help="Obeys the charmer; does not fight it."),
        Effect("poison", "Poisoned", True, lethal=True, help="A failed save is death."),
        Effect("energy drain", "Drained", False, help="Loses a level (or Hit Die) per touch."),
    )
}
"""The effects with rules behind them; any other printed effect is kept as words only."""

_EFFECT_WORDS = (
    (re.compile(r"paraly", re.IGNORECASE), "paralysis"),
    (re.compile(r"petrif|to stone", re.IGNORECASE), "petrification"),
    (re.compile(r"\bcharm", re.IGNORECASE), "charm"),
    (re.compile(r"poison|venom", re.IGNORECASE), "poison"),
    (re.compile(r"(?:energy|level)\s{0,3}drain", re.IGNORECASE), "energy drain"),
)


_OUT = frozenset(e.key for e in EFFECTS.values() if e.out_of_fight)


def fail_chance(target: int | None) -> Fraction:
    """The exact chance a d20 save that needs ``target`` or more fails (1 when no save is
    allowed): the books' saving throw in every game that rolls one so."""
    if target is None:
        return Fraction(1)
    return Fraction(max(0, min(20, target - 1)), 20)


def afflicted(combatant: Combatant) -> bool:
    """A condition an effect left that takes the bearer out of the fight (paralysed,
    petrified, charmed): the ``out_of_fight`` of every game whose attacks cause effects."""
    return any(c.condition in _OUT for c in combatant.conditions)


def afflicting(combatant: Combatant) -> str:
    """The name of the condition an effect left that takes the bearer out of the fight
    ("Paralysed"), or "": the words the tracker shows for such a combatant."""
    return next((c.name for c in combatant.conditions if c.condition in _OUT), "")


def apply_effect(encounter: E, target: str, effect: Effect, *, dead_at: int = 0) -> E:
    """The condition a failed save (or an unresisted hit) leaves on ``target``; a lethal
    effect (poison) also sets its hit points to ``dead_at`` or fewer (the game's death)."""
    from m3desk.core import encounter as core

    bearer = encounter.combatant(target)
    if effect.lethal:
        sheet = bearer.sheet
        hit_points = getattr(sheet, "hit_points", dead_at)
        dead = sheet.model_copy(update={"hit_points": min(dead_at, hit_points)})
        encounter = core.replace_sheet(encounter, target, dead)
    if any(c.condition == effect.key for c in bearer.conditions):
        return encounter
    return core.add_condition(
        encounter, target, core.ConditionState(condition=effect.key, name=effect.condition)
    )


def effect_in(text: str) -> str:
    """The effect a printed attack names ("1d3 + paralysis" → "paralysis"), or ""."""
    text = text[:200]
    for pattern, key in _EFFECT_WORDS:
        if pattern.search(text):
            return key
    return ""


class DamageError(DiceError):
    """Damage text that is not damage; the message is shown as it is."""


_TERM = re.compile(
    r"\s*+(\d{0,2})\s*+d\s*+(\d{1,3})|\s*+(\d{1,3})(?:\s*+hp)?(?!\s*+d)", re.IGNORECASE
)
_SIGN = re.compile(r"\s*+([+\-−])")
_TIMES = re.compile(r"(?<!\s)\s*+[×xX*]\s*+(\d{1,3})\s*+$")
"""Searched: a start inside a run of spaces never matches where the run's first space did not
(the spaces are taken whole), so only a run's start is tried and the search stays linear."""


@dataclass(frozen=True, slots=True)
class Damage:
    """Dice added together, a flat bonus, all times a multiplier: ``3d10 + 1d10``,
    ``1d6 × 10``, ``2d4+1``, or a fixed ``4`` (no dice)."""

    dice: tuple[tuple[int, int], ...]
    """(count, sides) of each group of dice, as printed."""
    bonus: int = 0
    times: int = 1

    @classmethod
    def parse(cls, text: str) -> Damage:
        """Read damage as the books print it; raises :class:`DamageError` with a sentence."""
        if not isinstance(text, str):
            raise DamageError("damage must be text like 1d8+1 or 1d6 × 10")
        if len(text) > MAX_DAMAGE_TEXT:
            raise DamageError(f"damage is at most {MAX_DAMAGE_TEXT} characters")
        body, times = text, 1
        if found := _TIMES.search(text):
            body, times = text[: found.start()], int(found.group(1))
        dice: list[tuple[int, int]] = []
        bonus, position, sign = 0, 0, 1
        if lead := _SIGN.match(body):  # a flat "+2", as plain dice write a bonus alone
            sign, position = (1 if lead.group(1) == "+" else -1), lead.end()
        while True:
            term = _TERM.match(body, position)
            if term is None:
                raise DamageError(
                    f"“{text.strip()}” is not damage; write it like 1d8+1, 3d10 + 1d10 or 1d6 × 10"
                )
            if term.group(2) is not None:
                count = int(term.group(1) or 1)
                dice.append((count * sign, int(term.group(2))))
            else:
                bonus += sign * int(term.group(3))
            position = term.end()
            mark = _SIGN.match(body, position)
            if mark is None:
                break
            sign = 1 if mark.group(1) == "+" else -1
            position = mark.end()
        if body[position:].strip():
            raise DamageError(
                f"“{text.strip()}” is not damage; write it like 1d8+1, 3d10 + 1d10 or 1d6 × 10"
            )
        damage = cls(tuple(dice), bonus, times)
        damage.check()
        return damage

    def check(self) -> None:
        if len(self.dice) > MAX_TERMS:
            raise DamageError(f"at most {MAX_TERMS} groups of dice, please")
        for count, sides in self.dice:
            if not 1 <= count <= MAX_DICE_COUNT:
                raise DamageError(f"1 to {MAX_DICE_COUNT} dice a group, please (got {count})")
            if not 2 <= sides <= MAX_DIE_SIDES:
                raise DamageError(f"a die needs 2 to {MAX_DIE_SIDES} sides (got d{sides})")
        if not 1 <= self.times <= MAX_TIMES:
            raise DamageError(f"a multiplier of 1 to {MAX_TIMES}, please")
        if abs(self.bonus) > 100:
            raise DamageError("a flat bonus of at most ±100, please")

    @property
    def plain(self) -> bool:
        """One group of dice, no multiplier: what a plain die expression holds."""
        return len(self.dice) <= 1 and self.times == 1

    @property
    def faces(self) -> tuple[int, ...]:
        """The sides of every die rolled, in order (3d10 + 1d10: four d10s)."""
        return tuple(sides for count, sides in self.dice for _ in range(count))

    def total(self, faces: Sequence[int]) -> int:
        """The damage for the faces rolled (before any game's "at least 1")."""
        wanted = self.faces
        if len(faces) != len(wanted):
            raise DamageError(f"{self} needs {len(wanted)} dice, got {len(faces)}")
        for face, sides in zip(faces, wanted, strict=True):
            if not 1 <= face <= sides:
                raise DamageError(f"a d{sides} shows 1 to {sides}, not {face}")
        return (sum(faces) + self.bonus) * self.times

    @property
    def maximum(self) -> int:
        return (sum(c * s for c, s in self.dice) + self.bonus) * self.times

    @property
    def mean(self) -> Fraction:
        dice = sum((Fraction(c * (s + 1), 2) for c, s in self.dice), Fraction(0))
        return (dice + self.bonus) * self.times

    def distribution(self) -> Mapping[int, int]:
        """Exact outcome counts: value → equally likely face combinations."""
        return _distribution(self.dice, self.bonus, self.times)

    def __str__(self) -> str:
        parts = [f"{c}d{s}" for c, s in self.dice]
        text = " + ".join(parts)
        if self.bonus or not parts:  # dice notation: "2d4+1", "1d6-1", as DiceExpr writes
            sign = "+" if self.bonus >= 0 else "-"
            text = f"{text}{sign}{abs(self.bonus)}" if parts else str(self.bonus)
        return f"{text} × {self.times}" if self.times != 1 else text


@cache
def _distribution(dice: tuple[tuple[int, int], ...], bonus: int, times: int) -> Mapping[int, int]:
    counts: dict[int, int] = {0: 1}
    for count, sides in dice:
        counts = convolve(counts, sum_of_dice(count, sides))
    return {(value + bonus) * times: ways for value, ways in counts.items()}


def _validate_damage(value: Any) -> Damage:
    if isinstance(value, Damage):
        return value
    if not isinstance(value, str):
        raise DamageError("damage must be text like 1d8+1 or 1d6 × 10")
    return Damage.parse(value)


DamageText = Annotated[
    Damage, BeforeValidator(_validate_damage), PlainSerializer(str, return_type=str)
]
"""A sheet field of damage, stored as the text it reads ("1d6 × 10")."""


class RoutineRow(Protocol):
    """What a game's attack row carries for routines."""

    @property
    def name(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def routine(self) -> int: ...
    @property
    def damage(self) -> Damage | None: ...
    @property
    def effect(self) -> str: ...


R = TypeVar("R", bound=RoutineRow)


def routines_of(attacks: Sequence[R]) -> tuple[tuple[R, ...], ...]:
    """The attacks grouped by routine number, in the order of the numbers; each group is what
    happens together in one round."""
    numbers = sorted({a.routine for a in attacks})
    return tuple(tuple(a for a in attacks if a.routine == n) for n in numbers)


def attack_words(attack: RoutineRow) -> str:
    """One attack as the books write it: "2 × claw (1d3 + paralysis)"."""
    inside = [str(attack.damage)] if attack.damage is not None else []
    if attack.effect:
        inside.append(attack.effect)
    return f"{attack.count} × {attack.name}" + (f" ({' + '.join(inside)})" if inside else "")


def routine_words(routine: Sequence[RoutineRow]) -> str:
    """A routine as the books write it: "2 × claw (1d3), 1 × bite (1d6)"."""
    return ", ".join(attack_words(a) for a in routine)


def best_routine(
    routines: Sequence[Sequence[R]],
    value: Callable[[R], float],
    usable: Callable[[Sequence[R]], bool] = lambda r: True,
) -> int:
    """The routine a referee would use: the best expected effect, summed over its attacks
    (each ``count`` times ``value``), among those still ``usable`` (a breath weapon with uses
    left); the first on a tie, and 0 when none is usable."""
    best, best_value = 0, -1.0
    for index, routine in enumerate(routines):
        if not usable(routine):
            continue
        worth = sum(a.count * value(a) for a in routine)
        if worth > best_value:
            best, best_value = index, worth
    return best


def _top_level_or(text: str) -> list[int]:
    """Where " or " stands outside brackets and parentheses (the start of each "or")."""
    depth, found = 0, []
    for match in re.finditer(r"[\[\](){}]|\bor\b", text, re.IGNORECASE):
        mark = match.group(0)
        if mark in "[({":
            depth += 1
        elif mark in "])}":
            depth = max(0, depth - 1)
        elif depth == 0:
            found.append(match.start())
    return found


def split_alternatives(text: str) -> list[str]:
    """A printed attack line cut at each "or" outside brackets and parentheses:
    "[2 × claw (1d4), 1 × bite (2d8)] or breath" → ["2 × claw (1d4), 1 × bite (2d8)",
    "breath"]; the brackets that group a routine are dropped. Work is linear in the text."""
    pieces, start = [], 0
    for at in _top_level_or(text):
        pieces.append(text[start:at])
        start = at + 2
    pieces.append(text[start:])
    cleaned = []
    for piece in pieces:
        piece = piece.strip(" ,;")
        if piece.startswith("[") and piece.endswith("]"):
            piece = piece[1:-1].strip(" ,;")
        cleaned.append(piece)
    return cleaned


def one_routine_migration(
    field: str = "attacks", *, effects: bool = True
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The file step from sheets that kept one list of attacks, all made every round: that
    list becomes routine 1, and an attack without damage whose name names an effect ("gaze
    (petrification)") causes it, where the game's attacks have ``effects``. An attack without
    damage was priced as 1d6 before; now it deals none, as the book has it."""

    def migrate(data: dict[str, Any]) -> dict[str, Any]:
        attacks = data.get(field)
        if not isinstance(attacks, list):
            return data
        upgraded = []
        for attack in attacks:
            if isinstance(attack, dict):
                attack = {**attack, "routine": attack.get("routine", 1)}
                name = attack.get("name")
                if (
                    effects
                    and "damage" in attack
                    and attack["damage"] is None
                    and isinstance(name, str)
                    and "effect" not in attack
                ):
                    attack["effect"] = effect_in(name)
            upgraded.append(attack)
        return {**data, field: upgraded}

    return migrate


def sheets_routine_migration(
    kind: str = "monster", field: str = "attacks", *, effects: bool = True
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The same step for an encounter file: each combatant's sheet of ``kind`` gets its
    attack list as one routine (:func:`one_routine_migration`)."""
    step = one_routine_migration(field, effects=effects)

    def migrate(data: dict[str, Any]) -> dict[str, Any]:
        combatants = data.get("combatants")
        if not isinstance(combatants, list):
            return data
        upgraded = []
        for combatant in combatants:
            sheet = combatant.get("sheet") if isinstance(combatant, dict) else None
            if isinstance(sheet, dict) and sheet.get("kind") == kind:
                combatant = {**combatant, "sheet": step(sheet)}
            upgraded.append(combatant)
        return {**data, "combatants": upgraded}

    return migrate


ROUTINE_ACTION = "routine"
"""The kind of a routine's action in every game's action list."""


def routine_action(number: int) -> Action:
    """The action of routine ``number`` (counted from 1), as every game offers it."""
    return Action(ROUTINE_ACTION, index=number)
