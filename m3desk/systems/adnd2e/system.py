"""AD&D 2nd edition as m3desk sees it through the seam."""

from __future__ import annotations

from types import MappingProxyType

from m3desk.core.forecast_loaded import forecast_from
from m3desk.core.numbers import signed
from m3desk.core.places_fit import places_migration
from m3desk.core.routines import one_routine_migration
from m3desk.core.system import (
    ConditionSpec,
    DocumentSpec,
    GameSystem,
    Maneuver,
    PhaseSpec,
    WriteBack,
)
from m3desk.systems.adnd2e.combat import ATTACK_MODIFIERS
from m3desk.systems.adnd2e.effects import CONDITIONS as EFFECT_CONDITIONS
from m3desk.systems.adnd2e.experience import describe_changes, merged_into
from m3desk.systems.adnd2e.forms import CHARACTER_FORM, MONSTER_FORM
from m3desk.systems.adnd2e.generation import GENERATION
from m3desk.systems.adnd2e.identity import sheet_identity
from m3desk.systems.adnd2e.movement import DECLARATIONS
from m3desk.systems.adnd2e.options import AdndOptions
from m3desk.systems.adnd2e.sheet import (
    CharacterSheet,
    MonsterSheet,
    character_v1_to_v2,
    character_v2_to_v3,
    encounter_v2_to_v3,
    monster_v2_to_v3,
)
from m3desk.systems.adnd2e.sheet_rolls import sheet_rolls
from m3desk.systems.adnd2e.table import ENCOUNTER_RULES, FEET, INITIATIVE, AdndEncounter

__all__ = ["SYSTEM"]

_EFFECTS = {"charge": (2, 1, -2)}
"""Charge: +2 to hit, AC 1 worse, the opponents' initiative −2 (seed 002)."""

SYSTEM = GameSystem(
    random_tables=("samples/adnd2e/tables",),
    sheet_identity=sheet_identity,
    sheet_rolls=sheet_rolls,
    identity_words=("Race", "Class"),
    id="adnd2e",
    name="AD&D 2nd edition",
    summary="THAC0 and descending AC, a d10 per side (lower first), declared actions with "
    "their movement: close, charge, withdraw, flee, move and fire.",
    documents=(
        DocumentSpec(
            "character",
            "m3desk.character",
            ".m3c",
            CharacterSheet,
            3,
            "character",
            MappingProxyType({1: character_v1_to_v2, 2: character_v2_to_v3}),
        ),
        DocumentSpec(
            "monster",
            "m3desk.monster",
            ".m3m",
            MonsterSheet,
            3,
            "monster",
            MappingProxyType({1: one_routine_migration(effects=False), 2: monster_v2_to_v3}),
        ),
        DocumentSpec(
            "encounter",
            "m3desk.encounter",
            ".m3e",
            AdndEncounter,
            3,
            "encounter",
            MappingProxyType({1: places_migration(FEET), 2: encounter_v2_to_v3}),
        ),
    ),
    options_model=AdndOptions,
    generation=GENERATION,
    initiative=INITIATIVE,
    positions=FEET,
    phases=(
        PhaseSpec(
            "declare",
            "Declare",
            "The DM decides the monsters' actions; the players "
            "state theirs (spells named). Each action's movement category follows.",
        ),
        PhaseSpec(
            "initiative",
            "Initiative",
            "A d10 per side (or each); lower acts first, "
            "ties act together. A charge gives its opponents −2.",
        ),
        PhaseSpec(
            "resolution",
            "Resolution",
            "Actions in initiative order; a flight's free attacks at once, whatever the order.",
        ),
    ),
    maneuvers=tuple(
        Maneuver(
            d.id,
            d.label,
            movement_share=d.share,
            may_attack=d.may_attack,
            may_cast=d.id == "cast",
            to_hit=_EFFECTS.get(d.id, (0, 0, 0))[0],
            armour_class=_EFFECTS.get(d.id, (0, 0, 0))[1],
            foe_initiative=_EFFECTS.get(d.id, (0, 0, 0))[2],
            category=d.category,
            help=d.help,
        )
        for d in DECLARATIONS
    ),
    conditions=(
        *(
            ConditionSpec(
                s.id,
                s.label[0].upper() + s.label[1:],
                f"Attacks {'by' if s.on == 'attacker' else 'on'} it {signed(s.modifier)} to hit",
                1,
            )
            for s in ATTACK_MODIFIERS
        ),
        ConditionSpec(
            "bound", "Wounds bound", "No longer loses 1 hit point a round at death's door."
        ),
        *EFFECT_CONDITIONS,
    ),
    encounter=forecast_from(
        ENCOUNTER_RULES, "m3desk.systems.adnd2e.forecast", policy="POLICY_TEXT"
    ),
    sheet_forms=MappingProxyType({"character": CHARACTER_FORM, "monster": MONSTER_FORM}),
    write_back=WriteBack(merged_into, describe_changes),
)
