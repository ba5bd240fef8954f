"""The OSE combat round as pure functions: declare, side initiative, a–e, morale, surprise.

Each round: (1) declare spells and movement in melee; (2) each side rolls 1d6, highest first
(ties re-roll or act at once, a table rule; individual d6 + DEX is an option); (3) the winning
side acts: a. morale, b. movement, c. missiles, d. spells, e. melee; (4) then the other sides.
Slow (two-handed melee, crossbow) weapons act last, as if their side lost.

The core orders turns by ``Combatant.initiative``: here that is the side's (or the
combatant's) roll, 10 lower for a slow weapon so that it comes after everyone, and
``tie_order`` puts a side's missiles before its spells before its melee.
"""

from __future__ import annotations

from fractions import Fraction

from m3desk.core import encounter as core
from m3desk.core.dice import Roller
from m3desk.core.initiative import roll_sides
from m3desk.core.numbers import percent, signed
from m3desk.core.terms import Term, rolled
from m3desk.systems.ose import combat, movement
from m3desk.systems.ose.combat import morale_holds
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.encounter import DECLARATIONS, OseCombatant, OseEncounter, SideMorale
from m3desk.systems.ose.option_rules import initiative_rule, tie_rule
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.systems.ose.turn_order import (
    SLOW_PENALTY,
    STEPS,
    is_slow,
    order_key,
    readied,
    step_of,
    with_order,
)

__all__ = [
    "MOMENTS",
    "SLOW_PENALTY",
    "STEPS",
    "adjusted_morale",
    "declare",
    "disrupt",
    "is_dead",
    "is_slow",
    "lost_initiative",
    "morale_check",
    "morale_closed",
    "morale_due",
    "morale_holds",
    "morale_moments",
    "morale_of",
    "morale_owed",
    "never_checks",
    "order_key",
    "passes_after",
    "readied",
    "roll_initiative",
    "set_individual_roll",
    "set_side_roll",
    "set_surprise_roll",
    "status",
    "step_of",
    "surprised_sides",
    "with_order",
]


def _c(encounter: core.Encounter, combatant_id: str) -> OseCombatant:
    combatant = encounter.combatant(combatant_id)
    assert isinstance(combatant, OseCombatant)
    return combatant


def _combatants(encounter: OseEncounter) -> tuple[OseCombatant, ...]:
    return encounter.combatants


def is_dead(combatant: OseCombatant) -> bool:
    """0 hit points or less is dead (seed 003): :func:`combat.down`."""
    return combat.down(combatant.sheet.hit_points)


def set_side_roll(encounter: OseEncounter, side: str, roll: int | None) -> OseEncounter:
    """A side's d6 for this round, typed or rolled (None clears it)."""
    if roll is not None and not 1 <= roll <= 6:
        raise ValueError(f"a d6 shows 1 to 6, not {roll}")
    rolls = dict(encounter.side_rolls)
    if roll is None:
        rolls.pop(side, None)
    else:
        rolls[side] = roll
    after = with_order(encounter.model_copy(update={"side_rolls": rolls}), restart=True)
    return core.add_log(after, f"{side} initiative: {'—' if roll is None else f'd6 {roll}'}")


def set_individual_roll(
    encounter: OseEncounter, combatant_id: str, die: int | None
) -> OseEncounter:
    """A combatant's own d6 (individual initiative): the modifier is added here."""
    combatant = _c(encounter, combatant_id)
    if die is None:
        total, shown = None, "—"
    else:
        if not 1 <= die <= 6:
            raise ValueError(f"a d6 shows 1 to 6, not {die}")
        modifier = derive(combatant.sheet, encounter.options)["initiative"]
        total = die + modifier.value
        terms = (
            modifier.terms
            if not modifier.overridden
            else (Term(label="set", value=modifier.value),)
        )
        shown = rolled("d6", (die,), terms)
    after = core.update_combatant(encounter, combatant_id, rolled=total)
    after = with_order(after, restart=True)
    return core.add_log(after, f"{combatant.name} initiative: {shown}", actor=combatant_id)


def roll_initiative(encounter: OseEncounter, roller: Roller) -> OseEncounter:
    """Roll this round: a d6 per side, ties rolled again under the re-roll rule (at most 20
    times), or a d6 + modifier each under individual initiative."""
    if initiative_rule(encounter.options).each:
        for combatant in _combatants(encounter):
            encounter = set_individual_roll(encounter, combatant.id, roller.d(6))
        return encounter
    sides = list(dict.fromkeys(c.side for c in encounter.combatants))
    rolls = roll_sides(sides, lambda: roller.d(6), reroll=tie_rule(encounter.options).reroll)
    after = with_order(encounter.model_copy(update={"side_rolls": rolls}), restart=True)
    return core.add_log(after, "Initiative d6: " + ", ".join(f"{s} {r}" for s, r in rolls.items()))


