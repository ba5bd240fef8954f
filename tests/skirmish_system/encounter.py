"""Skirmish's fight: the encounter model and the rules the tracker, map and dialog call."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Annotated, ClassVar

from pydantic import BaseModel, Field

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr, Roller
from m3desk.core.numbers import minus, pool_text, signed
from m3desk.core.places import Place
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
    plain_move,
    plain_move_check,
)
from tests.skirmish_system.forms import stance_terms
from tests.skirmish_system.options import SkirmishOptions
from tests.skirmish_system.sheet import SkirmishBody, SkirmishMonster, SkirmishSheet

SCHEME = InitiativeScheme(roller="individual_die", die=8, lower_first=False)
METRES = PositionModel(kind="distance", unit="m", maximum=120, step=2, metric="squares", start=24)
HOLD_FAST = 8
"""What Hold Fast needs on 2d6."""


class SkirmishCombatant(core.Combatant):
    sheet: Annotated[SkirmishSheet | SkirmishMonster, Field(discriminator="kind")]


class SkirmishEncounter(core.Encounter):
    scheme: ClassVar[InitiativeScheme] = SCHEME
    position_model: ClassVar[PositionModel] = METRES
    combatants: tuple[SkirmishCombatant, ...] = Field((), max_length=core.MAX_COMBATANTS)
    options: SkirmishOptions = Field(default_factory=SkirmishOptions)

    def out_of_fight(self, combatant: core.Combatant) -> bool:
        return broken(combatant.sheet.resolve)


def broken(resolve: int) -> bool:
    """The one rule for "down": a combatant whose Resolve is spent is broken."""
    return resolve <= 0


def _sheet(encounter: core.Encounter, combatant_id: str) -> SkirmishBody:
    sheet = encounter.combatant(combatant_id).sheet
    assert isinstance(sheet, SkirmishBody)
    return sheet


def _options(encounter: core.Encounter) -> SkirmishOptions:
    assert isinstance(encounter, SkirmishEncounter)
    return encounter.options


def pool(combatant: core.Combatant) -> tuple[int, int]:
    return (combatant.sheet.resolve, combatant.sheet.max_resolve)


def with_resolve(sheet: BaseModel, resolve: int) -> BaseModel:
    """A copy put into a fight with this much Resolve, full."""
    return sheet.model_copy(update={"resolve": resolve, "max_resolve": resolve})


def make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    assert isinstance(sheet, SkirmishSheet | SkirmishMonster)
    return SkirmishCombatant(name=sheet.name, side=side, sheet=sheet)


def cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    sheet = combatant.sheet
    if column == "resolve":
        return Cell(
            text=pool_text(sheet.resolve, sheet.max_resolve),
            pool=pool(combatant),
            editable=True,
            edit_text=str(sheet.resolve),
        )
    if column == "guard":
        return Cell(
            text=str(guard_of(encounter, sheet)),
            tip=f"Guard {guard_of(encounter, sheet)}, {sheet.stance} stance",
        )
    return Cell(text=sheet.stance, tip=f"Stance: {sheet.stance}")


def edit(
    encounter: core.Encounter, combatant_id: str, column: str, text: str
) -> tuple[core.Encounter, str]:
    sheet = _sheet(encounter, combatant_id)
    value = min(int(text), sheet.max_resolve)
    after = core.replace_sheet(encounter, combatant_id, sheet.model_copy(update={"resolve": value}))
    return after, f"Set Resolve of {sheet.name} to {minus(value)}"


def attack_of(sheet: SkirmishBody) -> int:
    return sum(term.value for term in stance_terms(sheet)[0])


def guard_of(encounter: core.Encounter, sheet: SkirmishBody) -> int:
    """The Guard a blow is rolled against: the stance's, never below the table's floor."""
    return max(sum(term.value for term in stance_terms(sheet)[1]), _options(encounter).guard_floor)


@cache
def chance(attack: int, guard: int) -> Fraction:
    """2d6 + attack reaching the guard: the one test the dialog shows and resolve rolls
    (counted once per pair of numbers: a crowd's forecast asks it at every blow)."""
    return Fraction(
        sum(1 for a in range(1, 7) for b in range(1, 7) if lands(a + b, attack, guard)), 36
    )


def lands(dice: int, attack: int, guard: int) -> bool:
    return dice + attack >= guard


def harm(encounter: core.Encounter, dice: DiceExpr, faces: tuple[int, ...]) -> int:
    if _options(encounter).blows == "average":
        return dice.count * (dice.sides + 1) // 2 + dice.bonus
    return dice.total(faces)


def rings(encounter: core.Encounter, centre: str) -> tuple[Ring, ...]:
    sheet = _sheet(encounter, centre)
    return (Ring(sheet.reach_m, "reach", "reach"), Ring(sheet.stride_m, "stride", "move"))


def reach(encounter: core.Encounter, a: str, b: str) -> Reach:
    near = core.position_between(encounter, a, b) <= _sheet(encounter, a).reach_m
    return Reach(options=("Strike",) if near else (), in_reach=near)


STRIKE = Action("strike")
HOLD = Action("hold_fast")
STRIDE = Action("stride")


def actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    harm_dice = _sheet(encounter, actor).harm
    return (
        ActionOption(
            STRIKE,
            "Strike",
            dice=(DiceSpec(2, 6, "attack"), DiceSpec(harm_dice.count, harm_dice.sides, "harm")),
            help="2d6 plus your attack against the target's Guard; a blow "
            "that lands wears down its Resolve.",
            group="attack",
        ),
        ActionOption(
            HOLD,
            "Hold Fast",
            needs_target=False,
            dice=(DiceSpec(2, 6, "nerve"),),
            help=f"2d6: {HOLD_FAST} or more and you stand your ground.",
        ),
        ActionOption(
            STRIDE,
            "Stride toward",
            help="Stride straight at the target, stopping within reach.",
            group="movement",
        ),
    )


def _stride_end(encounter: core.Encounter, actor: str, target: str) -> Place:
    here, there = encounter.places[actor], encounter.places[target]
    gap = METRES.norm(there.x - here.x, there.y - here.y)
    sheet = _sheet(encounter, actor)
    return core.closing_place(encounter, actor, target, max(sheet.reach_m, gap - sheet.stride_m))


def _two_dice(success: int) -> Fraction:
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= success), 36)


