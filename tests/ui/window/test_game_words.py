"""Generic screens speak the game's words, never another game's: every game's tracker
commands and headers and its library headers are rendered and searched for the terms that
belong to the other games only (their initiative dice, their tracker columns, their words
for ancestry and calling). The tooltip said "Roll 3d6 + modifier" in every game, the library
said "Race" for Apparatus's ancestries, the copies note read Monsters & Magic's PHP and MHP."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.initiative import roll_words
from m3desk.core.system import GameSystem
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.encounter import prompts
from m3desk.ui.encounter.copies_dialog import with_copies
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.library.model import Column, LibraryModel
from m3desk.ui.library.sample_index import scan_samples
from m3desk.ui.main_window import MainWindow

GAMES = [system.id for system in registry.systems()]
_CONFIRM_WRITE_BACK = prompts.confirm_write_back
"""The real question (this folder's conftest replaces the encounter's prompts in each test)."""
_DICE = re.compile(r"\b\d*d\d+\b")


def _terms(system: GameSystem, *, identity: bool = False, dice: bool = True) -> set[str]:
    """The words a game's own screens use, as regular expressions: its initiative dice, the
    titles of its tracker's pools and tallies ("PHP", "Hero", and a tally's "hero points"
    in any case), and (``identity``) its words for ancestry and calling."""
    terms = (
        {re.escape(rolled) for rolled in _DICE.findall(system.initiative.roll_words())}
        if dice
        else set()
    )
    if system.encounter is not None:
        for column in system.encounter.columns:
            if column.kind == "pool" or column.number_range is not None:
                terms.add(re.escape(column.title))
            if column.number_range is not None:
                terms.add(f"(?i:{re.escape(column.title)} points)")
    if identity:
        terms |= {re.escape(word) for word in system.identity_words}
    return terms


def _foreign(system: GameSystem, *, identity: bool = False, dice: bool = True) -> set[str]:
    """Terms of the other games that this game does not use itself."""
    own = _terms(system, identity=identity, dice=dice)
    return {
        term
        for other in registry.systems()
        if other.id != system.id
        for term in _terms(other, identity=identity, dice=dice)
    } - own


def _offences(
    texts: list[str], system: GameSystem, *, identity: bool = False, dice: bool = True
) -> list[str]:
    found = []
    for text in texts:
        for term in _foreign(system, identity=identity, dice=dice):
            if re.search(rf"(?<![\w−-]){term}(?!\w)", text):
                found.append(f"{term!r} in {text!r}")
    return sorted(set(found))


def _rendered_encounter(widget: EncounterWidget) -> list[str]:
    """What the GM can read on the encounter tab: each visible command's words and tooltip,
    the tracker's headers and their tooltips."""
    texts = []
    for action in widget.encounter_actions.all():
        if action.isVisible():
            texts += [action.text().replace("&", ""), action.toolTip(), action.statusTip()]
    model = widget.tracker.tracker_model
    for section in range(model.columnCount()):
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            texts.append(str(model.headerData(section, Qt.Orientation.Horizontal, role) or ""))
    return [text for text in texts if text]


@pytest.mark.parametrize("game", GAMES)
def test_the_tracker_speaks_only_its_games_words(qtbot: Any, game: str) -> None:
    system = registry.get(game)
    sheets = [load_sheet(path).model for path in sample_files(game)][:2]
    widget = EncounterWidget(new_encounter_document(sheets, name="Words"))
    qtbot.addWidget(widget)
    texts = _rendered_encounter(widget)
    assert _offences(texts, system) == []
    tip = widget.encounter_actions.roll_initiative.toolTip()
    assert tip.startswith(roll_words(widget.document.encounter)), tip
    if system.initiative.die:  # a plain die: its size is said
        assert f"1d{system.initiative.die} " in tip, tip


