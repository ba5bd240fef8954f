"""Reading Foundry VTT OSE monster actors into m3desk sheets."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.foundry import monster_from_foundry


def _actor(**system: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "hp": {"hd": "4d8", "value": 18, "max": 18},
        "ac": {"value": 6},
        "aac": {"value": 13},
        "thac0": {"value": 16},
        "saves": {
            "death": {"value": 12},
            "wand": {"value": 13},
            "paralysis": {"value": 14},
            "breath": {"value": 15},
            "spell": {"value": 16},
        },
        "movement": {"base": 120},
        "details": {
            "alignment": "Neutral",
            "xp": "75",
            "morale": "7",
            "specialAbilities": "1",
            "appearing": {"d": "1d4", "w": "1d4"},
            "movement": "120’ (40’)",
            "treasure": {"table": "", "type": "U"},
        },
    }
    base.update(system)
    return {
        "name": "Test Bear",
        "type": "monster",
        "system": base,
        "items": [
            {"type": "weapon", "name": "Claw", "system": {"damage": "1d3", "counter": {"max": 2}}},
            {"type": "weapon", "name": "Bite", "system": {"damage": "1d6", "counter": {"max": 1}}},
            {"type": "ability", "name": "Bear hug", "system": {"description": "<p>text</p>"}},
        ],
    }


def test_a_monster_reads_with_its_numbers_and_attack_routine() -> None:
    read = monster_from_foundry(_actor())
    sheet = read.sheet
    assert (sheet.name, sheet.armour_class, sheet.hit_dice, sheet.max_hit_points) == (
        "Test Bear",
        6,
        4,
        18,
    )
    assert [(a.name, a.count, str(a.damage)) for a in sheet.attacks] == [
        ("Claw", 2, "1d3"),
        ("Bite", 1, "1d6"),
    ]
    assert (sheet.morale, sheet.xp, sheet.alignment, sheet.treasure) == (7, 75, "Neutral", "U")
    assert sheet.hit_dice_asterisks == 1
    assert sheet.number_appearing == "1d4 (1d4)"
    # An ability is kept by its name in the notes (its description is never copied), and
    # the report says where it went.
    assert sheet.notes == "Special abilities: Bear hug"
    # HD 4 gives saves 10/11/12/13/14; the printed 12… are "as HD 1–3": kept as printed.
    assert derive(sheet)["save.D"].value == 12 and derive(sheet)["thac0"].value == 16
    assert read.problems == []
    assert read.kept == [
        "kept in the notes, as the sheet has no field for them: special abilities",
        "Special abilities: Bear hug",
    ]


def test_hit_dice_forms() -> None:
    assert monster_from_foundry(_actor(hp={"hd": "1d4", "max": 2})).sheet.hit_dice == 0
    plus = monster_from_foundry(_actor(hp={"hd": "4d8+1", "max": 19})).sheet
    assert (plus.hit_dice, plus.hit_dice_modifier) == (4, 1)
    minus = monster_from_foundry(_actor(hp={"hd": "1d8-1", "max": 3})).sheet
    assert (minus.hit_dice, minus.hit_dice_modifier) == (1, -1)
    one = monster_from_foundry(_actor(hp={"hd": "1d1", "max": 1}))
    assert one.printed["hd"].startswith("1hp")


def test_class_saves_read_as_save_as() -> None:
    cleric = {
        "death": {"value": 11},
        "wand": {"value": 12},
        "paralysis": {"value": 14},
        "breath": {"value": 16},
        "spell": {"value": 15},
    }
    sheet = monster_from_foundry(_actor(saves=cleric, hp={"hd": "1d8", "max": 4})).sheet
    assert sheet.saves_as == "C1" and sheet.saves == {}


def test_what_cannot_be_read_is_reported() -> None:
    read = monster_from_foundry(_actor(details={"morale": "Varies"}, hp={"hd": "lots"}))
    assert any("morale" in p for p in read.problems)
    assert any("Hit Dice" in p for p in read.problems)


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=30),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "system",
                        "hp",
                        "hd",
                        "max",
                        "ac",
                        "value",
                        "saves",
                        "death",
                        "details",
                        "morale",
                        "items",
                        "type",
                        "damage",
                        "counter",
                        "name",
                        "movement",
                        "base",
                        "xp",
                        "treasure",
                        "table",
                        "appearing",
                    ]
                ),
                inner,
                max_size=5,
            )
        ),
        max_leaves=30,
    )
)
def test_any_json_reads_without_raising(actor: Any) -> None:
    read = monster_from_foundry(actor)
    derive(read.sheet)