def surprised_sides(encounter: OseEncounter) -> list[str]:
    return [side for side, roll in encounter.surprise_rolls.items() if roll <= 2]


def set_surprise_roll(encounter: OseEncounter, side: str, roll: int | None) -> OseEncounter:
    """A side's surprise d6 at set-up (1–2 surprised). When some sides are surprised and
    exactly one is not, that side gets a free round in which the others cannot act; when
    every side is surprised, nothing happens."""
    if roll is not None and not 1 <= roll <= 6:
        raise ValueError(f"a d6 shows 1 to 6, not {roll}")
    rolls = dict(encounter.surprise_rolls)
    if roll is None:
        rolls.pop(side, None)
    else:
        rolls[side] = roll
    after = encounter.model_copy(update={"surprise_rolls": rolls})
    surprised = surprised_sides(after)
    present = dict.fromkeys(c.side for c in after.combatants)
    alert = [s for s in present if s not in surprised]
    free = alert[0] if surprised and len(alert) == 1 else None
    after = with_order(after.model_copy(update={"surprise_side": free}))
    text = f"{side} surprise: {'—' if roll is None else f'd6 {roll}'}"
    if roll is not None:
        text += " (surprised)" if roll <= 2 else " (alert)"
    return core.add_log(after, text)


def declare(encounter: OseEncounter, combatant_id: str, text: str) -> OseEncounter:
    """What a combatant declares before initiative: "none", "fighting withdrawal", "retreat",
    "cast a spell", or "cast: <memorised spell>"."""
    combatant = _c(encounter, combatant_id)
    spell = ""
    if text.startswith("cast: "):
        spell = text.removeprefix("cast: ").strip()
        sheet = combatant.sheet
        if not isinstance(sheet, CharacterSheet) or spell not in [
            s.name for s in sheet.spells if not s.cast
        ]:
            raise ValueError(f"{combatant.name} has no memorised {spell} left to cast")
        declared = "cast a spell"
    elif text in DECLARATIONS:
        declared = text
    else:
        raise ValueError(f"declare one of: {', '.join(DECLARATIONS)}")
    after = core.update_combatant(encounter, combatant_id, declared=declared, spell=spell)
    after = with_order(after)
    shown = f"casts {spell}" if spell else declared
    late = " (after initiative)" if encounter.side_rolls and encounter.phase == "rounds" else ""
    return core.add_log(after, f"{combatant.name} declares: {shown}{late}", actor=combatant_id)


def lost_initiative(encounter: OseEncounter, caster_id: str, against_id: str | None) -> bool:
    """Whether the caster has yet to act while ``against_id`` (or whoever's turn it is)
    acts before it: its side lost the initiative. Sides acting at once never disrupt."""
    caster = _c(encounter, caster_id)
    other_id = against_id or encounter.turn
    if caster.acted or other_id is None or other_id == caster_id:
        return False
    other = _c(encounter, other_id)
    if caster.initiative is None or other.initiative is None or other.side == caster.side:
        return False
    return other.initiative > caster.initiative


def disrupt(encounter: OseEncounter, caster_id: str, why: str) -> tuple[OseEncounter, str]:
    """The declared spell fails and is gone from memory, as if cast."""
    caster = _c(encounter, caster_id)
    sheet = caster.sheet
    spell = caster.spell or "its spell"
    if isinstance(sheet, CharacterSheet) and caster.spell:
        spells, done = [], False
        for memorised in sheet.spells:
            if not done and memorised.name == caster.spell and not memorised.cast:
                memorised, done = memorised.model_copy(update={"cast": True}), True
            spells.append(memorised)
        encounter = core.replace_sheet(
            encounter, caster_id, sheet.model_copy(update={"spells": tuple(spells)})
        )
    after = with_order(core.update_combatant(encounter, caster_id, declared="none", spell=""))
    notice = (
        f"{caster.name} loses {spell}: {why} before casting, and its side lost the "
        "initiative. The spell is gone from memory."
    )
    return core.add_log(after, notice, actor=caster_id), notice


# -- morale -----------------------------------------------------------------------------


def _monsters(encounter: OseEncounter, side: str) -> list[OseCombatant]:
    return [
        c for c in _combatants(encounter) if c.side == side and isinstance(c.sheet, MonsterSheet)
    ]


def morale_of(combatant: OseCombatant) -> int:
    return derive(combatant.sheet)["morale"].value


