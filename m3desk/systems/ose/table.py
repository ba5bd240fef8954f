"""How an OSE fight runs at the table, as the tracker, the board and the action dialog ask.

Positions are feet between each pair; melee reaches 5', missiles work past 5' in their short
(+1), medium (0) and long (−1) bands. The board draws the selected combatant's melee reach,
its encounter movement, half of it (a fighting withdrawal) and its missile ranges. An
attack's odds come from the attack matrix (or plain arithmetic, a table rule) and are exact.

The tracker's own columns: the side's d6 (the surprise die at set-up, the initiative die
each round, or the combatant's own die under individual initiative), what it declared
before initiative, the cover it stands in (missiles against it −1 … −4, or none can hit it),
and whether it has acted this round.

This module holds the tracker, the board and the rules record the Qt layer reads
(:data:`ENCOUNTER_RULES`); the parts it gathers sit below it and never import it: what a
combatant fights with (:mod:`~m3desk.systems.ose.weaponry`), one attack or breath previewed
and rolled (:mod:`~m3desk.systems.ose.strikes`), and the action dialog's actions
(:mod:`~m3desk.systems.ose.dialog_actions`).
"""

from __future__ import annotations

import threading

from pydantic import BaseModel

from m3desk.core import encounter as core
from m3desk.core.copies import d8_hit_dice, with_hit_points
from m3desk.core.derived import Derived
from m3desk.core.dice import DiceExpr
from m3desk.core.forecast_loaded import forecast_from
from m3desk.core.numbers import minus, pool_text
from m3desk.core.reach_memo import ReachByDistance
from m3desk.core.spell_range import spell_rings, spells_within
from m3desk.core.system import (
    Action,
    ActionOption,
    Cell,
    DueAction,
    EncounterRules,
    PrintedCheck,
    Reach,
    Ring,
    TrackerColumn,
)
from m3desk.systems.ose import combat, experience, moves
from m3desk.systems.ose import round as rnd
from m3desk.systems.ose.attacks import uses_left
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.dialog_actions import _actions, _preview, _resolve
from m3desk.systems.ose.encounter import FEET, INITIATIVE, MELEE_FEET, OseCombatant, OseEncounter
from m3desk.systems.ose.encounter_setup import SETUP_STEPS
from m3desk.systems.ose.movement import withdrawal_feet
from m3desk.systems.ose.option_rules import initiative_rule
from m3desk.systems.ose.options import OseOptions
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.ose.strikes import _damage_bonus as _damage_bonus
from m3desk.systems.ose.strikes import attack_terms as attack_terms
from m3desk.systems.ose.weaponry import _c, _e, _options, _spell_ranges, _usable
from m3desk.systems.ose.weaponry import _damage_die as _damage_die
from m3desk.systems.ose.weaponry import _monster_attack as _monster_attack
from m3desk.systems.ose.weaponry import _weapons as _weapons
from m3desk.systems.ose.weaponry import reloads as reloads

__all__ = [
    "COVER_CHOICES",
    "ENCOUNTER_RULES",
    "FEET",
    "INITIATIVE",
    "OseCombatant",
    "OseEncounter",
    "attack_terms",
    "reloads",
]

COVER_CHOICES = ("none", "−1", "−2", "−3", "−4", "complete")


def _pool(combatant: core.Combatant) -> tuple[int, int]:
    sheet = combatant.sheet
    return (sheet.hit_points, sheet.max_hit_points)


COLUMNS = (
    TrackerColumn(
        "hp",
        "HP",
        "Hit points, current/maximum; type a number to set them",
        kind="pool",
        sample="999/999",
    ),
    TrackerColumn("ac", "AC", "Armour class, descending [ascending]", sample="AC -9 [28]"),
    TrackerColumn(
        "thac0", "THAC0", "To hit AC 0 [attack bonus]", sample="AB +10 [9]", centred=True
    ),
    TrackerColumn(
        "d6",
        "d6",
        "The side's d6: surprise at set-up (1–2 surprised), initiative "
        "each round (highest first); under individual initiative the combatant's "
        "own d6",
        sample="6",
        centred=True,
        number_range=(1, 6),
    ),
    TrackerColumn(
        "declared",
        "Declared",
        "Declared before initiative: a spell, a fighting withdrawal or a retreat",
        sample="cast: Protection from evil",
    ),
    TrackerColumn(
        "cover",
        "Cover",
        "Cover from missiles: −1 … −4 to hit it, or complete (it cannot be hit)",
        sample="complete",
    ),
    TrackerColumn("acted", "Acted", "Has acted this round", kind="check", sample="✓", centred=True),
)


