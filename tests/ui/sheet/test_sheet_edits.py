"""Qt-free helpers of the sheet package: row diffs, error wording, durations, edited copies."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from m3desk.core.sheet_form import (
    FieldSpec,
    FormError,
    add_row,
    remove_rows,
    set_override,
    set_path,
    set_row_field,
)
from m3desk.systems.monsters_and_magic import (
    CharacterSheet,
    DiceError,
    DiceExpr,
    Duration,
    DurationKind,
    Item,
)
from m3desk.systems.monsters_and_magic.duration_text import duration_text, parse_duration
from m3desk.systems.monsters_and_magic.sheet_form import CHARACTER_FORM, trait_bonus_text
from m3desk.ui.sheet.row_diff import RowChangeKind, row_change


@given(st.lists(st.integers(0, 5), max_size=8), st.data())
def test_a_single_insertion_or_removal_is_recognised(rows: list[int], data: st.DataObject) -> None:
    position = data.draw(st.integers(0, len(rows)))
    inserted = [*rows[:position], 9, 9, *rows[position:]]
    change = row_change(rows, inserted)
    assert change.kind is RowChangeKind.INSERTED
    assert inserted[: change.first] + inserted[change.last + 1 :] == rows
    back = row_change(inserted, rows)
    assert back.kind is RowChangeKind.REMOVED
    assert inserted[: back.first] + inserted[back.last + 1 :] == rows


def test_scattered_changes_reset_and_same_length_is_a_data_change() -> None:
    assert row_change([1, 2, 3], [4, 2]).kind is RowChangeKind.RESET
    assert row_change([1, 2], [3, 4]).kind is RowChangeKind.SAME_COUNT


def _table(path: str):
    return next(s.table for s in CHARACTER_FORM.sections if s.table and s.table.path == path)


def test_error_text_speaks_the_players_language() -> None:
    sheet = CharacterSheet(name="A")
    strength = next(s.abilities for s in CHARACTER_FORM.sections if s.abilities).rows[0]
    with pytest.raises(FormError, match=r"^STR must be at most 30$"):
        set_path(sheet, strength, 31)
    with pytest.raises(FormError, match=r"^Name cannot be empty$"):
        set_path(sheet, FieldSpec("name", "Name"), "")
    items = _table("items")
    sheet = add_row(sheet, items)
    with pytest.raises(FormError) as dice:
        set_row_field(sheet, items, 0, items.columns[2], "1d")
    assert str(dice.value) == "'1d' is not a damage die; write it like 1d8+1, d12 or 2d6-1"
    with pytest.raises(DiceError):
        DiceExpr.parse("1d1")


def test_overrides_follow_rows_that_move() -> None:
    items = _table("items")
    sheet = CharacterSheet(name="A", items=(Item(name="a"), Item(name="b", damage="1d6")))
    sheet = set_override(sheet, "max_damage.item.1", 9)
    inserted = add_row(sheet, items, Item(name="z"), at=0)
    assert inserted.overrides == {"max_damage.item.2": 9}
    assert remove_rows(inserted, items, [2]).overrides == {}
    assert remove_rows(inserted, items, [0]).overrides == {"max_damage.item.1": 9}
    assert set_override(sheet, "max_damage.item.1", None).overrides == {}


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("3 rounds", DurationKind.ROUNDS),
        ("1", DurationKind.ROUNDS),
        ("scene", DurationKind.SCENE),
        ("until removed", DurationKind.UNTIL_REMOVED),
        ("contest 10", DurationKind.CONTEST),
    ],
)
def test_durations_round_trip(text: str, kind: DurationKind) -> None:
    duration = parse_duration(text)
    assert duration.kind is kind
    assert parse_duration(duration_text(duration)) == duration


def test_contest_progress_survives_retyping_the_same_target() -> None:
    current = Duration(kind=DurationKind.CONTEST, contest_target=10, contest_progress=4)
    assert parse_duration("contest 10", current).contest_progress == 4
    assert parse_duration("contest 12", current).contest_progress == 0
    with pytest.raises(ValueError, match="not a duration"):
        parse_duration("a while", current)


def test_trait_bonus_text() -> None:
    assert trait_bonus_text(1, 2) == "Trait bonus with 2 traits: +2 (level 1, capped at 2)"
    assert trait_bonus_text(1, 3) == "Trait bonus with 3 traits: +2 (level 1, capped at 2)"
    assert trait_bonus_text(3, 1) == "Trait bonus with 1 trait: +3 (level 3, capped at 6)"
    assert trait_bonus_text(3, 0).startswith("Select the traits")
