"""What a printed Monsters & Magic sheet says, checked on the generic page's blocks without
painting: numbers come from derive(), through the game's form and its PrintSpec."""

from __future__ import annotations

from m3desk.core import registry
from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.derive import derive
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.printing.content import Table
from m3desk.ui.printing.flow_blocks import TableBlock, TextBlock
from m3desk.ui.printing.form_blocks import ScoreBoxes
from m3desk.ui.printing.form_print import _sheet_blocks
from m3desk.ui.printing.formatting import amount, bands_text
from m3desk.ui.printing.sheet_blocks import CombatBlock


def _blocks(sheet, rules=None) -> list:
    system = registry.system_of(sheet)
    form = system.sheet_forms[sheet.kind]
    return _sheet_blocks(sheet, form, system, form.derive(sheet, rules), rules)


def _table(blocks, title: str) -> Table:
    return next(b.table for b in blocks if isinstance(b, TableBlock) and b.table.title == title)


def _column(table: Table, title: str) -> list[str]:
    index = [c.title for c in table.columns].index(title)
    return [row[index].text for row in table.rows]


def _combat(blocks) -> CombatBlock:
    return next(b for b in blocks if isinstance(b, CombatBlock))


def _scores(blocks) -> ScoreBoxes:
    return next(b for b in blocks if isinstance(b, ScoreBoxes))


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
    assert (
        bands_text((RangeBand.HAND, RangeBand.SHORT, RangeBand.MEDIUM, RangeBand.LONG))
        == "Hand, Short–Long"
    )


def test_paper_writes_every_set_of_bands_as_the_screen_and_the_editor_do() -> None:
    """One writing of range bands (issue 31: "Hand–Close" on screen was "Hand, Close" on
    paper): every set of attack bands reads the same on the printed sheet, in the sheet's
    own words and in a generic form field of kind "bands"."""
    from itertools import combinations

    from m3desk.core.sheet_form import FieldSpec, display_value
    from m3desk.systems.monsters_and_magic.band_text import ATTACK_BANDS, bands_label

    spec = FieldSpec(
        "ranges",
        "Range",
        "bands",
        choices=tuple(b.label for b in ATTACK_BANDS),
        values=ATTACK_BANDS,
    )
    for size in range(1, len(ATTACK_BANDS) + 1):
        for bands in combinations(ATTACK_BANDS, size):
            assert bands_text(bands) == bands_label(bands) == display_value(spec, bands), bands


def test_gramfive_prints_what_derive_computes(samples) -> None:
    sheet = samples["gramfive"]
    blocks = _blocks(sheet)
    derived = derive(sheet)
    combat = _combat(blocks)
    ac = next(s for s in combat.stats if s.label == "AC")
    assert ac.main.text == "19 (+7)"
    assert derived["ac"].value == 19 and derived["ac.rolled"].value == 7
    movement = next(s for s in combat.stats if s.label == "Movement")
    assert movement.note == "medium armour cap"  # what limits it, from derive's terms
    assert next(s for s in combat.stats if s.label == "Mental armour").main.text == "+0"
    scores = {score.label: score for score in _scores(blocks).scores}
    strength = scores["STR"]
    assert (strength.value.text, strength.note.text) == ("17", "+3")
    assert strength.marked is not None and strength.marked.text == "+6"
    assert all(score.marked is None for label, score in scores.items() if label != "STR")
    assert [(p.label, p.current, p.maximum) for p in combat.pools] == [
        ("PHP", 25, 25),
        ("MHP", 11, 11),
    ]
    assert combat.tally == 1
    items = _table(blocks, "Equipment")
    assert _column(items, "Damage")[:4] == ["1d8+1", "", "", "1d4"]
    assert _column(items, "Max damage")[:4] == ["10", "", "", "5"]
    assert _column(items, "Armour")[1:3] == ["+4, medium", "+1"]
    assert _column(items, "Equipped")[:4] == ["\u2713", "\u2713", "\u2713", ""]
    assert _column(items, "Name")[0].endswith("signature, +1")
    traits = _table(blocks, "Traits")
    assert "Weapons Training" in _column(traits, "Name")
    assert "armour" in _column(traits, "Qualities")[0]  # counts toward AC
    assert not any(isinstance(b, TableBlock) and b.table.title == "Spells" for b in blocks)


def test_effects_table_leaves_rows_for_pencil(samples) -> None:
    conditions = _table(_blocks(samples["gramfive"]), "Effects and consequences")
    assert conditions.rows == ()
    assert conditions.blank_rows >= 2


def test_conditions_print_kind_tier_value_and_duration(long_sheet) -> None:
    conditions = _table(_blocks(long_sheet), "Effects and consequences")
    first = [cell.text for cell in conditions.rows[0]]
    assert first[:4] == ["Shaken", "consequence", "minor", "\u22122"]
    assert "3 rounds" in first


def test_gm_overrides_are_marked(samples) -> None:
    sheet = samples["gramfive"].model_copy(
        update={"overrides": {"ac": 21, "max_damage.item.0": 12}}
    )
    blocks = _blocks(sheet)
    ac = next(s for s in _combat(blocks).stats if s.label == "AC")
    assert ac.main.text == "21 (+7)" and ac.main.gm
    items = _table(blocks, "Equipment")
    index = [c.title for c in items.columns].index("Max damage")
    assert items.rows[0][index].text == "12" and items.rows[0][index].gm
    assert not items.rows[3][index].gm


def test_spells_with_max_damage(samples) -> None:
    spells = _table(_blocks(samples["xiola"]), "Spells")
    assert _column(spells, "Name") == ["Shield", "Magic Missile"]
    assert _column(spells, "Max damage") == ["", "6"]
    assert _column(spells, "Duration")[0] == "5"


def test_monster_attacks_and_description(samples) -> None:
    blocks = _blocks(samples["first-one-mummy"])
    combat = _combat(blocks)
    ac = next(s for s in combat.stats if s.label == "AC")
    assert ac.main.text == "17 (+7)"
    attacks = _table(blocks, "Attacks and monster actions")
    assert _column(attacks, "Bonus") == ["+20", "+0"]
    assert _column(attacks, "Max damage") == ["18", "15"]
    assert _column(attacks, "Resisted by") == ["AC", "CON"]
    assert "action" in _column(attacks, "Qualities")[1]
    assert any(isinstance(b, TextBlock) and b.title == "Description" for b in blocks)
    assert combat.tally is None


def test_house_rules_change_the_printed_numbers(samples) -> None:
    """A table whose maximum damage leaves out the level prints 9, as the screen shows."""
    from m3desk.systems.monsters_and_magic.table_rules import TableRules

    blocks = _blocks(samples["gramfive"], TableRules(damage_cap_adds_level=False))
    assert _column(_table(blocks, "Equipment"), "Max damage")[:4] == ["9", "", "", "4"]
