"""Declaring for several combatants at once: one pick for every selected row, and "Everyone
Attacks the Nearest Foe", each one undo step.

A game that declares before initiative (AD&D's declared action, OSE's spells, withdrawals
and retreats) asks for a pick per combatant per round. With several rows of the tracker
selected, the pick made in one of them goes to all of them (:func:`declare_rows`, through
the game's own ``edit`` of that cell, so each is checked and logged as a single pick is);
:func:`everyone_attacks` declares for every combatant standing what attacking its nearest
foe takes (the game's ``declare_attack``). Neither names a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from m3desk.core import registry
from m3desk.core.encounter import Encounter
from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["EVERYONE_ATTACKS", "declare_rows", "declares_attacks", "everyone_attacks"]

EVERYONE_ATTACKS = "Everyone Attacks the Nearest Foe"


def declare_rows(document: EncounterDocument, ids: Sequence[str], column: str, text: str) -> str:
    """Set ``column`` to ``text`` for every combatant of ``ids`` as one undo step; the
    sentence saying why it could not be done, else ""."""
    encounter = document.encounter
    rules = registry.system_of(encounter).encounter
    if rules is None or rules.edit is None or not ids:
        return "Nothing to declare here."
    after: Encounter = encounter
    try:
        for combatant_id in ids:
            after, _text = rules.edit(after, combatant_id, column, text)
    except ValueError as error:
        return str(error)
    shown = text if text not in ("", "—", "-") else "nothing"
    document.apply(after, f"{len(ids)} declare {shown}" if len(ids) > 1 else _text)
    return ""


def declares_attacks(encounter: Encounter) -> bool:
    rules = registry.system_of(encounter).encounter
    return rules is not None and rules.declare_attack is not None


def everyone_attacks(document: EncounterDocument) -> str:
    """Every combatant standing declares an attack on its nearest foe, as one undo step;
    why it could not be done, else ""."""
    encounter = document.encounter
    rules = registry.system_of(encounter).encounter
    if rules is None or rules.declare_attack is None:
        return "This game declares no attacks."
    after: Encounter = encounter
    declared = 0
    for combatant in encounter.combatants:
        if encounter.out_of_fight(combatant):
            continue
        try:
            after, _text = rules.declare_attack(after, combatant.id)
        except ValueError:
            continue  # nobody standing to attack: it declares nothing
        declared += 1
    if not declared:
        return "Nobody has a foe standing to attack."
    document.apply(after, EVERYONE_ATTACKS.lower().capitalize())
    return ""
