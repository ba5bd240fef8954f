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
