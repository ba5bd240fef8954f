"""Whatever a valid sheet holds, it prints: no exception, every page inside its margins."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from m3desk.systems.monsters_and_magic.conditions import Condition, ConditionKind, Tier
from m3desk.systems.monsters_and_magic.sheet import (
    CharacterSheet,
    Item,
    MonsterAttack,
    MonsterSheet,
    Pool,
    Spell,
)
from m3desk.systems.monsters_and_magic.traits import Trait
from m3desk.ui.printing.export import pdf_bytes
from m3desk.ui.printing.form_print import form_sheet_job
from m3desk.ui.printing.pages import FOOTER_H
from tests.ui.printing.test_layout import pdf_canvas

LETTERS = st.characters(blacklist_categories=("Cs", "Cc", "Co", "Cn"))
NAMES = st.text(LETTERS, min_size=1, max_size=80).filter(str.strip)
SHORT = st.text(LETTERS, max_size=120)
NOTES = st.text(st.characters(blacklist_categories=("Cs", "Co", "Cn")), max_size=3000)

items = st.builds(
    Item,
    name=NAMES,
    kind=st.sampled_from(["weapon", "gear", "armour"]),
    damage=st.sampled_from([None, "1d4", "2d6-1", "1d12+3"]),
    notes=SHORT,
    armour_bonus=st.integers(0, 40),
    signature=st.booleans(),
)
traits = st.builds(Trait, name=NAMES, helps_with=st.text(LETTERS, max_size=400))
conditions = st.builds(
    lambda name, kind, tier, source: Condition.make(name, kind, tier, source=source),
    NAMES,
    st.sampled_from(list(ConditionKind)),
    st.sampled_from(list(Tier)),
    SHORT,
)
pools = st.integers(0, 9999).flatmap(
    lambda top: st.builds(Pool, current=st.integers(-top, top), maximum=st.just(top))
)

characters = st.builds(
    CharacterSheet,
    name=NAMES,
    level=st.integers(1, 30),
    race=SHORT,
    char_class=SHORT,
    alignment_focus=SHORT,
    php=pools,
    mhp=pools,
    hero_points=st.integers(0, 99),
    items=st.lists(items, max_size=30).map(tuple),
    traits=st.lists(traits, max_size=12).map(tuple),
    conditions=st.lists(conditions, max_size=12).map(tuple),
    spells=st.lists(st.builds(Spell, name=NAMES, notes=SHORT), max_size=8).map(tuple),
    notes=NOTES,
)
monsters = st.builds(
    MonsterSheet,
    name=NAMES,
    level=st.integers(1, 30),
    armour_class=st.integers(0, 99),
    attacks=st.lists(
        st.builds(
            MonsterAttack, name=NAMES, description=SHORT, damage=st.sampled_from([None, "1d8"])
        ),
        max_size=10,
    ).map(tuple),
    description=NOTES,
    notes=NOTES,
)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(sheet=st.one_of(characters, monsters))
def test_any_sheet_prints_within_its_pages(qapp, sheet) -> None:
    with pdf_canvas() as canvas:
        pages = form_sheet_job(sheet).layout(canvas)
        bottom = canvas.height - FOOTER_H
        for page in pages:
            assert page
            for placed in page:
                assert placed.y + placed.height <= bottom + 0.01
    data, count = pdf_bytes([sheet])
    assert count == len(pages)
    assert data.startswith(b"%PDF-")
