"""Old-School Essentials as m3desk sees it through the seam."""

from __future__ import annotations

from fractions import Fraction
from types import MappingProxyType

from m3desk.core.places_fit import places_migration
from m3desk.core.routines import one_routine_migration, sheets_routine_migration
from m3desk.core.system import (
    ConditionSpec,
    DocumentSpec,
    GameSystem,
    Maneuver,
    PhaseSpec,
    WriteBack,
)
from m3desk.systems.ose.attacks import CONDITIONS as EFFECT_CONDITIONS
from m3desk.systems.ose.experience import describe_changes, merged_into
from m3desk.systems.ose.exploration import EXPLORATION, OseExpedition
from m3desk.systems.ose.forms import SHEET_FORMS
from m3desk.systems.ose.foundry_format import FOUNDRY_ACTOR
from m3desk.systems.ose.generation import GENERATION
from m3desk.systems.ose.identity import sheet_identity
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet, character_v1_to_v2
from m3desk.systems.ose.sheet_rolls import sheet_rolls
from m3desk.systems.ose.table import ENCOUNTER_RULES, FEET, INITIATIVE, OseEncounter

SYSTEM = GameSystem(
    random_tables=("tables/ose",),
    sheet_identity=sheet_identity,
    sheet_rolls=sheet_rolls,
    identity_words=("Race", "Class"),
    id="ose",
    name="Old-School Essentials",
    summary="B/X: one d6 per side, THAC0 or ascending AC, morale, feet between combatants.",
    documents=(
        DocumentSpec(
            "character",
            "m3desk.character",
            ".m3c",
            CharacterSheet,
            2,
            "character",
            MappingProxyType({1: character_v1_to_v2}),
        ),
        DocumentSpec(
            "monster",
            "m3desk.monster",
            ".m3m",
            MonsterSheet,
            2,
            "monster",
            MappingProxyType({1: one_routine_migration()}),
        ),
        DocumentSpec(
            "encounter",
            "m3desk.encounter",
            ".m3e",
            OseEncounter,
            3,
            "encounter",
            MappingProxyType({1: places_migration(FEET), 2: sheets_routine_migration()}),
        ),
        DocumentSpec("expedition", "m3desk.expedition", ".m3x", OseExpedition, 1, "expedition"),
    ),
    options_model=OseOptions,
    generation=GENERATION,
    initiative=INITIATIVE,
    positions=FEET,
    phases=(
        PhaseSpec("declare", "Declare", "Spells, fighting withdrawals and retreats."),
        PhaseSpec("initiative", "Initiative", "Each side rolls 1d6; highest acts first."),
        PhaseSpec("morale", "Morale", "Monsters check morale at the rule's moments."),
        PhaseSpec(
            "movement",
            "Movement",
            "Up to the encounter rate; in melee only by withdrawing or retreating.",
        ),
        PhaseSpec("missiles", "Missile attacks", "Only past 5'; range changes the roll."),
        PhaseSpec("spells", "Spells", "A spell is the caster's only action; no movement."),
        PhaseSpec("melee", "Melee", "At 5' or less; two-handed weapons act last."),
    ),
    maneuvers=(
        Maneuver(
            "fighting_withdrawal",
            "Fighting withdrawal",
            movement_share=Fraction(1, 2),
            may_attack=True,
            category="melee movement",
            help="Back away at half the encounter rate; needs clear space behind.",
        ),
        Maneuver(
            "retreat",
            "Retreat",
            movement_share=Fraction(1),
            may_attack=False,
            category="melee movement",
            help="Turn and move the full encounter rate: foes get +2 and ignore the "
            "shield this round.",
        ),
    ),
    conditions=(
        ConditionSpec("surprised", "Surprised", "Does not act in the free round."),
        ConditionSpec("retreating", "Retreating", "Attackers +2, shield ignored.", 1),
        ConditionSpec("casting", "Casting", "The spell is lost if hit before acting.", 1),
        *EFFECT_CONDITIONS,
    ),
    encounter=ENCOUNTER_RULES,
    sheet_forms=SHEET_FORMS,
    exchange_formats=(FOUNDRY_ACTOR,),
    write_back=WriteBack(merged_into, describe_changes),
    exploration=EXPLORATION,
)
