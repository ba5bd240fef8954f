"""Write Back after a GM's first fight, fought with the app's samples (issue 28): the command
was disabled while the Experience dialog said Write Back puts the results into the sheet files.
Every game that writes back now offers to save the fight's sample characters as the GM's own
sheets (with what the fight changed), and writes back to those files from then on."""

from __future__ import annotations

from typing import Any

import pytest

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.paths import AppPaths
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.encounter.game_samples import at_points

GAMES = [system.id for system in registry.systems()]


@pytest.mark.parametrize("game", GAMES)
def test_samples_are_offered_as_the_gms_own_sheets_and_written_back(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    # As the library hands samples to New Encounter: sheets, from no file of the GM's.
    sheets = [load_sheet(path).model for path in sample_files(game)]
    document = new_encounter_document(sheets, name="First fight")
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    action = widget.encounter_actions.write_back
    if registry.get(game).write_back is None:
        assert not action.isEnabled()
        return
    characters = [c for c in document.encounter.combatants if c.sheet.kind == "character"]
    assert characters and not any(c.source_path for c in characters)
    assert action.isEnabled(), action.toolTip()
    asked: list[list[str]] = []
    monkeypatch.setattr(
        prompts, "ask_keep_samples", lambda _parent, names, _folder: asked.append(names) or True
    )
    steps = document.undo_stack.count()
    action.trigger()
    assert asked == [[c.name for c in characters]]
    assert document.undo_stack.count() == steps + 1
    folder = AppPaths.from_environment().library_dir("characters")
    for character in characters:
        kept = document.encounter.combatant(character.id)
        assert kept.source_path is not None
        assert kept.source_path.startswith(str(folder))
        assert load_sheet(kept.source_path).model == kept.sheet
    # The next write-back goes into those files, as for any sheet of the GM's.
    first = characters[0]
    document.apply(at_points(document.encounter, first.id, 1), "Hurt")
    hurt = document.encounter.combatant(first.id).sheet
    confirmed: list[int] = []
    monkeypatch.setattr(
        prompts,
        "confirm_write_back",
        lambda _parent, _summary, count: confirmed.append(count) or True,
    )
    action.trigger()
    assert confirmed == [1]
    path = document.encounter.combatant(first.id).source_path
    assert path is not None and load_sheet(path).model == hurt
