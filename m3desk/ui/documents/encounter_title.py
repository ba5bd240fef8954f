"""What an encounter's tab says: what the fight holds and which game it is played in.

"Goblin ambush · OSE", not "Encounter 2 *": the GM's own name, or for a name left as the
window gave it ("Encounter", "Encounter 2") the foes it holds ("Goblin ×4, Orc"), then the
game in a few letters; the unsaved mark stays at the end as on every tab. Words only from
the names the GM and the sheets gave: plain text.
"""

from __future__ import annotations

import re
from collections import Counter

from m3desk.core import registry
from m3desk.core.encounter import Encounter

__all__ = ["encounter_tab_text", "short_game_name"]

_GIVEN_NAME = re.compile(r"Encounter( \d+)?")
"""The names the window gives a new encounter (window/new_encounter.py)."""
_NUMBERED = re.compile(r"^(.*\S) \d+$")
_EDITION = re.compile(r"^(\d+)(?:st|nd|rd|th) edition$", re.IGNORECASE)
_FOES_SHOWN = 2


def short_game_name(name: str) -> str:
    """A game's name in a few letters: the initials of a name of several capitalised words
    ("Old-School Essentials" → "OSE", "Monsters & Magic" → "M&M"), an acronym with its
    edition ("AD&D 2nd edition" → "AD&D 2e"), or a one-word name as it is."""
    words = name.split()
    if len(words) < 2:
        return name
    first, rest = words[0], " ".join(words[1:])
    if first.isupper():
        edition = _EDITION.match(rest)
        return f"{first} {edition.group(1)}e" if edition else first
    parts = [part for word in words for part in word.split("-")]
    if all(part[:1].isupper() or not part[:1].isalnum() for part in parts):
        return "".join(part if not part[:1].isalnum() else part[0] for part in parts)
    return name


def _foes(encounter: Encounter) -> str:
    """The foes of the first side ("Goblin ×4, Orc"): the sides after the first, by kind."""
    if not encounter.combatants:
        return ""
    first_side = encounter.combatants[0].side
    kinds: Counter[str] = Counter()
    for combatant in encounter.combatants:
        if combatant.side != first_side:
            match = _NUMBERED.match(combatant.name)
            kinds[match.group(1) if match else combatant.name] += 1
    shown = [
        f"{kind} ×{count}" if count > 1 else kind
        for kind, count in list(kinds.items())[:_FOES_SHOWN]
    ]
    more = "…" if len(kinds) > _FOES_SHOWN else ""
    return ", ".join(shown) + more


def encounter_tab_text(encounter: Encounter, modified: bool) -> str:
    name = encounter.name
    if _GIVEN_NAME.fullmatch(name):
        name = _foes(encounter) or name
    try:
        game = short_game_name(registry.system_of(encounter).name)
    except registry.UnknownSystemError:
        game = ""
    text = f"{name} · {game}" if game else name
    return text + (" *" if modified else "")