def preview(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    if action == HOLD:
        return ActionPreview(lines=(f"2d6 vs {HOLD_FAST}",), success=_two_dice(HOLD_FAST))
    if target is None:
        return ActionPreview(problem="Choose a target.")
    if action == STRIDE:
        if reach(encounter, actor, target).in_reach:
            return ActionPreview(problem="Already within reach.")
        check = plain_move_check(encounter, actor, _stride_end(encounter, actor, target))
        if check.distance == 0:
            return ActionPreview(problem="Already within reach.")
        return ActionPreview(lines=(f"Strides {check.distance} m toward the target",))
    if not reach(encounter, actor, target).in_reach:
        return ActionPreview(problem="The target is out of reach.")
    attacker, defender = _sheet(encounter, actor), _sheet(encounter, target)
    attack, guard = attack_of(attacker), guard_of(encounter, defender)
    return ActionPreview(
        lines=(f"2d6 {signed(attack)} vs Guard {guard}",), success=chance(attack, guard)
    )


def resolve(
    encounter: core.Encounter,
    actor: str,
    action: Action,
    target: str | None,
    faces: tuple[int, ...],
) -> ActionOutcome:
    name = encounter.combatant(actor).name
    if action == HOLD:
        held = "holds fast" if faces[0] + faces[1] >= HOLD_FAST else "falters"
        summary = f"{name} {held} ({faces[0] + faces[1]} vs {HOLD_FAST})"
        return ActionOutcome(core.add_log(encounter, summary, actor=actor), summary)
    assert target is not None
    if action == STRIDE:
        moved, text = plain_move(encounter, actor, _stride_end(encounter, actor, target))
        return ActionOutcome(moved, text)
    attacker, defender = _sheet(encounter, actor), _sheet(encounter, target)
    attack, guard = attack_of(attacker), guard_of(encounter, defender)
    rolled, harm_faces = faces[0] + faces[1], faces[2:]
    foe = encounter.combatant(target).name
    if not lands(rolled, attack, guard):
        summary = f"{name} misses {foe} ({rolled} {signed(attack)} vs Guard {guard})"
        return ActionOutcome(core.add_log(encounter, summary, actor=actor, target=target), summary)
    worn = harm(encounter, attacker.harm, harm_faces)
    left = defender.resolve - worn
    after = core.replace_sheet(encounter, target, defender.model_copy(update={"resolve": left}))
    summary = f"{name} strikes {foe}: {worn} Resolve"
    notices = (f"{foe} is broken.",) if broken(left) else ()
    return ActionOutcome(
        core.add_log(after, summary, actor=actor, target=target), summary, notices=notices
    )


def roll_initiative(encounter: core.Encounter, roller: Roller) -> core.Encounter:
    """Everyone rolls the table's initiative die (the option picks d8 or d12)."""
    die = _options(encounter).initiative_die
    rolled: dict[str, int | None] = {
        c.id: roller.d(die) for c in encounter.combatants if c.initiative is None
    }
    return core.add_logs(
        core.set_initiative(encounter, rolled),
        (
            (
                f"{encounter.combatant(combatant_id).name} rolls initiative: d{die} {value}",
                combatant_id,
            )
            for combatant_id, value in rolled.items()
        ),
    )


def roll_words(encounter: core.Encounter) -> str:
    return SCHEME._replace(die=_options(encounter).initiative_die).roll_words()


def status(encounter: core.Encounter) -> tuple[str, ...]:
    if encounter.phase == "setup":
        return ()
    broken_ones = [c.name for c in encounter.combatants if encounter.out_of_fight(c)]
    return (f"Broken: {', '.join(broken_ones)}",) if broken_ones else ("No one is broken.",)
