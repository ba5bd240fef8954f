"""Every row of AD&D's tables read against the rules digest (the authority after the seeds):
PHB Table 1's STR hit and damage, Table 2's DEX adjustments, Table 53's THAC0 by group and
level, DMG Table 39's monster THAC0, Table 60's saving throws and Table 47's encumbrance
steps, as tools/digest_tables.py reads /work/shared/rules/adnd2e.md into
tests/fixtures/adnd2e_digest_tables.json. Each row is tried at every score or level it
covers; a changed row in m3desk/systems/adnd2e/tables.py fails here."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from m3desk.systems.adnd2e import tables
from m3desk.systems.adnd2e.tables import Group, Save

DIGEST: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "adnd2e_digest_tables.json").read_text(
        encoding="utf-8"
    )
)


def _scores(label: str) -> list[tuple[int, int]]:
    """The (score, exceptional percentage) a row covers: "4–5", "18/01–50", "18/00", "21–23"."""
    if label == "18/00":
        return [(18, 100)]
    if match := re.fullmatch(r"18/(\d+)–(\d+)", label):
        return [(18, int(match[1])), (18, int(match[2]))]
    low, _, high = label.partition("–")
    return [(score, 0) for score in range(int(low), int(high or low) + 1)]


def _levels(label: str, last: int = 25) -> list[int]:
    """The levels a row of Table 60 covers: "1–3", "0", "17+" (up to ``last``)."""
    if label.endswith("+"):
        return list(range(int(label[:-1]), last + 1))
    low, _, high = label.partition("–")
    return list(range(int(low), int(high or low) + 1))


def test_strength_every_row() -> None:
    assert len(DIGEST["strength"]) == 15
    for row in DIGEST["strength"]:
        for score, exceptional in _scores(row["str"]):
            assert tables.str_adjustments(score, exceptional) == (row["hit"], row["damage"]), row


def test_dexterity_every_column() -> None:
    assert len(DIGEST["dexterity"]) == 11
    for row in DIGEST["dexterity"]:
        for score, _none in _scores(row["dex"]):
            assert tables.dex_adjustments(score) == (row["reaction"], row["defensive"]), row


@pytest.mark.parametrize("group", list(Group), ids=str)
def test_thac0_every_level(group: Group) -> None:
    values = DIGEST["thac0"][group.value]
    assert len(values) == 20
    for level, thac0 in enumerate(values, start=1):
        assert tables.group_thac0(group, level) == thac0, (group, level)


def test_monster_thac0_every_row() -> None:
    """ "½ or less", "1−1", "1, 1+", each Hit Dice, "16+"; +3 or more hit points count a die
    higher (the digest's troll: 6+6 fights as 7)."""
    probes = {
        "½ or less": [(0, 0)],
        "1−1": [(1, -1)],
        "1, 1+": [(1, 0), (1, 1), (1, 2)],
        "16+": [(16, 0), (17, 0), (20, 2)],
    }
    assert len(DIGEST["monster_thac0"]) == 18
    for row in DIGEST["monster_thac0"]:
        for dice, plus in probes.get(row["hd"]) or [(int(row["hd"]), 0), (int(row["hd"]), 2)]:
            assert tables.monster_thac0(dice, plus) == row["thac0"], (row, dice, plus)
    assert tables.monster_thac0(6, 6) == tables.monster_thac0(7) == 13


@pytest.mark.parametrize("group", list(Group), ids=str)
def test_saving_throws_every_level(group: Group) -> None:
    rows = DIGEST["saves"][group.value]
    covered = []
    for row in rows:
        for level in _levels(row["levels"]):
            assert tables.group_saves(group, level) == dict(zip(Save, row["saves"], strict=True)), (
                group,
                level,
            )
            covered.append(level)
    assert covered == list(range(covered[0], 26)), group


def test_encumbrance_every_row_and_step() -> None:
    """Each STR row's starts of light, moderate, heavy and severe, and its maximum: one pound
    less is the category before, one more than the maximum is over it."""
    assert len(DIGEST["encumbrance"]) == 15
    for row in DIGEST["encumbrance"]:
        for score, exceptional in _scores(row["str"]):
            for category, start in enumerate(row["starts"], start=1):
                assert tables.encumbrance_category(score, exceptional, start) == category, row
                assert tables.encumbrance_category(score, exceptional, start - 1) == category - 1
            most = row["maximum"]
            assert tables.encumbrance_category(score, exceptional, most) == 4, row
            assert tables.encumbrance_category(score, exceptional, most + 1) == 5, row
