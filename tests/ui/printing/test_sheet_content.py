"""What a printed sheet says, checked without painting: numbers come from derive()."""

from __future__ import annotations

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.attributes import Attribute
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.games.monsters_and_magic.printing.sheet_content import (
    Table,
    TextSection,
    sheet_content,
)
from m3desk.ui.printing.formatting import amount, bands_text


def _table(content, title: str) -> Table:
    return next(s for s in content.sections if isinstance(s, Table) and s.title == title)


def _column(table: Table, title: str) -> list[str]:
    index = [c.title for c in table.columns].index(title)
    return [row[index].text for row in table.rows]


def test_signs_use_a_real_minus() -> None:
    assert signed(3) == "+3"
    assert signed(0) == "+0"
    assert signed(-1) == "\u22121"
    assert amount(-3) == "\u22123"
    assert amount(19) == "19"


def test_neighbouring_range_bands_read_as_a_span() -> None:
    assert bands_text((RangeBand.CLOSE,)) == "Close"
    assert bands_text((RangeBand.HAND, RangeBand.CLOSE)) == "Hand–Close"
    assert bands_text((RangeBand.CLOSE, RangeBand.REACH, RangeBand.SHORT)) == "Close–Short"
    assert bands_text((RangeBand.HAND, RangeBand.SHORT, RangeBand.MEDIUM, RangeBand.LONG)) \
        == "Hand, Short–Long"


def test_paper_writes_every_set_of_bands_as_the_screen_and_the_editor_do() -> None:
    """One writing of range bands (issue 31: "Hand–Close" on screen was "Hand, Close" on
    paper): every set of attack bands reads the same on the printed sheet, in the sheet's
    own words and in a generic form field of kind "bands"."""
    from itertools import combinations

    from m3desk.core.sheet_form import FieldSpec, display_value
    from m3desk.systems.monsters_and_magic.band_text import ATTACK_BANDS, bands_label

    spec = FieldSpec("ranges", "Range", "bands", choices=tuple(b.label for b in ATTACK_BANDS),
                     values=ATTACK_BANDS)
    for size in range(1, len(ATTACK_BANDS) + 1):
        for bands in combinations(ATTACK_BANDS, size):
            assert bands_text(bands) == bands_label(bands) == display_value(spec, bands), bands


def test_gramfive_prints_what_derive_computes(samples) -> None:
    sheet = samples["gramfive"]
    content = sheet_content(sheet)
    derived = derive(sheet)
    ac = next(s for s in content.stats if s.label == "AC")
    assert ac.main.text == "19 (+7)"
    assert derived["ac"].value == 19 and derived["ac.rolled"].value == 7
    strength = next(b for b in content.attributes if b.attribute is Attribute.STR)
    assert (strength.score, strength.modifier.text) == (17, "+3")
    assert strength.prime_check is not None and strength.prime_check.text == "+6"
    assert all(b.prime_check is None for b in content.attributes if b.attribute != Attribute.STR)
    assert [(p.label, p.current, p.maximum) for p in content.pools] == [
        ("PHP", 25, 25), ("MHP", 11, 11)]
    assert content.hero_points == 1
    items = _table(content, "Equipment")
    assert _column(items, "Damage")[:4] == ["1d8+1", "", "", "1d4"]
    assert _column(items, "Max dmg")[:4] == ["10", "", "", "5"]
    assert _column(items, "Armour")[1:3] == ["+4", "+1"]
    assert "signature, +1 to hit" in _column(items, "Item")[0]
    traits = _table(content, "Traits")
    assert "Weapons Training" in _column(traits, "Trait")
    assert "counts toward AC" in _column(traits, "Helps with")[0]
    assert not any(s.title == "Spells" for s in content.sections if isinstance(s, Table))


def test_effects_table_leaves_rows_for_pencil(samples) -> None:
    content = sheet_content(samples["gramfive"])
    conditions = _table(content, "Effects and consequences")
    assert conditions.rows == ()
    assert conditions.blank_rows >= 2


def test_conditions_print_kind_tier_value_and_duration(long_sheet) -> None:
    content = sheet_content(long_sheet)
    conditions = _table(content, "Effects and consequences")
    first = [cell.text for cell in conditions.rows[0]]
    assert first[:4] == ["Shaken", "consequence", "minor", "\u22122"]
    assert "3 rounds" in first
    assert conditions.blank_rows >= 2


def test_gm_overrides_are_marked(samples) -> None:
    sheet = samples["gramfive"].model_copy(update={"overrides": {"ac": 21,
                                                                 "max_damage.item.0": 12}})
    content = sheet_content(sheet)
    ac = next(s for s in content.stats if s.label == "AC")
    assert ac.main.text == "21 (+7)" and ac.main.gm
    items = _table(content, "Equipment")
    index = [c.title for c in items.columns].index("Max dmg")
    assert items.rows[0][index].text == "12" and items.rows[0][index].gm
    assert not items.rows[3][index].gm
    assert content.has_overrides
    assert not sheet_content(samples["gramfive"]).has_overrides


def test_spells_with_max_damage(samples) -> None:
    content = sheet_content(samples["xiola"])
    spells = _table(content, "Spells")
    assert _column(spells, "Spell") == ["Shield", "Magic Missile"]
    assert _column(spells, "Max dmg") == ["", "6"]
    assert _column(spells, "Duration")[0] == "5 rounds"


def test_monster_attacks_and_description(samples) -> None:
    content = sheet_content(samples["first-one-mummy"])
    ac = next(s for s in content.stats if s.label == "AC")
    assert ac.main.text == "17 (+7)"
    attacks = _table(content, "Attacks and monster actions")
    assert _column(attacks, "Bonus") == ["+20", "+0"]
    assert _column(attacks, "Max dmg") == ["18", "15"]
    assert _column(attacks, "Resisted by") == ["AC", "CON"]
    assert "(monster action)" in _column(attacks, "Attack")[1]
    assert any(isinstance(s, TextSection) and s.title == "Description" for s in content.sections)
    assert content.hero_points is None


def test_house_rules_change_the_printed_numbers(samples) -> None:
    """A table whose maximum damage leaves out the level prints 9, as the screen shows."""
    from m3desk.systems.monsters_and_magic.table_rules import TableRules

    content = sheet_content(samples["gramfive"], TableRules(damage_cap_adds_level=False))
    assert _column(_table(content, "Equipment"), "Max dmg")[:4] == ["9", "", "", "4"]