def _declared_choices(combatant: OseCombatant) -> tuple[str, ...]:
    sheet = combatant.sheet
    spells = (
        tuple(dict.fromkeys(f"cast: {s.name}" for s in sheet.spells if not s.cast))
        if isinstance(sheet, CharacterSheet)
        else ("cast a spell",)
    )
    return ("none", *spells, "fighting withdrawal", "retreat")


def _cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    assert isinstance(combatant, OseCombatant)
    sheet = combatant.sheet
    if column == "hp":
        return Cell(
            text=pool_text(sheet.hit_points, sheet.max_hit_points),
            pool=_pool(combatant),
            editable=True,
            edit_text=str(sheet.hit_points),
        )
    if column == "d6":
        return _d6_cell(_e(encounter), combatant)
    if column == "declared":
        shown = f"cast: {combatant.spell}" if combatant.spell else combatant.declared
        return Cell(
            text="" if shown == "none" else shown,
            editable=True,
            edit_text=shown,
            choices=_declared_choices(combatant),
            tip="Spells and movement in melee are declared before initiative.",
        )
    if column == "cover":
        return Cell(
            text="" if combatant.cover == 0 else COVER_CHOICES[combatant.cover],
            editable=True,
            edit_text=COVER_CHOICES[combatant.cover],
            choices=COVER_CHOICES,
        )
    if column == "acted":
        return Cell(checked=combatant.acted, editable=True)
    options = _options(encounter)
    values = _derived(sheet, options)
    if column == "ac":
        ac = values["ac"]
        return Cell(text=combat.armour_class_text(ac.value, options), tip=ac.explanation())
    thac0 = values["thac0"]
    # The column is headed THAC0: only the ascending notation names its first number.
    text = combat.attack_value_text(thac0.value, options).removeprefix("THAC0 ")
    return Cell(text=text, tip=thac0.explanation())


class _Last(threading.local):
    """The sheet a cell was last derived for, its table rules and what they derive."""

    sheet: object = None
    options: object = None
    values: dict[str, Derived] | None = None


_LAST = _Last()


def _derived(sheet: CharacterSheet | MonsterSheet, options: OseOptions) -> dict[str, Derived]:
    """``derive(sheet, options)``, once for a row's AC and THAC0 cells (asked one after the
    other of the same frozen sheet: 200 rows derived 400 times)."""
    last = _LAST
    if last.values is None or last.sheet is not sheet or last.options != options:
        last.values = derive(sheet, options)
        last.sheet, last.options = sheet, options
    return last.values


def _d6_cell(encounter: OseEncounter, combatant: OseCombatant) -> Cell:
    if encounter.phase == "setup":
        roll = encounter.surprise_rolls.get(combatant.side)
        tip = "Surprise: 1–2 on the side's d6 is surprised"
    else:
        rule = initiative_rule(encounter.options)
        roll, tip = rule.roll_of(encounter, combatant), rule.cell_tip(combatant)
    return Cell(
        text="" if roll is None else str(roll),
        tip=tip,
        editable=True,
        edit_text="" if roll is None else str(roll),
    )


def _edit(
    encounter: core.Encounter, combatant_id: str, column: str, text: str
) -> tuple[core.Encounter, str]:
    ose = _e(encounter)
    combatant = _c(encounter, combatant_id)
    text = text.strip()
    if column == "hp":
        sheet = combatant.sheet
        value = int(text.replace("−", "-"))
        after = sheet.model_copy(update={"hit_points": min(value, sheet.max_hit_points)})
        return (
            core.replace_sheet(encounter, combatant_id, after),
            f"Set {combatant.name}'s hit points to {minus(after.hit_points)}",
        )
    if column == "d6":
        roll = int(text) if text and text not in ("—", "-") else None
        if ose.phase == "setup":
            return rnd.set_surprise_roll(ose, combatant.side, roll), f"{combatant.side} surprise d6"
        if initiative_rule(ose.options).each:
            return rnd.set_individual_roll(
                ose, combatant_id, roll
            ), f"{combatant.name}'s initiative"
        return rnd.set_side_roll(ose, combatant.side, roll), f"{combatant.side} initiative"
    if column == "declared":
        return rnd.declare(ose, combatant_id, text), f"{combatant.name} declares"
    if column == "cover":
        if text not in COVER_CHOICES:
            raise ValueError(f"cover is one of: {', '.join(COVER_CHOICES)}")
        covered = core.update_combatant(encounter, combatant_id, cover=COVER_CHOICES.index(text))
        return core.add_log(
            covered, f"{combatant.name}: cover {text}", actor=combatant_id
        ), f"{combatant.name}'s cover"
    if column == "acted":
        done = text == "true"
        return core.update_combatant(
            encounter, combatant_id, acted=done
        ), f"{combatant.name} {'has acted' if done else 'has not acted'}"
    raise ValueError(f"the {column} column cannot be edited")


