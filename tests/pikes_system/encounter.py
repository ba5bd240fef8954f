"""Pikes in a fight: three bands, one d12 each, a Strike and an Advance."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, ClassVar

from pydantic import BaseModel, Field

from m3desk.core import encounter as core
from m3desk.core.numbers import minus, pool_text, signed
from m3desk.core.system import (
    Action,
    ActionOption,
    ActionOutcome,
    ActionPreview,
    Cell,
    DiceSpec,
    InitiativeScheme,
    PositionModel,
    Reach,
    Ring,
)
from tests.pikes_system.options import PikesOptions
from tests.pikes_system.sheet import PikesBody, PikesMonster, PikesSheet

SCHEME = InitiativeScheme(roller="individual_die", die=12)
BANDS = PositionModel(kind="bands", bands=("Melee", "Near", "Far"))

STRIKE = Action("attack")
ADVANCE = Action("move", variant="toward")


class PikesCombatant(core.Combatant):
    sheet: Annotated[PikesSheet | PikesMonster, Field(discriminator="kind")]


class PikesEncounter(core.Encounter):
    scheme: ClassVar[InitiativeScheme] = SCHEME
    position_model: ClassVar[PositionModel] = BANDS
    combatants: tuple[PikesCombatant, ...] = Field((), max_length=core.MAX_COMBATANTS)
    options: PikesOptions = Field(default_factory=PikesOptions)

    def out_of_fight(self, combatant: core.Combatant) -> bool:
        return broken(combatant.sheet.vigour)


def broken(vigour: int) -> bool:
    return vigour <= 0


def _sheet(encounter: core.Encounter, combatant_id: str) -> PikesBody:
    sheet = encounter.combatant(combatant_id).sheet
    assert isinstance(sheet, PikesBody)
    return sheet


def _options(encounter: core.Encounter) -> PikesOptions:
    assert isinstance(encounter, PikesEncounter)
    return encounter.options


def make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    assert isinstance(sheet, PikesSheet | PikesMonster)
    return PikesCombatant(name=sheet.name, side=side, sheet=sheet)


def pool(combatant: core.Combatant) -> tuple[int, int]:
    return (combatant.sheet.vigour, combatant.sheet.max_vigour)


def with_vigour(sheet: BaseModel, vigour: int) -> BaseModel:
    return sheet.model_copy(update={"vigour": vigour, "max_vigour": max(vigour, 1)})


def cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    sheet = combatant.sheet
    if column == "vigour":
        return Cell(
            text=pool_text(sheet.vigour, sheet.max_vigour),
            pool=pool(combatant),
            editable=True,
            edit_text=str(sheet.vigour),
        )
    guard = sheet.guard + _options(encounter).guard_bonus
    return Cell(text=str(guard), tip=f"Guard {guard}")


def edit(
    encounter: core.Encounter, combatant_id: str, column: str, text: str
) -> tuple[core.Encounter, str]:
    sheet = _sheet(encounter, combatant_id)
    value = min(int(text), sheet.max_vigour)
    after = core.replace_sheet(encounter, combatant_id, sheet.model_copy(update={"vigour": value}))
    return after, f"Set {sheet.name}'s Vigour to {minus(value)}"


def rings(_encounter: core.Encounter, _centre: str) -> tuple[Ring, ...]:
    return (Ring(0, "strike", "reach"),)


def reach(encounter: core.Encounter, a: str, b: str) -> Reach:
    near = core.position_between(encounter, a, b) == 0
    return Reach(options=("Pike",) if near else (), in_reach=near)


def actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    return (
        ActionOption(
            STRIKE,
            "Strike",
            dice=(DiceSpec(1, 12, "strike"),),
            help="A d12 plus Skill against the target's Guard; a hit takes your Harm.",
            group="attack",
        ),
        ActionOption(ADVANCE, "Advance", help="Close one band on the target.", group="movement"),
    )


def hits(face: int, skill: int, guard: int) -> bool:
    return face + skill >= guard


def _guard(encounter: core.Encounter, target: str) -> int:
    return _sheet(encounter, target).guard + _options(encounter).guard_bonus


def preview(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    if target is None:
        return ActionPreview(problem="Choose a target.")
    if action == ADVANCE:
        if reach(encounter, actor, target).in_reach:
            return ActionPreview(problem="Already in melee.")
        return ActionPreview(lines=("Closes on the target",))
    if not reach(encounter, actor, target).in_reach:
        return ActionPreview(problem="The target is not in melee.")
    skill, guard = _sheet(encounter, actor).skill, _guard(encounter, target)
    chance = Fraction(sum(1 for face in range(1, 13) if hits(face, skill, guard)), 12)
    return ActionPreview(lines=(f"d12 {signed(skill)} vs Guard {guard}",), success=chance)


def resolve(
    encounter: core.Encounter,
    actor: str,
    action: Action,
    target: str | None,
    faces: tuple[int, ...],
) -> ActionOutcome:
    assert target is not None
    name, foe = encounter.combatant(actor).name, encounter.combatant(target).name
    if action == ADVANCE:
        steps = 2 if _options(encounter).press == "two" else 1
        band = max(0, core.position_between(encounter, actor, target) - steps)
        after = core.set_position(encounter, actor, target, band, reason="advance")
        return ActionOutcome(after, f"{name} advances on {foe}")
    attacker, defender = _sheet(encounter, actor), _sheet(encounter, target)
    guard = _guard(encounter, target)
    if not hits(faces[0], attacker.skill, guard):
        summary = f"{name} misses {foe} ({faces[0]} {signed(attacker.skill)} vs Guard {guard})"
        return ActionOutcome(core.add_log(encounter, summary, actor=actor, target=target), summary)
    hurt = defender.model_copy(update={"vigour": defender.vigour - attacker.harm})
    after = core.replace_sheet(encounter, target, hurt)
    summary = f"{name} strikes {foe} for {attacker.harm}"
    return ActionOutcome(core.add_log(after, summary, actor=actor, target=target), summary)
