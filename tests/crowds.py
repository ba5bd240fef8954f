"""A crowd of a game's sample sheets as one encounter: the fights of 12 and 200 the window,
printing and old-file tests open (alternate sides, the samples taken round in order)."""

from __future__ import annotations

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.encounter import Encounter
from m3desk.storage.sheet_files import load_sheet


def sample_crowd(game: str, count: int, name: str = "Crowd") -> Encounter:
    """An encounter of ``count`` of ``game``'s samples, Party and Monsters in turn."""
    system = registry.get(game)
    assert system.encounter is not None
    spec = next(d for d in system.documents if d.kind == "encounter")
    encounter = spec.model(name=name)
    sheets = [load_sheet(path).model for path in sample_files(game)]
    for number in range(count):
        side = "Party" if number % 2 == 0 else "Monsters"
        combatant = system.encounter.make_combatant(sheets[number % len(sheets)], side)
        encounter = core.join(encounter, combatant)
    return encounter
