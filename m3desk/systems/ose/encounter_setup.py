"""An OSE encounter's opening, in the book's order: surprise, distance, reactions.

Each side not expecting the other rolls 1d6 for surprise (1–2: surprised); the encounter
distance is 2d6 × 10 feet in a dungeon and 4d6 × 10 yards in the wilderness, or 1d4 × 10
yards when a side is surprised there; a monster's reaction to the party is 2d6 plus the
speaker's charisma adjustment. Initiative then starts the first round (:mod:`.round`).

Each step is one pure function of the encounter and the faces rolled or typed, and logs what
it did; :data:`SETUP_STEPS` describes them to the generic set-up panel.
"""

from __future__ import annotations

from typing import cast

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr
from m3desk.core.numbers import signed
from m3desk.core.system import SetupStep
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.encounter import OseEncounter
from m3desk.systems.ose.round import set_surprise_roll, surprised_sides
from m3desk.systems.ose.sheet import CharacterSheet

__all__ = [
    "REACTIONS",
    "SETUP_STEPS",
    "distance_dice",
    "reaction_of",
    "roll_surprise",
    "set_distance",
    "set_reaction",
]

YARD = 3
TERRAINS = (("dungeon", "Dungeon"), ("wilderness", "Wilderness"))
REACTIONS: tuple[tuple[int, str], ...] = (
    (2, "attacks"),
    (5, "hostile, may attack"),
    (8, "uncertain, confused"),
    (11, "indifferent, may negotiate"),
    (99, "eager, friendly"),
)
"""The 2d6 reaction table: the highest total of each outcome, and the outcome."""


def _ose(encounter: core.Encounter) -> OseEncounter:
    return cast(OseEncounter, encounter)


def _present_sides(encounter: OseEncounter) -> list[str]:
    return list(dict.fromkeys(c.side for c in encounter.combatants))


def _noted(encounter: OseEncounter, step: str, text: str) -> OseEncounter:
    results = dict(encounter.setup_results)
    results[step] = text[:200]
    return encounter.model_copy(update={"setup_results": results})


# -- surprise -------------------------------------------------------------------------------


def _surprise_dice(encounter: core.Encounter, _choice: str) -> DiceExpr:
    return DiceExpr(max(1, len(_present_sides(_ose(encounter)))), 6, 0)


def roll_surprise(
    encounter: core.Encounter, _choice: str, _who: str | None, faces: tuple[int, ...]
) -> core.Encounter:
    """Each side's surprise d6, in the order the sides appear (one face per side)."""
    ose = _ose(encounter)
    sides = _present_sides(ose)
    if len(faces) != len(sides):
        raise ValueError(f"surprise takes one d6 per side ({len(sides)}), not {len(faces)}")
    for side, face in zip(sides, faces, strict=True):
        ose = set_surprise_roll(ose, side, face)
    return ose


def _surprise_shown(encounter: core.Encounter) -> str:
    ose = _ose(encounter)
    if not ose.surprise_rolls:
        return ""
    surprised = surprised_sides(ose)
    parts = [f"{side} {roll}" for side, roll in ose.surprise_rolls.items()]
    verdict = (
        "nobody is surprised"
        if not surprised
        else f"{' and '.join(surprised)} surprised"
        + (f": a free round for {ose.surprise_side}" if ose.surprise_side else ": no one gains")
    )
    return f"{', '.join(parts)} — {verdict}"


# -- distance ------------------------------------------------------------------------------


def distance_dice(encounter: core.Encounter, terrain: str) -> DiceExpr:
    """2d6 in a dungeon; 4d6 in the wilderness, or 1d4 when a side is surprised there."""
    if terrain == "wilderness":
        return DiceExpr(1, 4, 0) if surprised_sides(_ose(encounter)) else DiceExpr(4, 6, 0)
    return DiceExpr(2, 6, 0)


