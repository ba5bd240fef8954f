"""The map rings the selected caster at each range of its spells still to cast, named after
them, as the map draws it (the text Qt renders, read back from an SVG of the real view).
Looped over every installed game whose character sheet keeps spells with a range."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtSvg import QSvgGenerator

from m3desk.assets import sample_files
from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.sheet_form import TableSpec, set_row_field
from m3desk.core.spell_range import spell_label
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.map import MapPanel


def _spell_table(game: str) -> TableSpec | None:
    form = registry.get(game).sheet_forms.get("character")
    tables = [s.table for s in form.sections if s.table is not None] if form else []
    return next(
        (t for t in tables if t.path == "spells" and any(c.path == "range" for c in t.columns)),
        None,
    )


SPELL_GAMES = [
    s.id
    for s in registry.systems()
    if s.positions.kind == "distance" and _spell_table(s.id) is not None
]


def test_the_games_with_spell_ranges() -> None:
    assert SPELL_GAMES, "no game of distances keeps spells with ranges: the rings go untested"


def _caster(game: str) -> Any:
    """The game's first sample with spells, its first three typed as reaching 240 ft (as
    the sheet's range column reads them)."""
    table = _spell_table(game)
    assert table is not None
    column = next(c for c in table.columns if c.path == "range")
    sheet = next(
        model
        for model in (load_sheet(p).model for p in sample_files(game))
        if getattr(model, "spells", ())
    )
    for row in range(min(3, len(sheet.spells))):
        sheet = set_row_field(sheet, table, row, column, "240")
    return sheet


def _drawn_text(panel: MapPanel) -> str:
    """Everything the map view paints, as SVG (its text elements hold the words drawn)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(panel.view.width(), panel.view.height()))
    panel.view.render(generator)
    buffer.close()
    return bytes(data.data()).decode("utf-8")


@pytest.mark.parametrize("game", SPELL_GAMES)
def test_the_selected_caster_is_ringed_at_its_spells_range(qtbot: Any, game: str) -> None:
    system = registry.get(game)
    assert system.encounter is not None
    caster = _caster(game)
    foe = next(load_sheet(p).model for p in sample_files(game) if p.suffix == ".m3m")
    encounter = next(d.model for d in system.documents if d.kind == "encounter")(name="Spells")
    encounter = core.join(encounter, system.encounter.make_combatant(caster, "Party"))
    encounter = core.join(encounter, system.encounter.make_combatant(foe, "Monsters"))
    caster_id, foe_id = (c.id for c in encounter.combatants)
    encounter = core.set_position(encounter, caster_id, foe_id, 150)
    document = EncounterDocument(encounter)
    document.select(caster_id)
    panel = MapPanel(document)
    qtbot.addWidget(panel)
    panel.resize(1000, 760)
    panel.show()
    qtbot.waitExposed(panel)
    panel.view.fit_all()  # both, 150 ft apart (a fit shows the caster's action)
    panel.view.zoom_by(0.5)  # as the wheel does: the whole 240 ft ring in view
    names = [s.name for s in caster.spells[:3]]
    label = spell_label(names)
    ring = next(
        r for r in system.encounter.rings(document.encounter, caster_id) if r.kind == "spell"
    )
    assert (ring.value, ring.label) == (240, label)
    unit = encounter.position_model.unit
    assert f"{label} 240 {unit}" in _drawn_text(panel).replace("&apos;", "'")
    # Once cast, the spells draw no ring.
    spent = caster.model_copy(
        update={"spells": tuple(s.model_copy(update={"cast": True}) for s in caster.spells)}
    )
    document.apply(core.replace_sheet(document.encounter, caster_id, spent), "Cast all")
    assert all(r.kind != "spell" for r in system.encounter.rings(document.encounter, caster_id))
    assert f"{label} 240 {unit}" not in _drawn_text(panel).replace("&apos;", "'")
