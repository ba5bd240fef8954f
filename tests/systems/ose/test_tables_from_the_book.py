"""Every row of OSE's class tables read against the book: the SRD's class pages, their
header and level progression tables, as tools/srd_tables.py reads them into
tests/fixtures/ose_srd_tables.json (numbers only). Each class at each of its levels: the
saving throws, THAC0, the hit die, Hit Dice after 9th, the XP the code keeps (levels 2–5),
the maximum level and the prime requisites; and the thief's seven skills at every level.
A row changed in m3desk/systems/ose/tables.py fails here, whatever the tracker does with it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from m3desk.systems.ose import tables
from m3desk.systems.ose.combat import needed
from m3desk.systems.ose.tables import OseClass, Save

BOOK: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "ose_srd_tables.json").read_text(
        encoding="utf-8"
    )
)
CLASSES = [OseClass(key) for key in BOOK["classes"]]


def test_the_book_has_every_class_and_level() -> None:
    assert set(CLASSES) == set(OseClass)
    for key, page in BOOK["classes"].items():
        assert [row["level"] for row in page["levels"]] == list(range(1, page["max_level"] + 1)), (
            key
        )
    assert [row["level"] for row in BOOK["thief_skills"]] == list(range(1, 15))


@pytest.mark.parametrize("cls", CLASSES, ids=str)
def test_every_level_s_saves_and_thac0(cls: OseClass) -> None:
    for row in BOOK["classes"][cls.value]["levels"]:
        level = row["level"]
        assert tables.class_saves(cls, level) == dict(zip(Save, row["saves"], strict=True)), (
            cls,
            level,
        )
        assert tables.class_thac0(cls, level) == row["thac0"], (cls, level)


@pytest.mark.parametrize("cls", CLASSES, ids=str)
def test_hit_dice_levels_and_prime_requisites(cls: OseClass) -> None:
    page = BOOK["classes"][cls.value]
    assert f"1d{tables.CLASS_HIT_DIE[cls]}" == page["hit_die"]
    assert tables.MAX_LEVEL[cls] == page["max_level"]
    assert tables.PRIME_REQUISITES[cls] == tuple(sorted(page["prime"].split(" and ")))
    die = tables.CLASS_HIT_DIE[cls]
    for row in page["levels"]:
        level = row["level"]
        # "9d6+2*": nine dice, then the class's fixed hit points for each level after 9th
        extra = (level - 9) * tables.HP_AFTER_NINTH[cls] if level > 9 else 0
        assert re.fullmatch(rf"{min(level, 9)}d{die}(\+{extra}\*)?", row["hd"]) and (
            (level > 9) == ("+" in row["hd"])
        ), (cls, level, row["hd"])


@pytest.mark.parametrize("cls", CLASSES, ids=str)
def test_the_experience_for_each_level_kept(cls: OseClass) -> None:
    """m3desk keeps the XP for levels 2 to 5 (the digest's); each is the book's."""
    book = [row["xp"] for row in BOOK["classes"][cls.value]["levels"]]
    kept = tables.XP_FOR_LEVEL[cls]
    assert book[0] == 0
    assert list(kept) == book[1 : 1 + len(kept)]
    assert len(kept) == 4


def test_every_level_of_the_thief_s_skills() -> None:
    for row in BOOK["thief_skills"]:
        expected = {key: row[key] for key, _name in tables.THIEF_SKILLS}
        assert tables.thief_skills(row["level"]) == expected, row["level"]
    assert [key for key, _name in tables.THIEF_SKILLS] == ["CS", "TR", "HN", "HS", "MS", "OL", "PP"]


MONSTERS: dict[str, Any] = BOOK["monsters"]


def _band(label: str) -> list[tuple[int, int]]:
    """The Hit Dice a row of the book's monster tables covers, as (dice, plus) to try:
    "1+ to 2" is 1+1, 2 (and 1+ only above the dice), "4–6" is 4, 5, 6, "7–7+" is 7 and 7+1,
    "21+ or more" is 21+1 up, "Up to 1" and "Less than 1" the dice below one."""
    label = label.replace("–", "-")
    if match := re.fullmatch(r"(\d+)\+ to (\d+)", label):
        low, high = int(match[1]), int(match[2])
        return [
            (low, 1),
            *((h, 0) for h in range(low + 1, high + 1)),
            *((h, 1) for h in range(low + 1, high)),
        ]
    if match := re.fullmatch(r"(\d+)\+? or more", label):
        low = int(match[1])
        return [(low, 1), (low + 1, 0), (low + 9, 0)] if "+" in label else [(low, 0), (30, 0)]
    if match := re.fullmatch(r"(\d+)-(\d+)(\+?)", label):
        low, high = int(match[1]), int(match[2])
        tried = [(h, 0) for h in range(low, high + 1)]
        return tried + [(h, 1) for h in range(low, high + 1)] if match[3] else tried
    if match := re.fullmatch(r"(\d+)(\+?)", label):
        return [(int(match[1]), 1 if match[2] else 0)]
    assert label in ("Up to 1", "Less than 1"), label
    return [(0, 0), (1, -1)] + ([(1, 0)] if label == "Up to 1" else [])


def test_the_attack_matrix_every_row_and_cell() -> None:
    """THAC0 by Hit Dice, and the roll to hit each AC from −3 to 9 (at least 2, at most 20)."""
    assert [row["hd"] for row in MONSTERS["attack_matrix"]][:2] == ["NH", "Up to 1"]
    for row in MONSTERS["attack_matrix"]:
        if row["hd"] == "NH":
            assert tables.monster_thac0(1, normal_human=True) == row["thac0"]
        else:
            for dice, plus in _band(row["hd"]):
                assert tables.monster_thac0(dice, plus) == row["thac0"], (row["hd"], dice, plus)
        assert [needed(row["thac0"], ac) for ac in range(-3, 10)] == row["to_hit"], row


def test_monster_saving_throws_every_row() -> None:
    for row in MONSTERS["saves"]:
        expected = dict(zip(Save, row["saves"], strict=True))
        if row["hd"] == "NH":
            assert tables.monster_saves(1, normal_human=True) == expected
            continue
        for dice, _plus in _band(row["hd"]):
            assert tables.monster_saves(dice) == expected, (row["hd"], dice)


def test_monster_xp_every_row() -> None:
    """Base XP and the bonus per special ability (asterisk), by Hit Dice."""
    from m3desk.systems.ose.experience import hit_dice_xp

    assert len(MONSTERS["xp"]) == 20
    for row in MONSTERS["xp"]:
        for dice, plus in _band(row["hd"]):
            assert [hit_dice_xp(dice, plus, stars) for stars in (0, 1, 2)] == [
                row["base"] + stars * row["bonus"] for stars in (0, 1, 2)
            ], (row, dice, plus)