FIRST_DEATH, HALF_DOWN = 1, 2
MOMENTS = {"first death": FIRST_DEATH, "half down": HALF_DOWN}
"""The moments a side's monsters check morale (SRD), as bits."""


def morale_moments(down: int, members: int) -> int:
    """The morale moments a side of ``members`` monsters has reached with ``down`` of them
    dead, as bits of :data:`MOMENTS`: its first death, and half of it down."""
    met = FIRST_DEATH if down >= 1 else 0
    if members and 2 * down >= members:
        met |= HALF_DOWN
    return met


def morale_closed(passes: int, broken: bool) -> bool:
    """No more checks for a side: it broke, or held twice."""
    return broken or passes >= 2


def passes_after(passes: int, holds: bool) -> int:
    """A side's held checks after one more check (counted up to the two that end them)."""
    return min(2, passes + holds)


def never_checks(ml: int) -> bool:
    """ML 2 never fights and ML 12 never flees: neither rolls."""
    return ml in (2, 12)


def adjusted_morale(base: int, adjustment: int) -> int:
    """ML with the situation's −2…+2, never applied to ML 2 or 12, kept within 2–12."""
    return base if never_checks(base) else max(2, min(12, base + adjustment))


def _triggers(encounter: OseEncounter, side: str) -> list[str]:
    monsters = _monsters(encounter, side)
    met = morale_moments(sum(1 for c in monsters if is_dead(c)), len(monsters))
    return [name for name, bit in MOMENTS.items() if met & bit]


def morale_due(encounter: OseEncounter, side: str) -> list[str]:
    """The checks this side's monsters owe now: its first death, half of it down. None after
    two held checks, after it broke, or when every monster of it is ML 2 or 12."""
    state = encounter.morale.get(side, SideMorale())
    living = _morale_checkers(encounter, side)
    if morale_closed(state.passes, state.broken) or not living:
        return []
    if all(never_checks(morale_of(c)) for c in living):
        return []
    return [t for t in _triggers(encounter, side) if t not in state.checked]


def _morale_checkers(encounter: OseEncounter, side: str) -> list[OseCombatant]:
    return [c for c in _monsters(encounter, side) if not is_dead(c) and not c.fleeing]


def morale_owed(encounter: OseEncounter) -> list[tuple[str, str]]:
    """(side, the monster that rolls for it) for each side owing a morale check now."""
    owed = []
    for side in encounter.sides:
        living = _morale_checkers(encounter, side)
        if morale_due(encounter, side) and living:
            owed.append((side, living[0].id))
    return owed


def morale_check(
    encounter: OseEncounter,
    actor_id: str,
    roll: int,
    adjustment: int = 0,
    *,
    whole_side: bool = True,
    faces: tuple[int, ...] = (),
) -> tuple[OseEncounter, str, tuple[str, ...]]:
    """2d6 against ML (adjusted −2…+2, never at ML 2 or 12): at most ML holds, above it the
    side (or the one monster) flees. ML 12 never checks; ML 2 never fights."""
    actor = _c(encounter, actor_id)
    base = morale_of(actor)
    ml = adjusted_morale(base, adjustment)
    holds = morale_holds(roll, ml)
    who = actor.side if whole_side else actor.name
    members = (
        [c for c in _monsters(encounter, actor.side) if not is_dead(c)] if whole_side else [actor]
    )
    notices: list[str] = []
    if whole_side:
        state = encounter.morale.get(actor.side, SideMorale())
        met = tuple(dict.fromkeys((*state.checked, *_triggers(encounter, actor.side))))
        state = state.model_copy(
            update={
                "checked": met,
                "passes": passes_after(state.passes, holds),
                "broken": not holds,
            }
        )
        encounter = encounter.model_copy(update={"morale": {**encounter.morale, actor.side: state}})
        if holds and state.passes >= 2:
            notices.append(f"{who} held twice: no more morale checks this fight.")
    if not holds:
        for member in members:
            encounter = core.update_combatant(encounter, member.id, fleeing=True)
        notices.append(
            f"{who} break{'s' if not whole_side else ''}: "
            f"{'they flee' if whole_side else 'it flees'} or surrender."
        )
    adjusted = f" (ML {base}, adjusted {signed(ml - base)})" if ml != base else ""
    dice = rolled("2d6", faces) if faces else f"2d6 {roll}"
    shown = "ML 2 never fights" if ml == 2 else f"{dice} against ML {ml}{adjusted}"
    text = f"{who} morale: {shown} — {'holds' if holds else 'breaks'}"
    return core.add_log(with_order(encounter), text, actor=actor_id), text, tuple(notices)


def morale_chance(ml: int) -> Fraction:
    """The odds a check shows, counted by the rule that rolls (ML 12 holds, ML 2 breaks:
    written once, in ``morale_holds``)."""
    return combat.morale_odds(ml)


