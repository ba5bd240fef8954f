"""The Effect Engine of Monsters & Magic: pure Python, no Qt, no file I/O.

This package is the rules core of m3desk. Everything the app computes with the game's
rules lives here; the names re-exported below are its stable public surface.
"""

from m3desk.rules.action import (
    CheckSpec,
    ResistanceChoice,
    ResistanceKind,
    ResistanceSpec,
    Resolution,
    Situation,
    build_check,
)
from m3desk.rules.attributes import Attribute, Attributes, attribute_modifier, check_modifier
from m3desk.rules.checks import (
    CheckResult,
    Concentration,
    Failure,
    IncrementalContest,
    RankedEntry,
    failure_degree,
    ranked,
    resolve_check,
    static_check,
)
from m3desk.rules.conditions import (
    Condition,
    ConditionKind,
    Duration,
    DurationKind,
    Tier,
    tier_cost,
    tier_value,
)
from m3desk.rules.cover import Concealment, CoverExtent, CoverKind, cover_bonus
from m3desk.rules.derive import Derived, derive, max_damage
from m3desk.rules.dice import CheckRoll, DiceError, DiceExpr, Roller
from m3desk.rules.initiative import initiative_modifier, initiative_order, initiative_terms
from m3desk.rules.movement import ArmourWeight, Encumbrance, MovementType, effective_movement
from m3desk.rules.odds import Odds, check_odds, success_chance
from m3desk.rules.ranges import (
    MAXIMUM_RANGE,
    EncounterConditions,
    RangeBand,
    ReachClass,
    starting_range,
)
from m3desk.rules.sheet import (
    CharacterSheet,
    Item,
    MonsterAttack,
    MonsterSheet,
    Pool,
    Spell,
)
from m3desk.rules.size import Size, size_adjustment
from m3desk.rules.spending import (
    ConditionSpend,
    DamageSpend,
    HelpSpend,
    RangeSpend,
    SpendPlan,
    apply_plan,
    bumped_points,
    check_plan,
)
from m3desk.rules.table_rules import HeroBump, TableRules
from m3desk.rules.traits import Trait, TraitKind, trait_bonus

__all__ = [
    "MAXIMUM_RANGE",
    "ArmourWeight",
    "Attribute",
    "Attributes",
    "CharacterSheet",
    "CheckResult",
    "CheckRoll",
    "CheckSpec",
    "Concealment",
    "Concentration",
    "Condition",
    "ConditionKind",
    "ConditionSpend",
    "CoverExtent",
    "CoverKind",
    "DamageSpend",
    "Derived",
    "DiceError",
    "DiceExpr",
    "Duration",
    "DurationKind",
    "EncounterConditions",
    "Encumbrance",
    "Failure",
    "HelpSpend",
    "HeroBump",
    "IncrementalContest",
    "Item",
    "MonsterAttack",
    "MonsterSheet",
    "MovementType",
    "Odds",
    "Pool",
    "RangeBand",
    "RangeSpend",
    "RankedEntry",
    "ReachClass",
    "ResistanceChoice",
    "ResistanceKind",
    "ResistanceSpec",
    "Resolution",
    "Roller",
    "Situation",
    "Size",
    "Spell",
    "SpendPlan",
    "TableRules",
    "Tier",
    "Trait",
    "TraitKind",
    "apply_plan",
    "attribute_modifier",
    "build_check",
    "bumped_points",
    "check_modifier",
    "check_odds",
    "check_plan",
    "cover_bonus",
    "derive",
    "effective_movement",
    "failure_degree",
    "initiative_modifier",
    "initiative_order",
    "initiative_terms",
    "max_damage",
    "ranked",
    "resolve_check",
    "size_adjustment",
    "starting_range",
    "static_check",
    "success_chance",
    "tier_cost",
    "tier_value",
    "trait_bonus",
]
