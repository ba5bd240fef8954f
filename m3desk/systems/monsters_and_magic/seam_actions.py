"""Monsters & Magic's actions through the seam: what its own action dialog offers an actor,
as typed :class:`~m3desk.core.actions.Action` values, each previewed with the exact chance
that dialog shows for the default situation (nothing spent, nothing adjusted).

The dialog (``ui/games/monsters_and_magic/action/``) resolves a check and then spends its
effect points, a step the seam's ``resolve`` cannot hold, so none is described here: the
players' phones list and preview these actions, and dice sent for one open that dialog on it
(its ``choose``). Nothing is computed twice: an action's request is made from the dialog's
own first guesses (:mod:`~m3desk.systems.monsters_and_magic.action_defaults`), its check by
:func:`~m3desk.systems.monsters_and_magic.check_request.spec_for`, its odds by
:meth:`CheckSpec.odds` and its rows by :func:`check_text.odds_rows`, as the dialog's own
are.

An action reads: ``Action("attack", index)`` a weapon (a character's item, a monster's
attack by its place on the sheet; no index: unarmed), ``Action("spell", index)``,
``Action("check", variant=attribute)`` (an attribute check against a difficulty: also how
the game resists a trap, a poison or a fright, its saving throw, so its die is a "save"),
``Action("change_range")``, ``Action("help")`` and ``Action("defend")``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from m3desk.core import encounter as core
from m3desk.core.actions import Action
from m3desk.core.system import ActionOption, ActionPreview, DiceSpec
from m3desk.systems.monsters_and_magic import Attribute, CharacterSheet, MonsterAttack
from m3desk.systems.monsters_and_magic.action_defaults import (
    default_attribute,
    default_resistance,
    target_candidates,
    target_reach,
    ticked_by_default,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind, TargetRole
from m3desk.systems.monsters_and_magic.check_request import CheckRequest, spec_for
from m3desk.systems.monsters_and_magic.check_text import odds_rows, spec_formula
from m3desk.systems.monsters_and_magic.encounter import Encounter
from m3desk.systems.monsters_and_magic.ranges import bands_text
from m3desk.systems.monsters_and_magic.weapon_choice import weapon_choices, weapon_for

__all__ = ["Chosen", "action_of", "actions", "chosen", "default_request", "preview"]

_KINDS = {
    "attack": ActionKind.ATTACK,
    "spell": ActionKind.SPELL,
    "check": ActionKind.ATTRIBUTE_CHECK,
    "change_range": ActionKind.CHANGE_RANGE,
    "help": ActionKind.HELP,
    "defend": ActionKind.DEFEND,
}
_GROUPS = {
    ActionKind.ATTACK: "attack",
    ActionKind.SPELL: "spell",
    ActionKind.ATTRIBUTE_CHECK: "check",
    ActionKind.CHANGE_RANGE: "manoeuvre",
    ActionKind.HELP: "manoeuvre",
    ActionKind.DEFEND: "manoeuvre",
}
_CHECK_DICE = DiceSpec(3, 6, "check")
_WHOM = {TargetRole.OPPONENT: "a foe", TargetRole.ALLY: "an ally"}


@dataclass(frozen=True, slots=True)
class Chosen:
    """What an :class:`Action` asks of the dialog: its action, weapon (its key in the
    dialog's weapon list; None: none, or unarmed) and attribute (None: the dialog's guess)."""

    kind: ActionKind
    weapon_key: str | None = None
    attribute: Attribute | None = None


def chosen(encounter: core.Encounter, actor_id: str, action: Action) -> Chosen | None:
    """The dialog's choice an action stands for (None: not one of this actor's)."""
    kind = _KINDS.get(action.kind)
    if kind is None or actor_id not in {c.id for c in encounter.combatants}:
        return None
    sheet = encounter.combatant(actor_id).sheet
    if kind is ActionKind.ATTRIBUTE_CHECK:
        known = {a.value: a for a in Attribute}
        return Chosen(kind, attribute=known[action.variant]) if action.variant in known else None
    if not kind.uses_weapon:
        return Chosen(kind)
    if action.index is None:  # unarmed: a character's (a monster fights with its attacks)
        armed = kind is ActionKind.SPELL or not isinstance(sheet, CharacterSheet)
        return None if armed else Chosen(kind)
    if kind is ActionKind.SPELL:
        key = f"spell:{action.index}"
    else:
        key = f"{'item' if isinstance(sheet, CharacterSheet) else 'attack'}:{action.index}"
    return Chosen(kind, key) if weapon_for(sheet, key) is not None else None


def action_of(encounter: core.Encounter, request: CheckRequest) -> Action:
    """The action a request of the dialog stands for (:func:`chosen` read back)."""
    name = next(key for key, kind in _KINDS.items() if kind is request.action)
    if request.action is ActionKind.ATTRIBUTE_CHECK:
        attribute = request.attribute
        return Action(name, variant=attribute.value if attribute is not None else "")
    sheet = encounter.combatant(request.actor_id).sheet
    weapon = weapon_for(sheet, request.weapon_key) if request.action.uses_weapon else None
    return Action(name, _index_of(sheet, weapon) if weapon is not None else None)


def _dice(damage: object) -> tuple[DiceSpec, ...]:
    count, sides = getattr(damage, "count", 0), getattr(damage, "sides", 0)
    if damage is None or not count:
        return (_CHECK_DICE,)
    return (_CHECK_DICE, DiceSpec(count, sides, "damage"))


def _index_of(sheet: object, weapon: object) -> int:
    """Where the weapon stands on the sheet: its items, spells or a monster's attacks."""
    for name in ("items", "spells", "attacks"):
        for index, entry in enumerate(getattr(sheet, name, ())):
            if entry is weapon:
                return index
    raise LookupError("the weapon is not on the sheet")


