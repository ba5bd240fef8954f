"""Random tables: exact chances, sub-table chains, typed dice, cycles and bad tables refused."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from pydantic import ValidationError

from m3desk.core.dice import Roller
from m3desk.core.tables import MAX_DEPTH, TableError, TableFile, TableSet, roll
from m3desk.core.treasure import roll_treasure


def _file(*tables: dict[str, Any], **extra: Any) -> TableFile:
    return TableFile.model_validate({"format": "m3desk.tables", "tables": list(tables), **extra})


def _set(*tables: dict[str, Any], **extra: Any) -> TableSet:
    return TableSet.build([(_file(*tables, **extra), "test", False)])


TERRAIN = {
    "name": "Terrain",
    "dice": "1d4",
    "rows": [
        {"range": [1, 2], "text": "Animal", "table": "Animals"},
        {"range": [3, 3], "text": "Treasure", "table": "Loot"},
        {"range": [4, 4], "text": "Quiet"},
    ],
}
ANIMALS = {
    "name": "Animals",
    "dice": "2d6",
    "rows": [
        {"range": [2, 6], "text": "Wolf", "monster": "Normal Wolf", "appearing": "2d6"},
        {"range": [7, 7], "text": "Bear", "appearing": "1"},
        {"range": [8, 12], "text": "Boar", "appearing": "1d4"},
    ],
}
LOOT = {
    "name": "Loot",
    "dice": "1d6",
    "rows": [
        {"range": [1, 5], "text": "Purse", "coins": [{"coin": "sp", "dice": "2d6", "times": 10}]},
        {"range": [6, 6], "text": "Gem", "value_gp": 50},
    ],
}


def test_chances_are_exact_and_sum_to_one() -> None:
    animals = _set(ANIMALS).get("animals")
    assert animals is not None
    chances = {row.text: chance for row, chance in animals.chances()}
    assert chances == {"Wolf": Fraction(15, 36), "Bear": Fraction(6, 36), "Boar": Fraction(15, 36)}
    assert sum(chances.values()) == 1
    # the same as counting every face of the two dice
    wolves = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b <= 6)
    assert chances["Wolf"] == Fraction(wolves, 36)


def test_a_roll_follows_the_sub_tables_and_says_each_step() -> None:
    tables = _set(TERRAIN, ANIMALS, LOOT)
    terrain = tables.get("Terrain")
    assert terrain is not None
    result = roll(terrain, Roller(7), typed=[1, 7])
    assert [(s.table, s.total, s.typed) for s in result.steps] == [
        ("Terrain", 1, True),
        ("Animals", 7, True),
    ]
    assert (result.text, result.appearing, result.monster) == ("Bear", 1, None)
    assert result.chain_text() == "Terrain (1d4: 1, typed) → Animals (2d6: 7, typed) → Bear × 1 (1)"
    wolves = roll(terrain, Roller(7), typed=[2, 3])
    assert wolves.monster == "Normal Wolf" and wolves.appearing is not None
    assert 2 <= wolves.appearing <= 12
    partly = roll(terrain, Roller(7), typed=[3])  # the sub-table is rolled
    assert partly.steps[0].typed and not partly.steps[1].typed
    assert partly.steps[1].table == "Loot"


def test_coins_and_values() -> None:
    loot = _set(LOOT).get("Loot")
    assert loot is not None
    purse = roll(loot, Roller(1), typed=[1])
    assert purse.coins[0].coin == "sp" and purse.coins[0].amount % 10 == 0
    assert purse.value_gp == Fraction(purse.coins[0].amount, 10)
    gem = roll(loot, Roller(1), typed=[6])
    assert gem.value_gp == 50 and gem.summary() == "Gem"


@pytest.mark.parametrize("typed", [0, 13, -1])
def test_a_typed_total_the_dice_cannot_show_is_refused(typed: int) -> None:
    animals = _set(ANIMALS).get("Animals")
    assert animals is not None
    with pytest.raises(TableError, match="2d6 rolls 2–12"):
        roll(animals, Roller(1), typed=[typed])


def test_rolls_follow_the_chances() -> None:
    animals = _set(ANIMALS).get("Animals")
    assert animals is not None
    roller = Roller(11)
    counts = {"Wolf": 0, "Bear": 0, "Boar": 0}
    for _ in range(3600):
        counts[roll(animals, roller).text] += 1
    assert 1350 <= counts["Wolf"] <= 1650 and 480 <= counts["Bear"] <= 720


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        ([{"range": [1, 3], "text": "a"}], "no row covers 4, 5, 6"),
        ([{"range": [1, 4], "text": "a"}, {"range": [4, 6], "text": "b"}], "4 is in two rows"),
        ([{"range": [1, 7], "text": "a"}], "lies outside what 1d6 rolls"),
        ([{"range": [4, 1], "text": "a"}], "runs backwards"),
        ([{"range": [1, 6], "text": ""}], "at least 1 character"),
        ([{"range": [1, 6], "text": "a", "appearing": "1d1000"}], "sides"),
        ([{"range": [1, 6], "text": "a", "colour": "red"}], "Extra inputs"),
    ],
)
def test_a_bad_table_is_refused_with_a_sentence(rows: list[dict[str, Any]], words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        _file({"name": "T", "dice": "1d6", "rows": rows})


def test_a_table_of_a_flat_number_is_refused() -> None:
    with pytest.raises(ValidationError, match="rolls no die"):
        _file({"name": "T", "dice": "3", "rows": [{"range": [3, 3], "text": "a"}]})


def test_a_cycle_is_refused_with_a_sentence_and_the_rest_kept() -> None:
    a = {
        "name": "A",
        "dice": "1d2",
        "rows": [{"range": [1, 1], "text": "b", "table": "B"}, {"range": [2, 2], "text": "end"}],
    }
    b = {
        "name": "B",
        "dice": "1d2",
        "rows": [{"range": [1, 1], "text": "a", "table": "a"}, {"range": [2, 2], "text": "end"}],
    }
    tables = _set(a, b, ANIMALS)
    assert tables.names() == ["Animals"]
    assert any(
        "come back to themselves (A → B → A)" in p or "come back to themselves (B → A → B)" in p
        for p in tables.problems
    )
    selfish = {
        "name": "Me",
        "dice": "1d2",
        "rows": [{"range": [1, 2], "text": "me", "table": "Me"}],
    }
    assert "come back to themselves (Me → Me)" in _set(selfish).problems[0]


def test_a_missing_sub_table_and_a_deep_chain_are_said() -> None:
    lost = {
        "name": "Lost",
        "dice": "1d2",
        "rows": [{"range": [1, 2], "text": "x", "table": "Nowhere"}],
    }
    assert "names “Nowhere”, which is not among the tables" in _set(lost).problems[0]
    chain = [
        {
            "name": f"T{i}",
            "dice": "1d2",
            "rows": [{"range": [1, 2], "text": "next", "table": f"T{i + 1}"}],
        }
        for i in range(MAX_DEPTH + 2)
    ]
    chain.append(
        {"name": f"T{MAX_DEPTH + 2}", "dice": "1d2", "rows": [{"range": [1, 2], "text": "end"}]}
    )
    deep = _set(*chain)
    assert deep.get("T0") is None and deep.get(f"T{MAX_DEPTH + 2}") is not None
    assert any(f"more than {MAX_DEPTH} deep" in p for p in deep.problems)


def test_the_games_tables_come_first_and_a_later_name_is_said() -> None:
    game = _file(ANIMALS)
    own = _file({**ANIMALS, "rows": [{"range": [2, 12], "text": "Mine"}]})
    tables = TableSet.build([(game, "Book", False), (own, "My tables", True)])
    assert tables.get("animals").rows[0].text == "Wolf"  # type: ignore[union-attr]
    assert "“Animals” of My tables is left out: Book has a table of that name" in tables.problems


def test_treasure_rolls_its_lines() -> None:
    kind = {
        "type": "Z",
        "kind": "hoard",
        "lines": [
            {
                "chance": 100,
                "parts": [{"kind": "coins", "coins": {"coin": "gp", "dice": "1d6", "times": 100}}],
            },
            {
                "chance": 100,
                "parts": [
                    {"kind": "gems", "count": "2", "table": "Loot"},
                    {
                        "kind": "jewellery",
                        "count": "1",
                        "each": {"coin": "gp", "dice": "3d6", "times": 100},
                    },
                ],
            },
        ],
    }
    tables = _set(LOOT, treasure_types=[kind])
    treasure = roll_treasure(tables, "z", Roller(4))
    assert treasure.coins[0].coin == "gp" and treasure.coins[0].amount % 100 == 0
    assert len(treasure.of_kind("gems")) == 2 and len(treasure.of_kind("jewellery")) == 1
    assert treasure.value_gp == (
        treasure.coins[0].amount + sum(i.value_gp or 0 for i in treasure.items)
    )
    assert treasure.lines()[-1].startswith("Worth ")
    with pytest.raises(TableError, match="no treasure type “Q”"):
        roll_treasure(tables, "Q", Roller(1))