def _rings(encounter: core.Encounter, centre: str) -> tuple[Ring, ...]:
    """Melee reach, what the declaration still allows (in melee with nothing declared, the
    two moves melee allows), and each missile's short, medium and long range."""
    sheet = _c(encounter, centre).sheet
    rate = derive(sheet, _options(encounter))["movement.encounter"].value
    rings = [Ring(MELEE_FEET, "melee", "reach")]
    left = moves.allowance_left(encounter, centre)
    if left.amount:
        rings.append(Ring(left.amount, left.label, "move"))
    elif left.label == "move" and core.foes_within(encounter, centre, MELEE_FEET) and rate:
        rings += [
            Ring(withdrawal_feet(rate, "fighting withdrawal"), "fighting withdrawal", "move"),
            Ring(rate, "retreat", "move"),
        ]
    for weapon in _weapons(sheet):
        if weapon.missile and weapon.ranges:
            rings += [
                Ring(feet, f"{weapon.name} {band}", "range")
                for feet, band in zip(weapon.ranges, ("short", "medium", "long"), strict=True)
            ]
    return (*rings, *spell_rings(_spell_ranges(sheet)))


def _reach_at(encounter: core.Encounter, a: str, feet: int) -> Reach:
    """The weapons that reach ``feet`` away, and the spells still to cast whose range does."""
    sheet = _c(encounter, a).sheet
    usable = (
        *(w.name for w in _usable(sheet, feet)),
        *spells_within(_spell_ranges(sheet), feet, MELEE_FEET),
    )
    return Reach(options=usable, in_reach=bool(usable))


_reach = ReachByDistance(_reach_at)
"""The board asks about the centre against everyone: answered once per distance."""


def _centre_summary(encounter: core.Encounter, centre: str) -> tuple[str, ...]:
    combatant = _c(encounter, centre)
    sheet = combatant.sheet
    lines = []
    for index, weapon in enumerate(_weapons(sheet)):
        attack = _monster_attack(sheet, index)
        if attack is not None and attack.breath:
            left = uses_left(combatant, index)
            lines.append(
                f"{weapon.name}: no attack roll, at any foe in sight"
                + (f"; {left} of {attack.uses} left today" if left is not None else "")
            )
            continue
        where = ["melee 5 ft"] if weapon.melee else []
        if weapon.missile and weapon.ranges:
            short, medium, far = weapon.ranges
            where.append(f"short ≤ {short} ft +1, medium ≤ {medium} ft, long ≤ {far} ft −1")
        lines.append(f"{weapon.name}: {', '.join(where) or 'no reach'}")
    return tuple(lines)


def _make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    if not isinstance(sheet, CharacterSheet | MonsterSheet):
        raise TypeError("an OSE encounter takes OSE sheets")
    return OseCombatant(name=sheet.name, side=side, sheet=sheet)


def _initiative_tip(encounter: core.Encounter, combatant: core.Combatant) -> str:
    assert isinstance(combatant, OseCombatant)
    ose = _e(encounter)
    if combatant.initiative is None:
        return initiative_rule(ose.options).unrolled_tip
    parts = [f"{rnd.step_of(ose, combatant)} step of its side's turn"]
    if rnd.is_slow(combatant) and (weapon := rnd.readied(combatant)) is not None:
        parts.append(f"{weapon.name} is slow: acts last ({combatant.initiative + 10} − 10)")
    if ose.phase == "surprise":
        parts.append("surprise round: acts without an initiative roll")
    return "; ".join(parts)


