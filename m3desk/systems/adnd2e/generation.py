"""How an AD&D 2nd edition character is made (Player's Handbook, chapters 1–3).

Scores by Method I (3d6 in order) unless the table uses another; a race whose ability
limits the rolled scores meet (PHB Table 7, checked before the race's adjustments), the
race's adjustments (Table 8), a class the race may take (Table 10's racial class limits)
whose minimum scores the adjusted scores meet (the class descriptions' ability
requirements), the prime requisites' 10 % experience bonus at 16 or more, and first-level
hit points from the class group's die and CON by the table's starting-hit-points rule.
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
from m3desk.systems.adnd2e.forms import new_character, starting_hit_points
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.sheet import Abilities, CharacterSheet
from m3desk.systems.adnd2e.tables import (
    CLASS_GROUP,
    GROUP_HIT_DIE,
    RACE_MOVEMENT,
    Group,
    con_hp_adjustment,
)

__all__ = [
    "CLASS_MINIMUMS",
    "GENERATION",
    "PRIME_REQUISITES",
    "RACE_ADJUSTMENTS",
    "RACE_CLASSES",
    "RACE_LIMITS",
    "adjusted_scores",
    "class_problem",
    "race_problem",
]

ABILITY_NAMES: Mapping[str, str] = {
    "STR": "Strength",
    "DEX": "Dexterity",
    "CON": "Constitution",
    "INT": "Intelligence",
    "WIS": "Wisdom",
    "CHA": "Charisma",
}

RACE_LIMITS: Mapping[str, Mapping[str, tuple[int, int]]] = {
    "dwarf": {
        "STR": (8, 18),
        "DEX": (3, 17),
        "CON": (11, 18),
        "INT": (3, 18),
        "WIS": (3, 18),
        "CHA": (3, 17),
    },
    "elf": {
        "STR": (3, 18),
        "DEX": (6, 18),
        "CON": (7, 18),
        "INT": (8, 18),
        "WIS": (3, 18),
        "CHA": (8, 18),
    },
    "gnome": {
        "STR": (6, 18),
        "DEX": (3, 18),
        "CON": (8, 18),
        "INT": (6, 18),
        "WIS": (3, 18),
        "CHA": (3, 18),
    },
    "half-elf": {
        "STR": (3, 18),
        "DEX": (6, 18),
        "CON": (6, 18),
        "INT": (4, 18),
        "WIS": (3, 18),
        "CHA": (3, 18),
    },
    "halfling": {
        "STR": (7, 18),
        "DEX": (7, 18),
        "CON": (10, 18),
        "INT": (6, 18),
        "WIS": (3, 17),
        "CHA": (3, 18),
    },
}
"""PHB Table 7, racial ability requirements (minimum, maximum); humans have none."""

RACE_ADJUSTMENTS: Mapping[str, Mapping[str, int]] = {
    "dwarf": {"CON": 1, "CHA": -1},
    "elf": {"DEX": 1, "CON": -1},
    "gnome": {"INT": 1, "WIS": -1},
    "halfling": {"DEX": 1, "STR": -1},
}
"""PHB Table 8, racial ability adjustments; humans and half-elves have none."""

RACE_CLASSES: Mapping[str, Mapping[str, int | None]] = {
    "human": {name: None for name in CLASS_GROUP},
    "dwarf": {"fighter": 15, "cleric": 10, "thief": 12},
    "elf": {"fighter": 12, "ranger": 15, "mage": 15, "cleric": 12, "thief": 12},
    "gnome": {"fighter": 11, "illusionist": 15, "cleric": 9, "thief": 13},
    "half-elf": {
        "fighter": 14,
        "ranger": 16,
        "mage": 12,
        "cleric": 14,
        "druid": 9,
        "thief": 12,
        "bard": None,
    },
    "halfling": {"fighter": 9, "cleric": 8, "thief": 15},
}
"""PHB Table 10: the classes each race may take and its highest level (None: unlimited)."""

CLASS_MINIMUMS: Mapping[str, Mapping[str, int]] = {
    "fighter": {"STR": 9},
    "paladin": {"STR": 12, "CON": 9, "WIS": 13, "CHA": 17},
    "ranger": {"STR": 13, "DEX": 13, "CON": 14, "WIS": 14},
    "cleric": {"WIS": 9},
    "druid": {"WIS": 12, "CHA": 15},
    "thief": {"DEX": 9},
    "bard": {"DEX": 12, "INT": 13, "CHA": 15},
    "mage": {"INT": 9},
    "illusionist": {"DEX": 16, "INT": 9},
}
"""The ability requirements of each class's description (PHB chapter 3)."""

PRIME_REQUISITES: Mapping[str, tuple[str, ...]] = {
    "fighter": ("STR",),
    "paladin": ("STR", "CHA"),
    "ranger": ("STR", "DEX", "WIS"),
    "cleric": ("WIS",),
    "druid": ("WIS", "CHA"),
    "thief": ("DEX",),
    "bard": ("DEX", "CHA"),
    "mage": ("INT",),
    "illusionist": ("INT",),
}
"""Each class's prime requisites: all at 16 or more give 10 % more experience."""

_RACE_WORDS = {"half-elf": "Half-elf"}


def _race(draft: Draft) -> str:
    race = draft.picks.get("race", "human")
    return race if race in RACE_MOVEMENT else "human"


def _class(draft: Draft) -> str:
    char_class = draft.picks.get("class", "fighter")
    return char_class if char_class in CLASS_GROUP else "fighter"


