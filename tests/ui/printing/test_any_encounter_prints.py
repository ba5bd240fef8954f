"""Whatever a valid encounter holds, its GM sheet prints inside its pages."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QPageLayout, QPageSize

from m3desk.systems.monsters_and_magic.encounter import (
    Encounter,
    add_combatant,
    set_range,
    update_combatant,
)
from m3desk.systems.monsters_and_magic.ranges import EncounterConditions, RangeBand
from m3desk.systems.monsters_and_magic.sheet import CharacterSheet, MonsterAttack, MonsterSheet
from m3desk.ui.games.monsters_and_magic.printing.encounter_content import encounter_content
from m3desk.ui.games.monsters_and_magic.printing.encounter_layout import layout_encounter
from m3desk.ui.printing.export import documents_pdf_bytes
from m3desk.ui.printing.pages import FOOTER_H
from tests.ui.printing.canvas_probe import assert_clean, page_canvas, paint_page

LETTERS = st.characters(blacklist_categories=("Cs", "Cc", "Co", "Cn"))
NAMES = st.text(LETTERS, min_size=1, max_size=70).filter(str.strip)
SIDES = st.sampled_from(["Party", "Monsters", "Bandits of the Long Road, hired men"])

monsters = st.builds(
    MonsterSheet,
    name=NAMES,
    level=st.integers(1, 30),
    armour_class=st.integers(0, 99),
    attacks=st.lists(
        st.builds(
            MonsterAttack,
            name=NAMES,
            bonus=st.integers(-50, 100),
            damage=st.sampled_from([None, "1d8", "3d12+20"]),
        ),
        max_size=6,
    ).map(tuple),
)
characters = st.builds(CharacterSheet, name=NAMES, level=st.integers(1, 30))


@st.composite
def encounters(draw: st.DrawFn) -> Encounter:
    encounter = Encounter(
        name=draw(NAMES.filter(lambda n: len(n) <= 120)),
        conditions=draw(st.sampled_from(list(EncounterConditions))),
        phase=draw(st.sampled_from(["setup", "surprise", "rounds"])),
        surprise_side=draw(st.sampled_from([None, "Party"])),
    )
    for sheet in draw(st.lists(st.one_of(monsters, characters), max_size=14)):
        encounter = add_combatant(encounter, sheet, draw(SIDES))
    ids = [c.id for c in encounter.combatants]
    for combatant_id in ids:
        encounter = update_combatant(
            encounter,
            combatant_id,
            initiative=draw(st.none() | st.integers(-99, 199)),
            delayed=draw(st.booleans()),
            notes=draw(NAMES),
        )
    if len(ids) > 1:
        for _ in range(draw(st.integers(0, 6))):
            a, b = draw(st.sampled_from(ids)), draw(st.sampled_from(ids))
            if a != b:
                encounter = set_range(encounter, a, b, draw(st.sampled_from(list(RangeBand))))
    if ids and encounter.phase != "setup":
        encounter = encounter.model_copy(update={"turn": draw(st.sampled_from(ids))})
    return encounter


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    encounter=encounters(),
    orientation=st.sampled_from(
        [QPageLayout.Orientation.Landscape, QPageLayout.Orientation.Portrait]
    ),
)
def test_any_encounter_prints_within_its_pages(
    qapp, encounter: Encounter, orientation: QPageLayout.Orientation
) -> None:
    with page_canvas(QPageSize.PageSizeId.A4, orientation) as canvas:
        pages = layout_encounter(canvas, encounter_content(encounter))
        bottom = canvas.height - FOOTER_H
        for number, page in enumerate(pages, start=1):
            assert page
            for placed in page:
                assert placed.y + placed.height <= bottom + 0.01
            assert_clean(canvas, paint_page(canvas, page), f"page {number}")
    data, count = documents_pdf_bytes([encounter])
    assert data.startswith(b"%PDF-") and count >= 1
