"""An expedition prints its referee's log and the party's light and supplies, for every
game that has exploration (asked through ``GameSystem.exploration``): read back from the
PDF's text with pdftotext."""

from __future__ import annotations

from pathlib import Path

import pytest

from m3desk.core import registry
from m3desk.core.expedition import add_line
from m3desk.ui.printing.export import export_pdf
from m3desk.ui.printing.jobs import NotPrintableError, check_printable
from tests.storage.test_expedition_files import under_way
from tests.ui.printing.conftest import pdftotext

EXPLORING = [game.id for game in registry.systems() if game.exploration is not None]


@pytest.mark.parametrize("game", EXPLORING)
def test_the_log_and_the_supplies_are_on_paper(qapp: object, game: str, tmp_path: Path) -> None:
    rules = registry.get(game).exploration
    assert rules is not None
    expedition = under_way(game)
    for _ in range(60):  # a long session: the log runs over pages
        expedition = rules.advance(expedition)
    expedition = add_line(expedition, "Turn 99", "<b>not bold</b> & kept as typed")
    target = tmp_path / "deep.pdf"
    pages = export_pdf([expedition], target)
    assert pages >= 2
    text = pdftotext(target)
    flat = " ".join(text.split())
    assert expedition.name in text and rules.clock_words(expedition) in flat
    assert "REFEREE'S LOG" in text.upper()
    for line in expedition.log:
        assert " ".join(line.text.split()) in flat, line.text
    for due in rules.due(expedition):
        assert " ".join(due.text.split()) in flat, due.text
    headings, rows = rules.provisions(expedition)
    assert headings and rows
    for heading in headings:
        assert heading in flat
    for row in rows:
        assert row[0] in flat
    assert rules.movement(expedition) in flat


def test_a_game_without_exploration_has_none_to_print(monkeypatch: pytest.MonkeyPatch) -> None:
    game = next(g for g in registry.systems() if g.exploration is not None)
    expedition = under_way(game.id)
    assert check_printable(expedition) is game
    bare = game._replace(exploration=None)
    monkeypatch.setattr(registry, "system_of", lambda _document: bare)
    with pytest.raises(NotPrintableError, match="no exploration to print"):
        check_printable(expedition)