@pytest.mark.parametrize("game", GAMES)
def test_the_library_headers_are_the_games_words(qtmodeltester: Any, game: str) -> None:
    system = registry.get(game)
    model = LibraryModel()
    model.set_entries(scan_samples(sample_files(game)))
    qtmodeltester.check(model)
    texts = [
        str(model.headerData(column, Qt.Orientation.Horizontal, role) or "")
        for column in Column
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    ]
    assert _offences(texts, system, identity=True) == []
    ancestry, calling = system.identity_words
    assert model.headerData(Column.RACE, Qt.Orientation.Horizontal) == ancestry
    assert model.headerData(Column.CLASS, Qt.Orientation.Horizontal) == calling
    assert calling.lower() in str(
        model.headerData(Column.CLASS, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    )


def test_a_library_of_games_whose_words_differ_uses_the_seams() -> None:
    """All games at once: a column holding races and callings is named by neither game."""
    words = {registry.get(game).identity_words for game in GAMES}
    model = LibraryModel()
    model.set_entries([entry for game in GAMES for entry in scan_samples(sample_files(game))])
    shown = (
        model.headerData(Column.RACE, Qt.Orientation.Horizontal),
        model.headerData(Column.CLASS, Qt.Orientation.Horizontal),
    )
    assert shown == (("Ancestry", "Calling") if len(words) > 1 else words.pop())


@pytest.mark.parametrize("game", GAMES)
def test_the_copies_note_reads_the_games_pool(game: str) -> None:
    """Copies of a sheet without Hit Dice keep its hit points, as the game's pool reads them."""
    from m3desk.core.dice import Roller

    system = registry.get(game)
    rules = system.encounter
    assert rules is not None
    monster = next(load_sheet(p).model for p in sample_files(game) if p.suffix == ".m3m")
    document = new_encounter_document([monster], name="Copies")
    after, _undo = with_copies(document.encounter, monster, 2, "Foes", "average", Roller())
    said = after.log[-1].text
    # its pool's words; dice there are the monster's Hit Dice (AD&D's 1d8 is Skirmish's
    # initiative die, and neither is the other's word)
    assert _offences([said], system, dice=False) == [], said
    if rules.hit_dice(monster) is None:
        pool = rules.pool(rules.make_combatant(monster, "Foes"))
        assert pool is None or str(pool[1]) in said, said


def test_the_window_and_the_command_line_name_no_game(window: MainWindow) -> None:
    """New Character and ``m3desk --help`` serve every game: no game's name or terms."""
    from m3desk.ui.app import _parser

    texts = [
        window.menu_actions.new_character.statusTip(),
        window.menu_actions.new_character.toolTip(),
        _parser().format_help(),
    ]
    for system in registry.systems():
        for text in texts:
            assert system.name not in text, text
            assert not any(re.search(rf"(?<!\w){term}(?!\w)", text) for term in _terms(system)), (
                text
            )


def test_a_table_rule_that_changes_the_roll_changes_the_tooltip(qtbot: Any) -> None:
    """OSE's individual initiative: each rolls 1d6 + DEX, and the tooltip says so once the
    rule is on (and one die a side before)."""
    from m3desk.systems.ose.options import OseOptions

    sheets = [load_sheet(path).model for path in sample_files("ose")][:2]
    sided = EncounterWidget(new_encounter_document(sheets, name="Sides"))
    each = EncounterWidget(
        new_encounter_document(sheets, name="Each", rules=OseOptions(individual_initiative=True))
    )
    qtbot.addWidget(sided)
    qtbot.addWidget(each)
    assert "1d6 for each side" in sided.encounter_actions.roll_initiative.toolTip()
    assert "1d6 + DEX modifier for everyone" in each.encounter_actions.roll_initiative.toolTip()


def _written_back_words(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str
) -> list[str]:
    """Write Back's confirmation as the GM reads it (its title, question and the list of
    changes) after a character of the GM's own files was hurt; answered by no button, so
    nothing is written."""
    from PySide6.QtWidgets import QMessageBox

    from m3desk.ui import dialogs
    from tests.ui.encounter.game_samples import at_points

    files = []
    for path in sample_files(game):
        files.append(tmp_path / path.name)
        shutil.copyfile(path, files[-1])
    document = new_encounter_document(files, name="Words")
    widget = EncounterWidget(document)
    qtbot.addWidget(widget)
    character = next(c for c in document.encounter.combatants if c.sheet.kind == "character")
    document.apply(at_points(document.encounter, character.id, 1), "Hurt")
    shown: list[QMessageBox] = []
    real = dialogs.message_box

    def asked(*args: Any, **kwargs: Any) -> QMessageBox:
        box = real(*args, **kwargs)
        box.exec = lambda: 0  # type: ignore[method-assign]  # no one answers: nothing written
        shown.append(box)
        return box

    monkeypatch.setattr(dialogs, "message_box", asked)
    monkeypatch.setattr(prompts, "confirm_write_back", _CONFIRM_WRITE_BACK)
    before = {path: path.read_bytes() for path in files}
    widget.encounter_actions.write_back.trigger()
    assert len(shown) == 1, "Write Back asked nothing"
    assert {path: path.read_bytes() for path in files} == before
    box = shown[0]
    return [box.windowTitle(), box.text(), box.informativeText()]


@pytest.mark.parametrize("game", GAMES)
def test_write_back_asks_in_the_games_words(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str
) -> None:
    """The confirmation said "Only current PHP, MHP, hero points and effects and consequences
    change" in every game: what it names now is the game's own change, in its pool's words."""
    system = registry.get(game)
    if system.write_back is None:
        pytest.skip(f"{system.name} writes nothing back")
    texts = _written_back_words(qtbot, monkeypatch, tmp_path, game)
    assert _offences(texts, system, dice=False) == [], texts
    changes = texts[2].split("\n\n")[-1]
    assert "→" in changes, changes  # the hurt character's change is listed


@pytest.mark.parametrize("game", GAMES)
def test_the_more_button_names_what_its_menu_shows(qtbot: Any, game: str) -> None:
    """The encounter toolbar's More button said "Adjust MHP, remove an effect, …" in every
    game; its tooltip is now the menu's visible entries."""
    from PySide6.QtWidgets import QToolButton

    from m3desk.ui.encounter.encounter_toolbar import menu_words

    system = registry.get(game)
    sheets = [load_sheet(path).model for path in sample_files(game)][:2]
    widget = EncounterWidget(new_encounter_document(sheets, name="More"))
    qtbot.addWidget(widget)
    button = widget.findChild(QToolButton, "encounter_more_button")
    assert button is not None and button.menu() is not None
    tip = button.toolTip()
    assert tip == menu_words(button.menu().actions())
    hidden = [a.text().replace("&", "") for a in button.menu().actions() if not a.isVisible()]
    assert not any(word.rstrip("…") in tip for word in hidden if word), (tip, hidden)
    assert _offences([tip], system) == [], tip
    assert "Write Back to Sheets" in tip and "Export" in tip, tip


@pytest.mark.parametrize("game", GAMES)
def test_the_library_search_names_the_games_columns(qtbot: Any, game: str) -> None:
    """The search box said "Search name, race, class…" over every game's files."""
    from m3desk.storage.paths import AppPaths
    from m3desk.ui.library.panel import LibraryPanel

    system = registry.get(game)
    panel = LibraryPanel(AppPaths.from_environment(), scanner=lambda: [])
    qtbot.addWidget(panel)
    panel.model.set_entries(scan_samples(sample_files(game)))
    shown = [panel.search.placeholderText(), panel.search.toolTip()]
    assert _offences(shown, system, identity=True) == [], shown
    ancestry, calling = system.identity_words
    assert all(f"{ancestry.lower()}, {calling.lower()}" in text for text in shown), shown


def test_export_names_the_games_that_export() -> None:
    """Export with no sheet to export named Old-School Essentials by hand; the games that
    write their sheets for another tool say it now."""
    from m3desk.ui.window.exchange_commands import _what_exports

    said = _what_exports()
    exporting = [s for s in registry.systems() if any(f.writes for f in s.exchange_formats)]
    for system in registry.systems():
        assert (system.name in said) == (system in exporting), said


def test_the_generic_tracker_commands_name_no_game(qtbot: Any) -> None:
    """The encounter's commands as the generic tab makes them, before a game's own commands
    give theirs words: "Adjust PHP", "Casting: INT instead of DEX" and "Effect or
    Consequence" were Monsters & Magic's, hidden but written in the generic module."""
    from PySide6.QtWidgets import QWidget

    from m3desk.ui.encounter.encounter_actions import EncounterActions

    host = QWidget()
    qtbot.addWidget(host)
    actions = EncounterActions(host, QWidget(host))
    texts = [
        text
        for action in actions.all()
        for text in (action.text(), action.toolTip(), action.iconText())
    ] + [actions.remove_condition_menu.title()]
    for system in registry.systems():
        terms = _terms(system) | {re.escape(system.name)}
        found = [t for t in texts for term in terms if re.search(rf"(?<!\w){term}(?!\w)", t)]
        assert found == [], (system.id, found)
