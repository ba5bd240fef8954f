"""A pool below zero is written with the true minus wherever a game writes it (issue 31:
OSE's tracker wrote "-3/8" where AD&D's wrote "−3/8"; Monsters & Magic's pool edits and its
Write Back still wrote "PHP -3/25" after the trackers had one writer, ``core.numbers.pool_text``).

Every game, from the registry: the GM types −3 into the pool's cell (the seam's ``edit``),
and the tracker's cell, the log line, the undo step's words and Write Back's change all say
"−3", never "-3"."""

from __future__ import annotations

import pytest

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.numbers import MINUS
from m3desk.storage.sheet_files import load_sheet
from tests.ui.encounter.game_samples import pool_column

GAMES = [
    system.id
    for system in registry.systems()
    if system.encounter is not None and system.encounter.edit is not None
]


@pytest.mark.parametrize("game", GAMES)
def test_a_pool_below_zero_is_written_with_the_true_minus(game: str) -> None:
    system = registry.get(game)
    rules = system.encounter
    assert rules is not None and rules.edit is not None
    sheet = next(
        load_sheet(path).model
        for path in sorted(sample_files(game))
        if getattr(load_sheet(path).model, "kind", "") == "character"
    )
    encounter = core.join(rules.encounter_type(name="Minus"), rules.make_combatant(sheet, "Party"))
    combatant = encounter.combatants[0]
    column = pool_column(game)
    after, step = rules.edit(encounter, combatant.id, column, "-3")
    pool = rules.pool(after.combatant(combatant.id))
    if pool is None or pool[0] != -3:
        pytest.skip(f"{system.name}'s pool does not go below zero")
    texts = [rules.cell(after, after.combatant(combatant.id), column).text, step]
    texts += [entry.text for entry in after.log[len(encounter.log) :]]
    if system.write_back is not None:
        texts += system.write_back.describe(sheet, after.combatant(combatant.id).sheet)
    written = [text for text in texts if "3" in text]
    assert written, texts
    assert all("-3" not in text for text in written), written
    assert any(f"{MINUS}3" in text for text in written), written
