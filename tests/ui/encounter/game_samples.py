"""A small fight of any installed game from its sample sheets (a player character against a
monster), for the tests that loop over every game."""

from __future__ import annotations

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet


def pool_column(game: str) -> str:
    """The tracker column of the game's first pool: the one ``EncounterRules.pool`` reads
    (hit points, PHP in Monsters & Magic, Resolve…)."""
    rules = registry.get(game).encounter
    assert rules is not None
    return next(column.id for column in rules.columns if column.kind == "pool")


def at_points(encounter: core.Encounter, combatant_id: str, points: int) -> core.Encounter:
    """The encounter with the combatant's pool (``EncounterRules.pool``) at ``points``, as the
    GM types it into the tracker's pool cell (the seam's ``edit``): no game's field named."""
    game = registry.system_of(encounter).id
    rules = registry.get(game).encounter
    assert rules is not None and rules.edit is not None
    after, _text = rules.edit(encounter, combatant_id, pool_column(game), str(points))
    pool = rules.pool(after.combatant(combatant_id))
    assert pool is not None and pool[0] == points, f"{game}'s pool edit did not set {points}"
    return after


def sample_fight(game: str, *members: tuple[str, str, int | None]) -> core.Encounter:
    """The game's first sample character or monster (``kind``) on ``side``, at ``points``
    (None: as the sample has it), in the order given."""
    rules = registry.get(game).encounter
    assert rules is not None
    sheets = [load_sheet(path).model for path in sorted(sample_files(game))]
    encounter = rules.encounter_type(name="Sample fight")
    for kind, side, points in members:
        sheet = next(s for s in sheets if getattr(s, "kind", "") == kind)
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
        if points is not None:
            encounter = at_points(encounter, encounter.combatants[-1].id, points)
    return encounter