def _roll_words(encounter: core.Encounter) -> str:
    words = initiative_rule(_e(encounter).options).roll_words
    return INITIATIVE.roll_words() if words is None else words


def _roll_initiative(encounter: core.Encounter, roller: object) -> core.Encounter:
    from m3desk.core.dice import Roller

    assert isinstance(roller, Roller)
    return rnd.roll_initiative(_e(encounter), roller)


def _status(encounter: core.Encounter) -> tuple[str, ...]:
    return rnd.status(_e(encounter))


def _printed_checks(encounter: core.Encounter) -> tuple[PrintedCheck, ...]:
    """A box per monster side for each of its morale moments (first death, half down),
    ticked once checked; a side whose every monster is ML 2 or 12 never checks."""
    fight = _e(encounter)
    checks = []
    for side in fight.sides:
        monsters = [
            c for c in fight.combatants if c.side == side and isinstance(c.sheet, MonsterSheet)
        ]
        ratings = sorted({rnd.morale_of(c) for c in monsters})
        if not ratings or all(rnd.never_checks(ml) for ml in ratings):
            continue
        state = fight.morale.get(side)
        checked = state.checked if state is not None else ()
        note = "2d6 at most ML " + "/".join(map(str, ratings)) + " holds"
        checks += [
            PrintedCheck(side, f"Morale: {moment}", moment in checked, note)
            for moment in rnd.MOMENTS
        ]
    return tuple(checks)


def _due(encounter: core.Encounter) -> tuple[DueAction, ...]:
    return tuple(
        DueAction(f"Check morale: {side}", actor, Action("morale", variant="side"))
        for side, actor in rnd.morale_owed(_e(encounter))
    )


def _condition_names(combatant: core.Combatant) -> tuple[str, ...]:
    assert isinstance(combatant, OseCombatant)
    names = [c.name for c in combatant.conditions]
    if combatant.declared != "none":
        names.append(f"cast {combatant.spell}" if combatant.spell else combatant.declared)
    if combatant.cover:
        names.append(f"cover {COVER_CHOICES[combatant.cover]}")
    if combatant.fleeing:
        names.append("fleeing")
    return tuple(names)


def _hit_dice(sheet: BaseModel) -> DiceExpr | None:
    """A monster's hit points come from its Hit Dice; a character's are its own."""
    if not isinstance(sheet, MonsterSheet):
        return None
    if sheet.hit_point_dice is not None:
        return sheet.hit_point_dice
    return d8_hit_dice(sheet.hit_dice, sheet.hit_dice_modifier)


def _declare_attack(encounter: core.Encounter, combatant_id: str) -> tuple[core.Encounter, str]:
    """Attacking is what a combatant does unless it declares otherwise: a spell, a fighting
    withdrawal or a retreat declared is taken back ("none")."""
    return rnd.declare(
        _e(encounter), combatant_id, "none"
    ), f"{_e(encounter).combatant(combatant_id).name} declares"


def _turn_over(encounter: core.Encounter, actor: str, _option: ActionOption) -> bool:
    """An attack or a spell marks the combatant as having acted: its round is done (a move
    before the attack, a save or a morale check leaves it to act)."""
    return _c(encounter, actor).acted


ENCOUNTER_RULES = EncounterRules(
    encounter_type=OseEncounter,
    make_combatant=_make_combatant,
    pool=_pool,
    columns=COLUMNS,
    cell=_cell,
    edit=_edit,
    initiative_tip=_initiative_tip,
    rings=_rings,
    reach=_reach,
    centre_summary=_centre_summary,
    condition_names=_condition_names,
    roll_initiative=_roll_initiative,
    roll_words=_roll_words,
    actions=_actions,
    preview=_preview,
    resolve=_resolve,
    status=_status,
    due=_due,
    hit_dice=_hit_dice,
    with_hit_points=with_hit_points,
    setup_steps=SETUP_STEPS,
    experience=experience.experience,
    award_experience=experience.award,
    check_move=moves.check_move,
    make_move=moves.make_move,
    turn_over=_turn_over,
    declare_attack=_declare_attack,
    printed_checks=_printed_checks,
)
ENCOUNTER_RULES = forecast_from(ENCOUNTER_RULES, "m3desk.systems.ose.forecast")
"""The simulator and its policy's words load with the first forecast, not with the game."""
