"""Apparatus as m3desk sees it through the seam."""

from __future__ import annotations

from types import MappingProxyType

from m3desk.core.places_fit import places_migration
from m3desk.core.system import ConditionSpec, DocumentSpec, GameSystem, Maneuver, PhaseSpec
from m3desk.systems.apparatus.forms import CHARACTER_FORM, CREATURE_FORM
from m3desk.systems.apparatus.generation import GENERATION
from m3desk.systems.apparatus.identity import sheet_identity
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.sheet import CharacterSheet, CreatureSheet
from m3desk.systems.apparatus.sheet_rolls import sheet_rolls
from m3desk.systems.apparatus.state import INITIATIVE, METRES, ApparatusEncounter
from m3desk.systems.apparatus.table import ENCOUNTER_RULES

__all__ = ["SYSTEM"]

SYSTEM = GameSystem(
    random_tables=("samples/apparatus/tables",),
    sheet_rolls=sheet_rolls,
    sheet_identity=sheet_identity,
    id="apparatus",
    name="Apparatus",
    summary="A homebrew d20 game: Movement points per turn, jumps by size, Advantage as a "
    "signed count, grapples in tiers, metres between combatants.",
    documents=(
        DocumentSpec("character", "m3desk.character", ".m3c", CharacterSheet, 1, "character"),
        DocumentSpec("monster", "m3desk.monster", ".m3m", CreatureSheet, 1, "creature"),
        DocumentSpec(
            "encounter",
            "m3desk.encounter",
            ".m3e",
            ApparatusEncounter,
            2,
            "encounter",
            MappingProxyType({1: places_migration(METRES)}),
        ),
    ),
    options_model=ApparatusOptions,
    generation=GENERATION,
    initiative=INITIATIVE,
    positions=METRES,
    phases=(
        PhaseSpec(
            "turn",
            "Turn",
            "Movement = Speed to spend at any time, and one Standard "
            "Action; unspent Movement is lost.",
        ),
    ),
    maneuvers=(
        Maneuver(
            "dash",
            "Dash",
            category="standard action",
            help="Movement equal to Speed again this turn.",
        ),
        Maneuver(
            "disengage",
            "Disengage",
            category="standard action",
            help="Movement provokes no opportunity attacks for the rest of the turn.",
        ),
        Maneuver(
            "evade",
            "Evade",
            category="standard action",
            help="Advantage on Defense rolls until the start of the next turn.",
        ),
        Maneuver(
            "grapple",
            "Grapple",
            may_attack=True,
            category="standard action",
            help="1d20 + Combat Proficiency + Might + Size Modifier ≥ Physique Rating.",
        ),
        Maneuver(
            "shove",
            "Shove",
            may_attack=True,
            category="standard action",
            help="As a grapple check: knock Prone or push 1 m.",
        ),
    ),
    conditions=(
        ConditionSpec(
            "prone",
            "Prone",
            "Own attacks −Adv; melee against it +Adv, ranged −Adv; standing up costs ½ Speed.",
        ),
        ConditionSpec(
            "restrained", "Restrained", "Own attacks −Adv; attacks against it +Adv; Speed 0."
        ),
        ConditionSpec(
            "unseen",
            "Unseen",
            "Own attacks +Adv; cannot be attacked without a clue to where it is.",
        ),
        ConditionSpec("obscured", "Obscured", "Attacks against it −Adv."),
        ConditionSpec("frightened", "Frightened", "Own attacks −Adv."),
        ConditionSpec("poisoned", "Poisoned", "Own attacks −Adv."),
        ConditionSpec(
            "incapacitated",
            "Incapacitated",
            "No attacks; attacks against it are critical hits; its grapples and Evade end.",
        ),
        ConditionSpec("charmed", "Charmed", "Cannot attack the source of the Charm."),
        ConditionSpec("exhaustion", "Exhaustion", "Level 3 or more: own attacks −Adv."),
    ),
    encounter=ENCOUNTER_RULES,
    sheet_forms=MappingProxyType({"character": CHARACTER_FORM, "monster": CREATURE_FORM}),
)
