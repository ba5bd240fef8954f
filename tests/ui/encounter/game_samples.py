"""A small fight of any installed game from its sample sheets (a player character against a
monster), for the tests that loop over every game."""

from __future__ import annotations

from typing import Any

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet


def at_points(sheet: Any, points: int) -> Any:
    """The same sheet with its hit-point pool (PHP in Monsters & Magic) at ``points``."""
    php = getattr(sheet, "php", None)
    if php is not None:
        return sheet.model_copy(update={"php": php.model_copy(update={"current": points})})
    return sheet.model_copy(update={"hit_points": points})


def sample_fight(game: str, *members: tuple[str, str, int | None]) -> core.Encounter:
    """The game's first sample character or monster (``kind``) on ``side``, at ``points``
    (None: as the sample has it), in the order given."""
    rules = registry.get(game).encounter
    assert rules is not None
    sheets = [load_sheet(path).model for path in sorted(sample_files(game))]
    encounter = rules.encounter_type(name="Sample fight")
    for kind, side, points in members:
        sheet = next(s for s in sheets if getattr(s, "kind", "") == kind)
        if points is not None:
            sheet = at_points(sheet, points)
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    return encounter