def set_distance(
    encounter: core.Encounter, terrain: str, _who: str | None, faces: tuple[int, ...]
) -> core.Encounter:
    """The sides start this far apart: each side back in a loose group, the nearest of two
    sides this far from each other (the board's farthest distance at most; the log keeps the
    distance rolled)."""
    ose = _ose(encounter)
    dice = distance_dice(ose, terrain)
    if len(faces) != dice.count or not all(1 <= f <= dice.sides for f in faces):
        raise ValueError(
            f"the distance takes {dice} ({dice.count} "
            f"face{'s' if dice.count != 1 else ''} of 1–{dice.sides})"
        )
    tens = sum(faces) * 10
    feet = tens * (YARD if terrain == "wilderness" else 1)
    unit = "yd" if terrain == "wilderness" else "ft"
    shown = f"{tens} {unit}" + (f" ({feet} ft)" if unit == "yd" else "")
    rolled = " + ".join(str(face) for face in faces)
    place = "wilderness" if terrain == "wilderness" else "dungeon"
    text = f"Encounter distance: {shown}, {place} ({dice} × 10 {unit}: {rolled})"
    return _noted(core.start_apart(ose, feet, text), "distance", f"{shown}, {place}")


def _distance_shown(encounter: core.Encounter) -> str:
    return _ose(encounter).setup_results.get("distance", "")


# -- reactions -----------------------------------------------------------------------------


def reaction_of(total: int) -> str:
    for highest, outcome in REACTIONS:
        if total <= highest:
            return outcome
    return REACTIONS[-1][1]


def _speakers(encounter: core.Encounter) -> tuple[tuple[str, str], ...]:
    return tuple(
        (c.id, c.name) for c in _ose(encounter).combatants if isinstance(c.sheet, CharacterSheet)
    )


def set_reaction(
    encounter: core.Encounter, _choice: str, speaker: str | None, faces: tuple[int, ...]
) -> core.Encounter:
    """The monsters' reaction: 2d6 plus the speaker's charisma adjustment."""
    ose = _ose(encounter)
    if len(faces) != 2 or not all(1 <= face <= 6 for face in faces):
        raise ValueError("the reaction roll takes 2d6 (two faces of 1–6)")
    adjustment, who = 0, "no speaker"
    if speaker is not None:
        combatant = ose.combatant(speaker)
        if isinstance(combatant.sheet, CharacterSheet):
            adjustment = derive(combatant.sheet, ose.options)["reaction"].value
            who = f"{combatant.name}'s CHA {combatant.sheet.abilities.CHA} {signed(adjustment)}"
    total = sum(faces) + adjustment
    outcome = reaction_of(total)
    text = f"Reaction: 2d6 {faces[0]} + {faces[1]}, {who} = {total}: {outcome}"
    ose = _noted(ose, "reaction", f"{total}: {outcome}")
    return core.add_log(ose, text, actor=speaker)


def _reaction_shown(encounter: core.Encounter) -> str:
    return _ose(encounter).setup_results.get("reaction", "")


SETUP_STEPS: tuple[SetupStep, ...] = (
    SetupStep(
        "surprise",
        "Surprise",
        "Each side not expecting the other rolls 1d6: 1–2 is "
        "surprised, and a side alone alert acts first, alone.",
        _surprise_dice,
        roll_surprise,
        _surprise_shown,
        each="side",
    ),
    SetupStep(
        "distance",
        "Encounter distance",
        "How far apart the sides are when they "
        "notice each other: 2d6 × 10 ft in a dungeon, 4d6 × 10 yd in the wilderness "
        "(1d4 × 10 yd when a side is surprised there).",
        distance_dice,
        set_distance,
        _distance_shown,
        choices=TERRAINS,
    ),
    SetupStep(
        "reaction",
        "Reaction",
        "How the monsters take the party: 2d6 plus the speaker's charisma adjustment.",
        lambda _e, _c: DiceExpr(2, 6, 0),
        set_reaction,
        _reaction_shown,
        who=_speakers,
    ),
)
