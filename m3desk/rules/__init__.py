"""The Effect Engine of Monsters & Magic: pure Python, no Qt, no file I/O.

This package is the rules core of m3desk. Everything the app computes with the game's
rules lives here; the names re-exported below are its stable public surface.

Names are imported on first use, so that starting the app does not build models it
does not need yet (the action and odds machinery load with the first action dialog).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from m3desk.rules.action import (
        CheckSpec,
        ResistanceChoice,
        ResistanceKind,
        ResistanceSpec,
        Resolution,
        Situation,
        build_check,
    )
    from m3desk.rules.attributes import (
        Attribute,
        Attributes,
        attribute_modifier,
        check_modifier,
    )
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
    from m3desk.rules.cover import (
        Concealment,
        CoverExtent,
        CoverKind,
        cover_bonus,
    )
    from m3desk.rules.derive import (
        Derived,
        max_damage,
    )
    from m3desk.rules.dice import (
        CheckRoll,
        DiceError,
        DiceExpr,
        Roller,
    )
    from m3desk.rules.initiative import (
        initiative_modifier,
        initiative_order,
        initiative_terms,
    )
    from m3desk.rules.movement import (
        ArmourWeight,
        Encumbrance,
        MovementType,
        effective_movement,
    )
    from m3desk.rules.odds import (
        Odds,
        check_odds,
        success_chance,
    )
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
    from m3desk.rules.size import (
        Size,
        size_adjustment,
    )
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
    from m3desk.rules.table_rules import (
        HeroBump,
        TableRules,
    )
    from m3desk.rules.traits import (
        Trait,
        TraitKind,
        trait_bonus,
    )

_EXPORTS: dict[str, str] = {
    "ArmourWeight": "m3desk.rules.movement",
    "Attribute": "m3desk.rules.attributes",
    "Attributes": "m3desk.rules.attributes",
    "CharacterSheet": "m3desk.rules.sheet",
    "CheckResult": "m3desk.rules.checks",
    "CheckRoll": "m3desk.rules.dice",
    "CheckSpec": "m3desk.rules.action",
    "Concealment": "m3desk.rules.cover",
    "Concentration": "m3desk.rules.checks",
    "Condition": "m3desk.rules.conditions",
    "ConditionKind": "m3desk.rules.conditions",
    "ConditionSpend": "m3desk.rules.spending",
    "CoverExtent": "m3desk.rules.cover",
    "CoverKind": "m3desk.rules.cover",
    "DamageSpend": "m3desk.rules.spending",
    "Derived": "m3desk.rules.derive",
    "DiceError": "m3desk.rules.dice",
    "DiceExpr": "m3desk.rules.dice",
    "Duration": "m3desk.rules.conditions",
    "DurationKind": "m3desk.rules.conditions",
    "EncounterConditions": "m3desk.rules.ranges",
    "Encumbrance": "m3desk.rules.movement",
    "Failure": "m3desk.rules.checks",
    "HelpSpend": "m3desk.rules.spending",
    "HeroBump": "m3desk.rules.table_rules",
    "IncrementalContest": "m3desk.rules.checks",
    "Item": "m3desk.rules.sheet",
    "MAXIMUM_RANGE": "m3desk.rules.ranges",
    "MonsterAttack": "m3desk.rules.sheet",
    "MonsterSheet": "m3desk.rules.sheet",
    "MovementType": "m3desk.rules.movement",
    "Odds": "m3desk.rules.odds",
    "Pool": "m3desk.rules.sheet",
    "RangeBand": "m3desk.rules.ranges",
    "RangeSpend": "m3desk.rules.spending",
    "RankedEntry": "m3desk.rules.checks",
    "ReachClass": "m3desk.rules.ranges",
    "ResistanceChoice": "m3desk.rules.action",
    "ResistanceKind": "m3desk.rules.action",
    "ResistanceSpec": "m3desk.rules.action",
    "Resolution": "m3desk.rules.action",
    "Roller": "m3desk.rules.dice",
    "Situation": "m3desk.rules.action",
    "Size": "m3desk.rules.size",
    "Spell": "m3desk.rules.sheet",
    "SpendPlan": "m3desk.rules.spending",
    "TableRules": "m3desk.rules.table_rules",
    "Tier": "m3desk.rules.conditions",
    "Trait": "m3desk.rules.traits",
    "TraitKind": "m3desk.rules.traits",
    "apply_plan": "m3desk.rules.spending",
    "attribute_modifier": "m3desk.rules.attributes",
    "build_check": "m3desk.rules.action",
    "bumped_points": "m3desk.rules.spending",
    "check_modifier": "m3desk.rules.attributes",
    "check_odds": "m3desk.rules.odds",
    "check_plan": "m3desk.rules.spending",
    "cover_bonus": "m3desk.rules.cover",
    "derive": "m3desk.rules.derive",
    "effective_movement": "m3desk.rules.movement",
    "failure_degree": "m3desk.rules.checks",
    "initiative_modifier": "m3desk.rules.initiative",
    "initiative_order": "m3desk.rules.initiative",
    "initiative_terms": "m3desk.rules.initiative",
    "max_damage": "m3desk.rules.derive",
    "ranked": "m3desk.rules.checks",
    "resolve_check": "m3desk.rules.checks",
    "size_adjustment": "m3desk.rules.size",
    "starting_range": "m3desk.rules.ranges",
    "static_check": "m3desk.rules.checks",
    "success_chance": "m3desk.rules.odds",
    "tier_cost": "m3desk.rules.conditions",
    "tier_value": "m3desk.rules.conditions",
    "trait_bonus": "m3desk.rules.traits",
}

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


# ``derive`` is also the name of a submodule: importing that submodule anywhere would bind the
# package attribute to the module, so the function is bound eagerly instead (it needs only
# the sheet models, which every use of the package loads anyway).
from m3desk.rules.derive import derive  # noqa: E402


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use (PEP 562), then keep it."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