# -- what the tracker says above the roster ---------------------------------------------


def _back(encounter: OseEncounter, combatant: OseCombatant) -> int:
    rate = derive(combatant.sheet, encounter.options)["movement.encounter"].value
    return movement.withdrawal_feet(rate, combatant.declared)


def _names(combatants: list[OseCombatant]) -> str:
    return ", ".join(c.name for c in combatants)


def status(encounter: OseEncounter) -> tuple[str, ...]:
    lines: list[str] = []
    if encounter.phase == "setup":
        lines.append(
            "Set-up: each side not expecting the other rolls 1d6 for surprise "
            "(d6 column); 1–2 is surprised (1 in 3)."
        )
        surprised = surprised_sides(encounter)
        if encounter.surprise_side:
            lines.append(
                f"Surprise: {encounter.surprise_side} get a free round; "
                f"{', '.join(surprised)} cannot act in it."
            )
        elif surprised and set(surprised) >= {c.side for c in encounter.combatants}:
            lines.append("Every side is surprised: no effect, round one as usual.")
        return tuple(lines)
    if encounter.phase == "surprise":
        lines.append(
            f"Surprise round: only {encounter.surprise_side} act; "
            f"{', '.join(surprised_sides(encounter))} are surprised."
        )
    else:
        lines.append(_round_line(encounter))
    lines += _turn_lines(encounter)
    for side in encounter.sides:
        for trigger in morale_due(encounter, side):
            living = _morale_checkers(encounter, side)
            ml = morale_of(living[0]) if living else 7
            lines.append(
                f"{side}: {trigger} — check morale (ML {ml}, holds "
                f"{percent(morale_chance(ml))}) in step a of their turn."
            )
    for combatant in _combatants(encounter):
        if combatant.fleeing and not is_dead(combatant):
            lines.append(f"{combatant.name} is fleeing.")
            break
    return tuple(lines)


def _round_line(encounter: OseEncounter) -> str:
    declared = [
        f"{c.name} {'casts ' + c.spell if c.spell else c.declared}"
        for c in _combatants(encounter)
        if c.declared != "none"
    ]
    head = f"Round {encounter.round}: "
    rule = initiative_rule(encounter.options)
    if rule.missing(encounter, _combatants(encounter)):
        return head + rule.waiting + _declared(declared)
    if rule.each:
        return head + rule.decided + _declared(declared)
    sides = list(dict.fromkeys(c.side for c in encounter.combatants))
    groups: dict[int, list[str]] = {}
    for side in sides:
        groups.setdefault(encounter.side_rolls[side], []).append(side)
    order = " → ".join(" = ".join(groups[r]) + f" ({r})" for r in sorted(groups, reverse=True))
    ties = [g for g in groups.values() if len(g) > 1]
    line = head + f"initiative {order}."
    for tied in ties:
        line += " " + tie_rule(encounter.options).tied(tied)
    return line + _declared(declared)


def _declared(declared: list[str]) -> str:
    return f" Declared: {'; '.join(declared)}." if declared else ""


def _turn_lines(encounter: OseEncounter) -> list[str]:
    lines = []
    if encounter.turn is not None:
        now = _c(encounter, encounter.turn)
        step = step_of(encounter, now)
        sequence = " · ".join(
            f"{'abcde'[i]}. {name}" + (" ◂" if name == step else "") for i, name in enumerate(STEPS)
        )
        lines.append(f"{now.side} act: {sequence}. Now: {now.name} ({step}).")
        if now.declared == "cast a spell":
            lines.append(
                f"{now.name} casts {now.spell or 'a spell'}: its only action, no "
                "movement; needs voice, free hands and the target in sight."
            )
        elif now.declared == "retreat":
            lines.append(
                f"{now.name} retreats: up to {_back(encounter, now)} ft (the full "
                "encounter movement), no attack; attackers get +2 and ignore its "
                "shield this round."
            )
        elif now.declared == "fighting withdrawal":
            back = _back(encounter, now)
            lines.append(
                f"{now.name} withdraws: backwards up to {back} ft (half the encounter "
                "movement), with a clear path; may still attack."
            )
    slow = [c for c in _combatants(encounter) if is_slow(c) and not is_dead(c)]
    if slow and encounter.phase != "setup":
        lines.append(
            "Act last (slow weapons): "
            + ", ".join(f"{c.name} ({w.name})" for c in slow if (w := readied(c)) is not None)
            + "."
        )
    acted = [c for c in _combatants(encounter) if c.acted]
    if acted:
        lines.append(f"Acted: {_names(acted)}.")
    return lines