def actions(encounter: core.Encounter, actor_id: str) -> tuple[ActionOption, ...]:
    """What the dialog's action and weapon lists offer the actor, in their order: each
    weapon's attack (a character's unarmed one last), each spell, each attribute's check,
    then changing range, helping an ally and defending."""
    assert isinstance(encounter, Encounter)
    sheet = encounter.combatant(actor_id).sheet
    rules = encounter.options
    options: list[ActionOption] = []
    # A monster's "spells" in the dialog's list are its attacks again: offered once.
    kinds = (ActionKind.ATTACK, ActionKind.SPELL) if isinstance(sheet, CharacterSheet) else ()
    for kind in kinds or (ActionKind.ATTACK,):
        for choice in weapon_choices(sheet, kind, rules):
            weapon = choice.weapon
            index = _index_of(sheet, weapon)
            needs = kind is ActionKind.ATTACK or weapon.damage is not None
            label = choice.name + ("" if choice.available else " (not equipped)")
            options.append(
                ActionOption(
                    Action(kind.value if kind is ActionKind.SPELL else "attack", index),
                    label,
                    needs_target=needs,
                    dice=_dice(weapon.damage),
                    help=choice.detail,
                    group=_GROUPS[kind],
                )
            )
    if isinstance(sheet, CharacterSheet):
        options.insert(
            sum(o.group == "attack" for o in options),
            ActionOption(
                Action("attack"),
                "No weapon (unarmed)",
                dice=(_CHECK_DICE,),
                help="an attribute and traits only",
                group="attack",
            ),
        )
    for attribute in Attribute:
        options.append(
            ActionOption(
                Action("check", variant=attribute.value),
                f"{attribute} check",
                needs_target=False,
                dice=(DiceSpec(3, 6, "save"),),
                help=ActionKind.ATTRIBUTE_CHECK.hint
                + " Also how a trap, a poison or a fright is resisted.",
                group="check",
            )
        )
    for kind, name in (
        (ActionKind.CHANGE_RANGE, "change_range"),
        (ActionKind.HELP, "help"),
        (ActionKind.DEFEND, "defend"),
    ):
        options.append(
            ActionOption(
                Action(name),
                kind.label,
                needs_target=kind.target_role is not TargetRole.NONE,
                dice=(_CHECK_DICE,),
                help=kind.hint,
                group=_GROUPS[kind],
            )
        )
    return tuple(options)


def default_request(
    encounter: Encounter, actor_id: str, choice: Chosen, target_id: str | None
) -> CheckRequest:
    """The dialog's request once the action, weapon and target are chosen and nothing else
    is touched: its own first guesses of the attribute, the resistance and the conditions
    that count, size as the action has it."""
    sheet = encounter.combatant(actor_id).sheet
    kind = choice.kind
    weapon = weapon_for(sheet, choice.weapon_key) if kind.uses_weapon else None
    attribute = choice.attribute or default_attribute(sheet, kind, weapon)
    if isinstance(weapon, MonsterAttack):
        attribute = None  # a stat block's attack bonus is its total
    target = None if kind.target_role is TargetRole.NONE else target_id
    resisting = target if kind is not ActionKind.HELP else None
    resistance = default_resistance(encounter, kind, weapon, resisting)
    actor_ticked, target_ticked = ticked_by_default(encounter, actor_id, resisting, resistance)
    return CheckRequest(
        actor_id=actor_id,
        action=kind,
        attribute=attribute,
        weapon_key=choice.weapon_key if kind.uses_weapon else None,
        mental=bool(getattr(weapon, "mental", False)),
        target_id=target,
        resistance=resistance,
        actor_condition_ids=actor_ticked,
        target_condition_ids=target_ticked,
        size_applies=kind.affects_target,
    )


def _aim_problem(encounter: Encounter, actor_id: str, kind: ActionKind, target: str | None) -> str:
    role = kind.target_role
    if role not in _WHOM:
        return ""
    if target is None:
        return f"Choose {_WHOM[role]} to aim at."
    if target not in {c.id for c in target_candidates(encounter, actor_id, role)}:
        return f"{kind.label} is aimed at {_WHOM[role]}."
    return ""


def preview(
    encounter: core.Encounter, actor_id: str, action: Action, target_id: str | None
) -> ActionPreview:
    """The check the action makes and the chances the dialog shows for it (see the module)."""
    assert isinstance(encounter, Encounter)
    choice = chosen(encounter, actor_id, action)
    if choice is None:
        return ActionPreview(problem="Not an action of this combatant now.")
    problem = _aim_problem(encounter, actor_id, choice.kind, target_id)
    if problem:
        return ActionPreview(problem=problem)
    request = default_request(encounter, actor_id, choice, target_id)
    try:
        spec = spec_for(encounter, request)
    except (ValueError, ValidationError) as error:
        return ActionPreview(problem=f"This check cannot be built: {error}")
    lines = [f"Check {spec_formula(spec)}", f"Against {spec.resistance.describe()}"]
    sheet = encounter.combatant(actor_id).sheet
    weapon = weapon_for(sheet, request.weapon_key)
    if request.target_id is not None and weapon is not None and spec.reach is not None:
        band, reaches = target_reach(encounter, actor_id, request.target_id, weapon)
        if reaches is False:
            lines.append(
                f"{band.label}: out of reach ({weapon.name} attacks from "
                f"{bands_text(weapon.ranges)}); the effect points first buy the range "
                f"change, {encounter.options.range_band_cost} EP a band"
            )
    rows = odds_rows(spec.odds(), encounter.options)
    return ActionPreview(lines=tuple(lines), success=rows[0][1], outcomes=tuple(rows[1:]))
