"""The Effect Engine of Monsters & Magic: pure Python, no Qt, no file I/O.

This package is the rules core of m3desk. Everything the app computes with the game's
rules lives here; the names re-exported below are its stable public surface.

Names are imported on first use, so that starting the app does not build models it
does not need yet (the action and odds machinery load with the first action dialog).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from m3desk.core.derived import Derived
    from m3desk.systems.monsters_and_magic.action import (
        CheckSpec,
        ResistanceChoice,
        ResistanceKind,
        ResistanceSpec,
        Resolution,
        Situation,
        build_check,
    )
    from m3desk.systems.monsters_and_magic.attributes import (
        Attribute,
        Attributes,
        attribute_modifier,
        check_modifier,
    )
    from m3desk.systems.monsters_and_magic.checks import (
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
    from m3desk.systems.monsters_and_magic.conditions import (
        Condition,
        ConditionKind,
        Duration,
        DurationKind,
        Tier,
        tier_cost,
        tier_value,
    )
    from m3desk.systems.monsters_and_magic.cover import (
        Concealment,
        CoverExtent,
        CoverKind,
        cover_bonus,
    )
    from m3desk.systems.monsters_and_magic.derive import max_damage
    from m3desk.systems.monsters_and_magic.dice import CheckRoll, DiceError, DiceExpr, Roller
    from m3desk.systems.monsters_and_magic.initiative import (
        initiative_modifier,
        initiative_order,
        initiative_terms,
    )
    from m3desk.systems.monsters_and_magic.movement import (
        ArmourWeight,
        Encumbrance,
        MovementType,
        effective_movement,
    )
    from m3desk.systems.monsters_and_magic.odds import Odds, check_odds, success_chance
    from m3desk.systems.monsters_and_magic.ranges import (
        MAXIMUM_RANGE,
        EncounterConditions,
        RangeBand,
        ReachClass,
        starting_range,
    )
    from m3desk.systems.monsters_and_magic.sheet import (
        CharacterSheet,
        Item,
        MonsterAttack,
        MonsterSheet,
        Pool,
        Spell,
    )
    from m3desk.systems.monsters_and_magic.size import Size, size_adjustment
    from m3desk.systems.monsters_and_magic.spending import (
        ConditionSpend,
        DamageSpend,
        HelpSpend,
        RangeSpend,
        SpendPlan,
        apply_plan,
        bumped_points,
        check_plan,
    )
    from m3desk.systems.monsters_and_magic.table_rules import HeroBump, TableRules
    from m3desk.systems.monsters_and_magic.traits import Trait, TraitKind, trait_bonus

_EXPORTS: dict[str, str] = {
    "ArmourWeight": "m3desk.systems.monsters_and_magic.movement",
    "Attribute": "m3desk.systems.monsters_and_magic.attributes",
    "Attributes": "m3desk.systems.monsters_and_magic.attributes",
    "CharacterSheet": "m3desk.systems.monsters_and_magic.sheet",
    "CheckResult": "m3desk.systems.monsters_and_magic.checks",
    "CheckRoll": "m3desk.systems.monsters_and_magic.dice",
    "CheckSpec": "m3desk.systems.monsters_and_magic.action",
    "Concealment": "m3desk.systems.monsters_and_magic.cover",
    "Concentration": "m3desk.systems.monsters_and_magic.checks",
    "Condition": "m3desk.systems.monsters_and_magic.conditions",
    "ConditionKind": "m3desk.systems.monsters_and_magic.conditions",
    "ConditionSpend": "m3desk.systems.monsters_and_magic.spending",
    "CoverExtent": "m3desk.systems.monsters_and_magic.cover",
    "CoverKind": "m3desk.systems.monsters_and_magic.cover",
    "DamageSpend": "m3desk.systems.monsters_and_magic.spending",
    "Derived": "m3desk.core.derived",
    "DiceError": "m3desk.systems.monsters_and_magic.dice",
    "DiceExpr": "m3desk.systems.monsters_and_magic.dice",
    "Duration": "m3desk.systems.monsters_and_magic.conditions",
    "DurationKind": "m3desk.systems.monsters_and_magic.conditions",
    "EncounterConditions": "m3desk.systems.monsters_and_magic.ranges",
    "Encumbrance": "m3desk.systems.monsters_and_magic.movement",
    "Failure": "m3desk.systems.monsters_and_magic.checks",
    "HelpSpend": "m3desk.systems.monsters_and_magic.spending",
    "HeroBump": "m3desk.systems.monsters_and_magic.table_rules",
    "IncrementalContest": "m3desk.systems.monsters_and_magic.checks",
    "Item": "m3desk.systems.monsters_and_magic.sheet",
    "MAXIMUM_RANGE": "m3desk.systems.monsters_and_magic.ranges",
    "MonsterAttack": "m3desk.systems.monsters_and_magic.sheet",
    "MonsterSheet": "m3desk.systems.monsters_and_magic.sheet",
    "MovementType": "m3desk.systems.monsters_and_magic.movement",
    "Odds": "m3desk.systems.monsters_and_magic.odds",
    "Pool": "m3desk.systems.monsters_and_magic.sheet",
    "RangeBand": "m3desk.systems.monsters_and_magic.ranges",
    "RangeSpend": "m3desk.systems.monsters_and_magic.spending",
    "RankedEntry": "m3desk.systems.monsters_and_magic.checks",
    "ReachClass": "m3desk.systems.monsters_and_magic.ranges",
    "ResistanceChoice": "m3desk.systems.monsters_and_magic.action",
    "ResistanceKind": "m3desk.systems.monsters_and_magic.action",
    "ResistanceSpec": "m3desk.systems.monsters_and_magic.action",
    "Resolution": "m3desk.systems.monsters_and_magic.action",
    "Roller": "m3desk.systems.monsters_and_magic.dice",
    "Situation": "m3desk.systems.monsters_and_magic.action",
    "Size": "m3desk.systems.monsters_and_magic.size",
    "Spell": "m3desk.systems.monsters_and_magic.sheet",
    "SpendPlan": "m3desk.systems.monsters_and_magic.spending",
    "TableRules": "m3desk.systems.monsters_and_magic.table_rules",
    "Tier": "m3desk.systems.monsters_and_magic.conditions",
    "Trait": "m3desk.systems.monsters_and_magic.traits",
    "TraitKind": "m3desk.systems.monsters_and_magic.traits",
    "apply_plan": "m3desk.systems.monsters_and_magic.spending",
    "attribute_modifier": "m3desk.systems.monsters_and_magic.attributes",
    "build_check": "m3desk.systems.monsters_and_magic.action",
    "bumped_points": "m3desk.systems.monsters_and_magic.spending",
    "check_modifier": "m3desk.systems.monsters_and_magic.attributes",
    "check_odds": "m3desk.systems.monsters_and_magic.odds",
    "check_plan": "m3desk.systems.monsters_and_magic.spending",
    "cover_bonus": "m3desk.systems.monsters_and_magic.cover",
    "derive": "m3desk.systems.monsters_and_magic.derive",
    "effective_movement": "m3desk.systems.monsters_and_magic.movement",
    "failure_degree": "m3desk.systems.monsters_and_magic.checks",
    "initiative_modifier": "m3desk.systems.monsters_and_magic.initiative",
    "initiative_order": "m3desk.systems.monsters_and_magic.initiative",
    "initiative_terms": "m3desk.systems.monsters_and_magic.initiative",
    "max_damage": "m3desk.systems.monsters_and_magic.derive",
    "ranked": "m3desk.systems.monsters_and_magic.checks",
    "resolve_check": "m3desk.systems.monsters_and_magic.checks",
    "size_adjustment": "m3desk.systems.monsters_and_magic.size",
    "starting_range": "m3desk.systems.monsters_and_magic.ranges",
    "static_check": "m3desk.systems.monsters_and_magic.checks",
    "success_chance": "m3desk.systems.monsters_and_magic.odds",
    "tier_cost": "m3desk.systems.monsters_and_magic.conditions",
    "tier_value": "m3desk.systems.monsters_and_magic.conditions",
    "trait_bonus": "m3desk.systems.monsters_and_magic.traits",
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


class _Package(types.ModuleType):
    """This package's module type: ``derive`` stays the function.

    ``derive`` is also the name of a submodule, and importing a submodule binds the package
    attribute of that name to the module. Taking the function out of the module as it is bound
    keeps the public name the function without importing the rules (and the sheet models they
    need) when the package is first imported: settings only need :class:`TableRules`.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "derive" and isinstance(value, types.ModuleType):
            value = value.derive
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


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
