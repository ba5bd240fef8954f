"""Every installed game's character and monster sheets have what the UI reads of any sheet
(:class:`~m3desk.ui.documents.sheet_document.GameSheet`: name, kind, notes), so the views
that read them through :func:`game_sheet` never meet a sheet without them."""

from __future__ import annotations

import pytest

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.sheet_document import GameSheet, game_sheet

GAMES = [system.id for system in registry.systems()]


@pytest.mark.parametrize("game", GAMES)
def test_each_games_samples_are_game_sheets(game: str) -> None:
    samples = sample_files(game)
    assert samples, f"{game} has no sample sheets"
    kinds = set()
    for path in samples:
        sheet = load_sheet(path).model
        assert isinstance(sheet, GameSheet), path
        read = game_sheet(sheet)
        assert isinstance(read.name, str) and read.name
        assert isinstance(read.notes, str)
        spec = next(spec for spec in registry.get(game).documents if spec.model is type(sheet))
        assert read.kind == spec.kind
        kinds.add(read.kind)
    assert kinds == {"character", "monster"}


@pytest.mark.parametrize("game", GAMES)
def test_each_games_sheet_models_declare_name_kind_and_notes(game: str) -> None:
    """The models themselves, not only the samples: a blank sheet of each kind."""
    for spec in registry.get(game).documents:
        if spec.kind in ("character", "monster"):
            for field in ("name", "kind", "notes"):
                assert field in spec.model.model_fields, (spec.model.__name__, field)


def test_another_model_is_refused_by_name() -> None:
    encounter_type = registry.get(GAMES[0]).encounter
    assert encounter_type is not None
    with pytest.raises(TypeError, match="is not a character or monster sheet"):
        game_sheet(encounter_type.encounter_type())
