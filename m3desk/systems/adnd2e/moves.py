"""Moving an AD&D 2e combatant on the map: what its declared action allows this round
(seed 002: close ½, move and fire ½, charge 1½, withdraw ⅓, flee or move the full 10 × MV
feet; a no-move action a one-square adjustment), what the move is called in the log, and
what the rules see in it: a flight leaving a foe's reach owes that foe a free attack at the
back (all its attacks, outside initiative); a withdrawal may be followed unless an ally
engaging the foe blocks it; the GM may still place a token beyond the allowance, and the log
says so.

One function per rule, called by the map's ruler and drop, the board's rings and the action
dialog's moves (:mod:`m3desk.systems.adnd2e.dialog_moves`): :func:`allowance_left`,
:func:`blocker`, :func:`check_move`, :func:`make_move`.
"""

from __future__ import annotations

from m3desk.core import encounter as core
from m3desk.core import free_attacks
from m3desk.core.places import Place, between, ground_along
from m3desk.core.reach_memo import ByCombatant
from m3desk.core.system import MoveAllowance, MoveCheck, move_text, with_allowance_note
from m3desk.systems.adnd2e.encounter import (
    FEET,
    MELEE_FEET,
    AdndCombatant,
    AdndEncounter,
    _combatant,
    allowance,
    owed_attacks,
)
from m3desk.systems.adnd2e.movement import BY_ID

__all__ = ["VERBS", "allowance_left", "blocker", "check_move", "engaged_with", "make_move"]

VERBS = {
    "close": "closes",
    "charge": "charges",
    "withdraw": "withdraws",
    "flee": "flees",
    "missile": "moves",
    "move": "moves",
}
"""How the log names a move by the declared action ("Hal charges 150 ft")."""


def _allowance_left(encounter: core.Encounter, combatant_id: str) -> MoveAllowance:
    """What the declared action still allows this round: its share of 10 × MV feet less the
    feet already moved; a no-move action a one-square adjustment; nothing declared, the full
    move."""
    combatant = _combatant(encounter, combatant_id)
    declaration = BY_ID.get(combatant.declared)
    if declaration is None:
        feet = allowance(encounter, combatant, "move")
        return MoveAllowance(
            max(0, feet - combatant.moved), "moves", "full move", "nothing declared"
        )
    if not declaration.share:
        return MoveAllowance(
            max(0, FEET.step - combatant.moved),
            "steps",
            "one-square adjustment",
            f"{declaration.label.lower()}: a one-square adjustment",
        )
    feet = allowance(encounter, combatant, declaration.id)
    label = {"missile": "move and fire", "move": "full move"}.get(declaration.id, declaration.id)
    return MoveAllowance(max(0, feet - combatant.moved), VERBS[declaration.id], label)


allowance_left = ByCombatant(_allowance_left)
"""What the declared action still allows (once per encounter and combatant)."""
engaged_with = ByCombatant(
    lambda encounter, combatant_id: core.foes_within(encounter, combatant_id, MELEE_FEET)
)
"""Who the combatant is in melee with where it stands."""


def blocker(
    encounter: core.Encounter, withdrawer_id: str, foe_id: str, destination: Place | None = None
) -> AdndCombatant | None:
    """The ally who blocks the foe from following a withdrawal: one who engages the same foe
    (within 5'), stands its ground (declared neither a withdrawal, a flight nor a move), and
    — unless the table rule says any engaging ally blocks — stands between the foe and where
    the withdrawer goes (within 5' of the line between them)."""
    enc = encounter
    assert isinstance(enc, AdndEncounter)
    withdrawer = _combatant(enc, withdrawer_id)
    there = enc.places.get(foe_id)
    for ally in enc.combatants:
        if (
            ally.side != withdrawer.side
            or ally.id == withdrawer.id
            or ally.declared in ("withdraw", "flee", "move")
            or enc.out_of_fight(ally)
            or core.position_between(enc, ally.id, foe_id) > MELEE_FEET
        ):
            continue
        if enc.options.block_between and destination is not None and there is not None:
            spot = enc.places.get(ally.id)
            if spot is None or not between(there, destination, spot, MELEE_FEET):
                continue
        return ally
    return None


def check_move(encounter: core.Encounter, combatant_id: str, place: Place) -> MoveCheck:
    """What moving the combatant to ``place`` means by its declared action: the feet by the
    grid (a diagonal run 3 squares per 2), the allowance left, the verb, and the notes (over
    the allowance, a wall, each foe's reach left: a free attack when fleeing, blocked or
    followed when withdrawing)."""
    here = encounter.places.get(combatant_id)
    if here is None:
        return MoveCheck(0, 0)
    distance = FEET.measure(here, place)
    allowed = allowance_left(encounter, combatant_id)
    limit: int | None = allowed.amount
    notes: list[str] = []
    if encounter.phase == "setup":
        limit = None  # the GM arranges the sides: nobody is limited yet
    elif allowed.why and distance:
        notes.append(allowed.why)
    blocked = any(g.wall for g in ground_along(encounter.areas, here, place, FEET.step))
    if blocked:
        notes.append("through a wall")
    engaged = engaged_with(encounter, combatant_id)
    after = set(core.foes_within(encounter, combatant_id, MELEE_FEET, at=place))
    for foe_id in engaged:
        if foe_id in after:
            continue
        name = encounter.combatant(foe_id).name
        if allowed.label == "flee":
            notes.append(f"leaves {name}'s reach: free attack")
        elif allowed.label == "withdraw":
            ally = blocker(encounter, combatant_id, foe_id, place)
            notes.append(f"{ally.name} blocks {name}" if ally is not None else f"{name} may follow")
        else:
            notes.append(f"leaves {name}'s reach")
    check = MoveCheck(distance, distance, limit, allowed.verb, tuple(notes), blocked)
    return with_allowance_note(check, f"{limit} ft")


def make_move(
    encounter: core.Encounter, combatant_id: str, place: Place
) -> tuple[core.Encounter, str]:
    """Move the combatant to ``place``: the feet count against this round's movement, a
    flight out of a foe's reach owes that foe its free attacks (due at once), and the log
    says the move with what the rules saw in it (one undo step)."""
    enc = encounter
    assert isinstance(enc, AdndEncounter)
    check = check_move(enc, combatant_id, place)
    combatant = _combatant(enc, combatant_id)
    after: AdndEncounter = core.move_to(enc, combatant_id, place)
    owed: list[str] = []
    if combatant.declared == "flee":
        here = enc.places[combatant_id]
        engaged = core.foes_within(enc, combatant_id, MELEE_FEET)
        spots = [enc.places[i] for i in engaged]
        for index in free_attacks.reach_left(
            [FEET.measure(here, p) for p in spots],
            [FEET.measure(place, p) for p in spots],
            [MELEE_FEET] * len(engaged),
        ):
            owed += owed_attacks(enc, _combatant(enc, engaged[index]))
    moved = combatant.moved + (check.distance if enc.phase != "setup" else 0)
    after = core.update_combatant(after, combatant_id, moved=min(10_000, moved))
    after = free_attacks.owe(after, combatant_id, owed)
    text = move_text(combatant.name, check, FEET.unit)
    return core.add_log(after, text, actor=combatant_id), text