def adjusted_scores(race: str, scores: Mapping[str, int]) -> dict[str, int]:
    """The scores after the race's adjustments (never below 3)."""
    changes = RACE_ADJUSTMENTS.get(race, {})
    return {name: max(3, score + changes.get(name, 0)) for name, score in scores.items()}


def race_problem(race: str, scores: Mapping[str, int]) -> str:
    """Why the rolled scores bar the race ("needs CON 11, has 9"); "" when open."""
    short = []
    for name, (least, most) in RACE_LIMITS.get(race, {}).items():
        score = scores.get(name, 0)
        if score < least:
            short.append(f"needs {name} {least}, has {score}")
        elif score > most:
            short.append(f"allows {name} {most} at most, has {score}")
    return "; ".join(short)


def class_problem(race: str, char_class: str, scores: Mapping[str, int]) -> str:
    """Why the race or the adjusted scores bar the class, in words; "" when open."""
    if char_class not in RACE_CLASSES.get(race, {}):
        return f"not open to a {race}"
    short = [
        f"{name} {least}, has {scores.get(name, 0)}"
        for name, least in CLASS_MINIMUMS[char_class].items()
        if scores.get(name, 0) < least
    ]
    return f"needs {'; '.join(short)}" if short else ""


def _words(race: str) -> str:
    return _RACE_WORDS.get(race, race.title())


def _race_picks(_data: Mapping[str, Any]) -> tuple[Pick, ...]:
    picks = []
    for race in RACE_MOVEMENT:
        changes = ", ".join(
            f"{name} {signed(value)}" for name, value in RACE_ADJUSTMENTS.get(race, {}).items()
        )
        picks.append(Pick(race, _words(race), changes or "No adjustments"))
    return tuple(picks)


def _class_picks(_data: Mapping[str, Any]) -> tuple[Pick, ...]:
    return tuple(
        Pick(
            name,
            name.title(),
            "Needs "
            + ", ".join(f"{ability} {least}+" for ability, least in CLASS_MINIMUMS[name].items()),
        )
        for name in CLASS_GROUP
    )


def _adjusted(draft: Draft) -> dict[str, int]:
    return adjusted_scores(_race(draft), draft.scores)


def _unavailable(draft: Draft, group: str, pick: str) -> str:
    if group == "race":
        return race_problem(pick, draft.scores)
    if group == "class":
        race = _race(draft)
        return class_problem(race, pick, adjusted_scores(race, draft.scores))
    return ""


def _rules(options: BaseModel | None) -> AdndOptions:
    return options if isinstance(options, AdndOptions) else AdndOptions()


def _hit_dice(draft: Draft, options: BaseModel) -> DiceExpr | None:
    if _rules(options).starting_hit_points != "roll":
        return None
    return DiceExpr.parse(f"1d{GROUP_HIT_DIE[CLASS_GROUP[_class(draft)]]}")


def _hit_points(draft: Draft, options: BaseModel) -> tuple[int, str]:
    rules = _rules(options)
    char_class = _class(draft)
    group = CLASS_GROUP[char_class]
    die = GROUP_HIT_DIE[group]
    con = _adjusted(draft).get("CON", 10)
    adjustment = con_hp_adjustment(con, warrior=group is Group.WARRIOR)
    rolled = sum(draft.hp_faces) if _hit_dice(draft, options) and draft.hp_faces else None
    return first_hit_die(
        die,
        rules.starting_hit_points,
        rolled,
        adjustment,
        starting_hit_points(char_class, con, rules),
    )


def _notes(draft: Draft, _options: BaseModel) -> tuple[str, ...]:
    race, char_class = _race(draft), _class(draft)
    scores = _adjusted(draft)
    notes = []
    changes = RACE_ADJUSTMENTS.get(race, {})
    if changes:
        notes.append(
            f"{_words(race)}: "
            + ", ".join(
                f"{name} {signed(value)} (now {scores[name]})" for name, value in changes.items()
            )
        )
    primes = PRIME_REQUISITES[char_class]
    bonus = all(scores.get(name, 0) >= 16 for name in primes)
    listed = ", ".join(f"{name} {scores.get(name, 0)}" for name in primes)
    notes.append(
        f"Prime requisite {listed}: {'+10' if bonus else '+0'} % experience"
        + ("" if bonus else " (16 or more in each gives +10 %)")
    )
    limit = RACE_CLASSES.get(race, {}).get(char_class)
    if limit is not None:
        notes.append(f"A {race} {char_class} rises to level {limit} at most")
    if CLASS_GROUP[char_class] is Group.WARRIOR and scores.get("STR") == 18:
        notes.append("STR 18: roll d100 for exceptional strength and type it on the sheet")
    return tuple(notes)


def _build(draft: Draft, options: BaseModel) -> BaseModel:
    hp, _why = _hit_points(draft, options)
    sheet = new_character(draft.name, _rules(options))
    return CharacterSheet.model_validate(
        {
            **sheet.model_dump(),
            "race": _race(draft),
            "char_class": _class(draft),
            "abilities": Abilities.model_validate(_adjusted(draft)).model_dump(),
            "hit_points": hp,
            "max_hit_points": hp,
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
            "race", "Race", _race_picks, help="Checked against the scores as rolled (PHB Table 7)."
        ),
        PickGroup(
            "class",
            "Class",
            _class_picks,
            help="Checked against the scores after the race's adjustments.",
        ),
    ),
    method_option="ability_scores",
    adjusted=_adjusted,
    unavailable=_unavailable,
    notes=_notes,
    hit_dice=_hit_dice,
)
