"""The names of a stat block's variants, in the block's own words.

A block that offers several variants ("Armour Class 6 [13], 4 [15], or 3 [16]"; "Hit Dice
8 / 12 / 16") becomes one monster per variant. The compendium names them by letter
("Brigand a", "Brigand b", "Brigand c"), which tells the GM nothing at the table; each is
named here by what sets it apart, as the block prints it: "Brigand (AC 6 [13])", "Dragon
(HD 8)". The bestiary's build calls this for every group of variants.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

__all__ = ["LETTERED", "aac_text", "variant_names"]

LETTERED = re.compile(r"^(?P<base>.*\S) (?P<letter>[a-z])$")
"""A variant named by a letter after the block's name ("Brigand a")."""
_LABELS = (("armour_class", "AC"), ("hit_dice", "HD"), ("movement", "MV"))
"""The fields that tell variants apart, in the order tried, with the block's label."""


def aac_text(armour_class: int) -> str:
    """AC as the book prints it, descending then ascending: 6 → "6 [13]"."""
    return f"{armour_class} [{19 - armour_class}]"


def _shown(field: str, value: object) -> str:
    if field == "armour_class" and isinstance(value, int):
        return aac_text(value)
    return str(value)


def variant_names(base: str, variants: Sequence[Mapping[str, object]]) -> list[str]:
    """Each variant's name: ``base`` and the first field whose value differs between them
    ("Brigand (AC 4 [15])"); the fields of several when one does not tell all apart. A
    single variant keeps the base name; variants nothing tells apart are numbered."""
    if len(variants) < 2:
        return [base] * len(variants)
    parts: list[list[str]] = [[] for _ in variants]
    for field, label in _LABELS:
        values = [variant.get(field) for variant in variants]
        if len(set(map(str, values))) < 2:
            continue
        for part, value in zip(parts, values, strict=True):
            part.append(f"{label} {_shown(field, value)}")
        if len({" ".join(part) for part in parts}) == len(variants):
            break
    names = [f"{base} ({', '.join(part)})" if part else base for part in parts]
    if len(set(names)) < len(names):
        names = [f"{name} {number}" for number, name in enumerate(names, start=1)]
    return names
