"""A block's variants are named by what sets them apart, not by a letter (issue 28)."""

from __future__ import annotations

import json

from m3desk.assets import resource_path
from m3desk.systems.ose.variant_names import LETTERED, variant_names


def test_variants_take_the_label_of_what_sets_them_apart() -> None:
    brigands = [
        {"armour_class": 6, "hit_dice": 1},
        {"armour_class": 4, "hit_dice": 1},
        {"armour_class": 3, "hit_dice": 1},
    ]
    assert variant_names("Brigand", brigands) == [
        "Brigand (AC 6 [13])",
        "Brigand (AC 4 [15])",
        "Brigand (AC 3 [16])",
    ]
    assert variant_names(
        "Dragon", [{"armour_class": 2, "hit_dice": 8}, {"armour_class": 2, "hit_dice": 12}]
    ) == ["Dragon (HD 8)", "Dragon (HD 12)"]
    assert variant_names("Orc", [{"armour_class": 6}]) == ["Orc"]
    assert variant_names("Twin", [{"armour_class": 6}, {"armour_class": 6}]) == ["Twin 1", "Twin 2"]


def test_no_bestiary_monster_is_named_by_a_letter() -> None:
    for path in sorted(resource_path("bestiary").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        names = [m["sheet"]["name"] for m in data.get("monsters", [])]
        assert [n for n in names if LETTERED.match(n)] == [], path.name
