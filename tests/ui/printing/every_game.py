"""What every game's printed sheets and encounter sheets must say, for the window's and the
command line's tests: the names, the game's own labels and the numbers its rules derive."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.storage.encounter_files import save_encounter
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.games import parts_of

GAMES = sorted(registry.ids())
SAMPLES = [(game, path) for game in GAMES for path in sample_files(game)]
LOG_LINE = "The lantern gutters: the fight begins"


def words(text: str) -> str:
    return " ".join(text.replace("\u2212", "-").split())


def same_words(a: str, b: str) -> bool:
    """The same text, wherever a printer's resolution wrapped a line differently."""
    return sorted(words(a).split()) == sorted(words(b).split())


def derived_numbers(sheet: BaseModel) -> list[tuple[str, str]]:
    """(label, value) of every derived value the game's form shows, as the screen shows it."""
    system = registry.system_of(sheet)
    form = system.sheet_forms.get(str(getattr(sheet, "kind", "")))
    if form is None or parts_of(system).printed_pages is not None:
        return []  # a game that prints its own page ("AC 19 (+7)") has tests of its own
    derived = form.derive(sheet, None)
    keys = [
        key
        for section in form.sections
        for key in section.derived
        # a section of nothing but zeros (a fighter's thief skills) is left off the paper
        if section.fields or any(derived[k].value for k in section.derived if k in derived)
    ]
    keys += [spec.derived for section in form.sections for spec in section.fields if spec.derived]
    return [(derived[key].label, str(derived[key].value)) for key in keys if key in derived]


def assert_sheet_text(text: str, sheet: BaseModel) -> None:
    flat = words(text)
    assert str(getattr(sheet, "name", "")) in flat
    system = registry.system_of(sheet)
    assert system.name in flat
    for label, value in derived_numbers(sheet):
        # the label, then its value within a few words (a box reads "AC 5", a table row
        # "Save vs wands 15"): a number that does not match the game's is a failure
        pattern = re.escape(words(label)) + r"\W(?:\S+\s){0,3}?[-+]?" + re.escape(value.lstrip("-"))
        assert re.search(pattern, flat), f"{system.id} {sheet.name}: {label} {value}"


def encounter_file(folder: Path, game: str) -> tuple[Path, core.Encounter]:
    """Every sample of the game in one encounter with an order, a distance and a log line."""
    document = new_encounter_document(sample_files(game), name=f"Crypt of {game}")
    encounter = document.encounter
    document.deleteLater()
    ids = [c.id for c in encounter.combatants]
    encounter = core.set_initiative(encounter, {cid: 20 - n for n, cid in enumerate(ids)})
    encounter = core.set_position(encounter, ids[0], ids[1], encounter.default_position() // 2)
    encounter = core.add_log(encounter, LOG_LINE)
    path = folder / f"{game}.m3e"
    save_encounter(path, encounter)
    return path, encounter


def assert_encounter_text(text: str, encounter: core.Encounter) -> None:
    flat = words(text)
    system = registry.system_of(encounter)
    assert encounter.name in flat and system.name in flat
    for combatant in encounter.combatants:
        assert combatant.name in flat, combatant.name
    a, b = encounter.combatants[:2]
    assert words(system.positions.label(core.position_between(encounter, a.id, b.id))) in flat
    assert LOG_LINE in flat
    assert system.encounter is not None
    if parts_of(system).printed_pages is not None:  # its own page: its own words for them
        assert all(title in flat for title in ("INITIATIVE ORDER", "RANGES", "COMBATANTS"))
        return
    numbers = [column for column in system.encounter.columns if column.kind != "check"]
    for column in numbers:  # the key numbers; a tick of this round is pencilled in
        assert words(column.title) in flat, column.title
    first = encounter.combatants[0]
    for column in numbers:
        cell = words(system.encounter.cell(encounter, first, column.id).text)
        assert cell in flat, (column.title, cell)
