"""AD&D's fight in words and what it asks for now: the status lines above the tracker, the
morale checks due when a side's monsters fall (the fight's rules module, :mod:`.table`,
gathers them)."""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core import free_attacks
from m3desk.core.system import Action, DueAction
from m3desk.systems.adnd2e import combat
from m3desk.systems.adnd2e.action_kinds import MORALE
from m3desk.systems.adnd2e.attack_plan import _modifier as _modifier
from m3desk.systems.adnd2e.attack_plan import _Plan as _Plan
from m3desk.systems.adnd2e.attack_plan import _plan as _plan
from m3desk.systems.adnd2e.encounter import MELEE_FEET as MELEE_FEET
from m3desk.systems.adnd2e.encounter import AdndCombatant, AdndEncounter, _enc, _foes
from m3desk.systems.adnd2e.encounter import _ranges_feet as _ranges_feet
from m3desk.systems.adnd2e.encounter import allowance as allowance
from m3desk.systems.adnd2e.option_rules import initiative_rule
from m3desk.systems.adnd2e.sheet import MonsterSheet

# -- status ---------------------------------------------------------------------------------


def _status(encounter: core.Encounter) -> tuple[str, ...]:
    enc = _enc(encounter)
    if not enc.combatants:
        return ()
    lines: list[str] = []
    title = core.phase_title(enc.phase, enc.round)
    standing = [c for c in enc.combatants if not enc.out_of_fight(c)]
    undeclared = [c.name for c in standing if not c.declared]
    unrolled = [c for c in standing if c.initiative_roll is None]
    if undeclared:
        lines.append(
            f"{title} · declare: {', '.join(undeclared)} "
            f"{'has' if len(undeclared) == 1 else 'have'} no action yet"
        )
    elif unrolled:
        if initiative_rule(enc.options).each:
            who = ", ".join(c.name for c in unrolled)
        else:
            who = ", ".join(dict.fromkeys(c.side for c in unrolled))
        lines.append(f"{title} · initiative: type the d10 for {who} (lower acts first)")
    else:
        order = core.turn_order(enc)
        steps = [f"{group[0].initiative}: " + " + ".join(c.name for c in group) for group in order]
        lines.append(f"{title} · resolution, lower first: " + " → ".join(steps))
    for charger in enc.combatants:
        if charger.declared == "charge":
            setters = [c.name for c in _foes(enc, charger) if c.declared == "set"]
            text = f"{charger.name} charges: its opponents −2 initiative"
            if setters:
                text += f"; {', '.join(setters)} set against it (double damage on a hit)"
            lines.append(text)
    for fleer in enc.combatants:
        owed = list(dict.fromkeys(fleer.free_attacks))
        if owed:
            names = ", ".join(enc.combatant(i).name for i in owed)
            lines.append(f"Free attack due now at {fleer.name}'s back: {names}")
    for side in enc.sides:
        due = morale_due(enc, side)
        if due:
            members = _monsters_of(enc, side)
            fallen = sum(1 for c in members if enc.out_of_fight(c))
            lines.append(
                f"{side}: {fallen} of {len(members)} down — check morale (2d10 at "
                f"most ML): {', '.join(c.name for c in due)}"
            )
    return tuple(lines)


def _due(encounter: core.Encounter) -> tuple[DueAction, ...]:
    """A free attack owed at a fleeing back (each foe's, at once), and a morale check per
    side that owes one, rolled by the first of its monsters still owing it (the same count
    the status line gives): what the notice bar offers."""
    enc = _enc(encounter)
    found = list(
        free_attacks.due(
            enc,
            lambda fleer, foe: (
                f"Free attack: {foe.name} at {fleer.name}'s back",
                Action("free", 0, target=fleer.id, variant="any"),
            ),
        )
    )
    for side in enc.sides:
        due = morale_due(enc, side)
        if due:
            found.append(DueAction(f"Check morale: {side}", due[0].id, MORALE))
    return tuple(found)


def _monsters_of(encounter: AdndEncounter, side: str) -> list[AdndCombatant]:
    return [c for c in encounter.combatants if c.side == side and isinstance(c.sheet, MonsterSheet)]


def side_morale_trigger(encounter: AdndEncounter, side: str) -> int:
    """The side's latest morale trigger (:func:`~m3desk.systems.adnd2e.combat.morale_trigger`
    on its monsters out of the fight)."""
    members = _monsters_of(encounter, side)
    return combat.morale_trigger(sum(1 for c in members if encounter.out_of_fight(c)), len(members))


def morale_due(encounter: AdndEncounter, side: str) -> list[AdndCombatant]:
    """The side's monsters still standing that owe a morale check: the side has reached a
    trigger they have not checked at yet (one that checked and held is not asked again)."""
    trigger = side_morale_trigger(encounter, side)
    return [
        c
        for c in _monsters_of(encounter, side)
        if not encounter.out_of_fight(c) and c.morale_checked < trigger
    ]
