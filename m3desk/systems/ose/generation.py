"""How an OSE character is made (OSE SRD, Creating a Character; shared/rules/ose.md §1–§3).

3d6 in order for STR, INT, WIS, DEX, CON and CHA; a class whose minimum scores the character
meets (dwarf CON 9, elf INT 9, halfling CON 9 and DEX 9); the prime requisite's experience
bonus; first-level hit points from the class die and CON by the table's starting-hit-points
rule (average, maximum or rolled).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr
from m3desk.core.generation import (
    DROP_LOWEST,
    IN_ORDER,
    TYPED,
    Draft,
    Generation,
    Pick,
    PickGroup,
    first_hit_die,
)
from m3desk.core.numbers import signed
from m3desk.systems.ose.forms import new_character, starting_hit_points, weapon
from m3desk.systems.ose.option_rules import first_hit_die_rule
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import Abilities, CharacterSheet
from m3desk.systems.ose.tables import (
    CLASS_HIT_DIE,
    PRIME_REQUISITES,
    OseClass,
    prime_requisite_xp,
    standard_modifier,
)

__all__ = [
    "ABILITY_NAMES",
    "CLASS_MINIMUMS",
    "GENERATION",
    "LOWERABLE",
    "class_problem",
    "shift_problem",
    "shift_range",
]

ABILITY_NAMES: Mapping[str, str] = {
    "STR": "Strength",
    "INT": "Intelligence",
    "WIS": "Wisdom",
    "DEX": "Dexterity",
    "CON": "Constitution",
    "CHA": "Charisma",
}

CLASS_MINIMUMS: Mapping[OseClass, Mapping[str, int]] = {
    OseClass.DWARF: {"CON": 9},
    OseClass.ELF: {"INT": 9},
    OseClass.HALFLING: {"CON": 9, "DEX": 9},
}
"""The demihuman classes' minimum scores (the SRD's class pages)."""

_FIRST_WEAPON: Mapping[OseClass, str] = {
    OseClass.CLERIC: "mace",
    OseClass.MAGIC_USER: "dagger",
    OseClass.THIEF: "short sword",
    OseClass.HALFLING: "short sword",
}
"""A weapon each class may use (clerics blunt only, magic-users the dagger); else a sword."""


def _options(options: BaseModel | None) -> OseOptions:
    return options if isinstance(options, OseOptions) else OseOptions()


def _class_of(draft: Draft) -> OseClass:
    try:
        return OseClass(draft.picks.get("class", OseClass.FIGHTER))
    except ValueError:
        return OseClass.FIGHTER


def class_problem(cls: OseClass, scores: Mapping[str, int]) -> str:
    """Why the scores bar the class, in words ("needs CON 9, has 7"); "" when open."""
    short = [
        f"{name} {least}, has {scores.get(name, 0)}"
        for name, least in CLASS_MINIMUMS.get(cls, {}).items()
        if scores.get(name, 0) < least
    ]
    return f"needs {'; '.join(short)}" if short else ""


def _pick_label(cls: OseClass) -> str:
    return "Magic-user" if cls is OseClass.MAGIC_USER else cls.value.title()


def _class_picks(_data: Mapping[str, Any]) -> tuple[Pick, ...]:
    picks = []
    for cls in OseClass:
        needs = ", ".join(f"{name} {least}+" for name, least in CLASS_MINIMUMS.get(cls, {}).items())
        prime = " and ".join(PRIME_REQUISITES[cls])
        note = f"Prime requisite {prime}, hit die d{CLASS_HIT_DIE[cls]}" + (
            f"; needs {needs}" if needs else ""
        )
        picks.append(Pick(cls.value, _pick_label(cls), note))
    return tuple(picks)


LOWERABLE = ("STR", "INT", "WIS")
"""The abilities a new character may lower to raise a prime requisite (SRD, Creating a
Character): two points for one, never below 9; thieves may not lower STR."""


def shift_range(draft: Draft, ability: str) -> tuple[int, int, int]:
    """How far the player may move an ability: a prime requisite up to 18, one at a time; a
    lowerable ability down by twos to 9 at least; any other not at all."""
    cls = _class_of(draft)
    score = draft.scores.get(ability, 0)
    if ability in PRIME_REQUISITES[cls]:
        return 0, max(0, 18 - score), 1
    if ability in LOWERABLE and not (cls is OseClass.THIEF and ability == "STR"):
        return -2 * max(0, (score - 9) // 2), 0, 2
    return 0, 0, 1


def shift_problem(draft: Draft) -> str:
    """Why the points moved do not follow the rule ("" when they do)."""
    lowered = -sum(value for value in draft.shifts.values() if value < 0)
    raised = sum(value for value in draft.shifts.values() if value > 0)
    if lowered != 2 * raised:
        return (
            f"Every 2 points lowered raise a prime requisite by 1: {lowered} lowered, "
            f"{raised} raised."
        )
    for ability, value in draft.shifts.items():
        low, high, step = shift_range(draft, ability)
        if not low <= value <= high or value % step:
            return f"{ABILITY_NAMES.get(ability, ability)} cannot move by {value}."
    return ""


def _shifted(draft: Draft) -> dict[str, int]:
    return {name: score + draft.shifts.get(name, 0) for name, score in draft.scores.items()}


def _unavailable(draft: Draft, group: str, pick: str) -> str:
    if group != "class":
        return ""
    return class_problem(OseClass(pick), draft.scores)


def _hit_dice(draft: Draft, options: BaseModel) -> DiceExpr | None:
    """The first-level hit die when the rule rolls it; a re-rolled 1 or 2 makes the die read
    3 to its maximum, each equally likely: one die two sides smaller, plus 2."""
    rules = _options(options)
    if rules.starting_hit_points != "roll":
        return None
    return first_hit_die_rule(rules).dice(CLASS_HIT_DIE[_class_of(draft)])


def _hit_points(draft: Draft, options: BaseModel) -> tuple[int, str]:
    rules = _options(options)
    cls = _class_of(draft)
    con = draft.scores.get("CON", 10)
    die = CLASS_HIT_DIE[cls]
    modifier = standard_modifier(con)
    dice = _hit_dice(draft, options)
    rolled = sum(draft.hp_faces) + dice.bonus if dice is not None and draft.hp_faces else None
    return first_hit_die(
        die, rules.starting_hit_points, rolled, modifier, starting_hit_points(cls, con, rules)
    )


def _notes(draft: Draft, _options: BaseModel) -> tuple[str, ...]:
    cls = _class_of(draft)
    primes = PRIME_REQUISITES[cls]
    shifted = _shifted(draft)
    percent = prime_requisite_xp(cls, shifted)
    scores = ", ".join(f"{name} {shifted.get(name, 0)}" for name in primes)
    return (f"Prime requisite {scores}: {signed(percent)} % experience",)


def _build(draft: Draft, options: BaseModel) -> BaseModel:
    cls = _class_of(draft)
    hp, _why = _hit_points(draft, options)
    sheet = new_character(draft.name, _options(options))
    return CharacterSheet.model_validate(
        {
            **sheet.model_dump(),
            "char_class": cls,
            "abilities": Abilities.model_validate(_shifted(draft)).model_dump(),
            "hit_points": hp,
            "max_hit_points": hp,
            "weapons": (weapon(_FIRST_WEAPON.get(cls, "sword")).model_dump(),),
        }
    )


GENERATION = Generation(
    abilities=tuple(ABILITY_NAMES),
    ability_names=ABILITY_NAMES,
    methods=(IN_ORDER, DROP_LOWEST, TYPED),
    score_range=(3, 18),
    build=_build,
    hit_points=_hit_points,
    groups=(
        PickGroup(
            "class",
            "Class",
            _class_picks,
            help="Dwarf, elf and halfling are classes of their own in OSE.",
        ),
    ),
    method_option="ability_scores",
    adjusted=_shifted,
    unavailable=_unavailable,
    notes=_notes,
    hit_dice=_hit_dice,
    shift_range=shift_range,
    shift_problem=shift_problem,
    shift_help="You may lower STR, INT or WIS by 2 to raise a prime requisite by 1, never "
    "below 9 (a thief keeps STR).",
)
