"""Pasted stat-block text cut into labelled fields, for any game's stat-block reader.

A game names its labels: short ones ("AC", "HD") that a one-line block runs together, and
long ones ("Armour Class", "HIT DICE:") that a book's table or labelled lines put at the
start of a line. The text is cut once, left to right, so the work grows with its length
and nothing it holds can make a reader raise or stall. Everything the cutting leaves out
(text before the first label, a label given twice, text past the length limit) is said in
plain words; a game's reader then says what it could not read in each field.

A block may offer variants ("HD 8 / 12 / 16", "HD 1 to 3"): :func:`hit_dice_variants` lists
them and :func:`variant_part` picks one variant's part of any other field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)

__all__ = [
    "MAX_STAT_BLOCK",
    "FieldText",
    "at_most",
    "heading_name",
    "hit_dice_variants",
    "pick_variant",
    "quoted",
    "read_fields",
    "validated",
    "variant_names",
    "variant_part",
]

MAX_STAT_BLOCK = 20_000
"""Characters read: a Monstrous Manual entry with its description is a few thousand."""
_MAX_VALUE = 400
"""Characters kept of one field's value (the rest is said, never read)."""
_MAX_VARIANTS = 20


@dataclass
class FieldText:
    values: dict[str, str] = field(default_factory=dict)
    """The text after each label up to the next label, by the game's key."""
    problems: list[str] = field(default_factory=list)
    title: str = ""
    """A short first line before the first label: the block's heading (a monster's name)."""


def heading_name(found: FieldText) -> str:
    """The name a block's heading line gives ("Goblin"; a book's "OGRE" as "Ogre"), or ""."""
    title = " ".join(found.title.split())[:80]
    return title.title() if title.isupper() else title


def quoted(text: str, limit: int = 60) -> str:
    """Text from the paste, on one line and shortened, between quotation marks."""
    flat = " ".join(text.split())
    return f"“{flat[:limit]}{'…' if len(flat) > limit else ''}”"


def _pattern(labels: Iterable[str], *, line_start: bool) -> str:
    spelled = sorted({label.lower() for label in labels}, key=len, reverse=True)
    words = "|".join(re.escape(label).replace(r"\ ", r"\s+") for label in spelled)
    if line_start:
        return rf"(?:^|(?<=\n))[ \t]*(?P<long>{words})[ \t]*:?"
    # After a number a short label is a unit ("1 hp", "(36hp)"), not a field.
    # A short label is followed by a space, a colon or the end ("Al-mi'raj" is a name).
    return rf"(?<![\w#/])(?<!\d[ \t])(?P<short>{words})(?=[ \t\n:]|$)[ \t]*:?"


_COMPILED: dict[tuple[frozenset[str], frozenset[str]], re.Pattern[str]] = {}


def read_fields(text: str, short: Mapping[str, str], long: Mapping[str, str]) -> FieldText:
    """Cut ``text`` at its labels. ``short`` labels count anywhere (as words), ``long`` ones
    only at the start of a line; both map a spelling (any case) to the game's key."""
    found = FieldText()
    if not isinstance(text, str):
        found.problems.append("the stat block is not text")
        return found
    if len(text) > MAX_STAT_BLOCK:
        found.problems.append(f"read only the first {MAX_STAT_BLOCK:,} characters of {len(text):,}")
        text = text[:MAX_STAT_BLOCK]
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("−", "-").replace("–", "-")
    key = (frozenset(short), frozenset(long))
    if key not in _COMPILED:
        _COMPILED[key] = re.compile(
            f"{_pattern(long, line_start=True)}|{_pattern(short, line_start=False)}", re.IGNORECASE
        )
    lookup = {label.lower(): name for label, name in (*short.items(), *long.items())}
    matches = list(_COMPILED[key].finditer(text))
    before = text[: matches[0].start()] if matches else text
    lead = before.strip(" \t\n,;.:")
    # A name above the stats has letters ("Goblin"; a lone "0" is no name).
    heading = (
        before.rstrip(" \t").endswith("\n")
        and "\n" not in lead
        and len(lead) <= 80
        and any(c.isalpha() for c in lead)
    )
    # A module's one line names the creature first: "Orc: AC 6; …", "Goblin (AC 6 [13], …".
    named = (
        not heading
        and "\n" not in lead
        and len(lead) <= 60
        and before.rstrip(" \t").endswith((":", "("))
        and not any(c.isdigit() for c in lead)
    )
    heading = heading or named
    if matches and lead and heading:
        found.title = lead.rstrip(" (")
    elif matches and lead:
        found.problems.append(f"took {quoted(lead)} before the first field as no field")
    again: dict[str, list[str]] = {}
    for index, match in enumerate(matches):
        label = " ".join((match.group("long") or match.group("short")).lower().split())
        name = lookup.get(label, label)
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        value = text[match.end() : end].strip(" \t\n,;.")
        if name in found.values and not found.values[name] and value:
            # "Att Att 1 × bite (1d4)": a label written twice in a row, the first with
            # nothing after it, is one label.
            written = " ".join((match.group("long") or match.group("short")).split())
            found.problems.append(
                f"“{written} {written}” is the label written twice: read "
                f"as one ({quoted(value, 30)})"
            )
            found.values[name] = value[:_MAX_VALUE]
            continue
        if name in found.values:
            again.setdefault(label, []).append(value)
            continue
        if len(value) > _MAX_VALUE:
            found.problems.append(f"read only the start of “{label}” {quoted(value, 30)}")
            value = value[:_MAX_VALUE]
        found.values[name] = value
    for label, values in again.items():
        times = "again" if len(values) == 1 else f"{len(values)} more times"
        found.problems.append(
            f"“{label}” is given {times} ({quoted(values[0], 30)}"
            f"{' …' if len(values) > 1 else ''}): kept the first"
        )
    return found


def at_most(problems: list[str], limit: int = 12) -> list[str]:
    """The first ``limit`` problems, and how many more there were."""
    if len(problems) <= limit:
        return problems
    return [*problems[:limit], f"{len(problems) - limit} more things could not be read"]


_RANGE = re.compile(r"\s*(\d{1,2})\s+to\s+(\d{1,2})\s*(.*)", re.DOTALL)
_LIST = re.compile(r"(?<!\s)\s++(?:/\s+|,\s*(?:or\s+)?|or\s+)|,\s*(?:or\s+)?")
"""" / ", ", " (with "or"), " or ": spaces are taken whole and only from where a run of them
starts (a split never ends inside one), so splitting stays linear in the text."""


def hit_dice_variants(text: str) -> list[str]:
    """Each variant's Hit Dice text: "8 / 12 / 16" → 8, 12, 16; "1 to 3" → 1, 2, 3; "8, 12
    or 16" → 8, 12, 16; one variant → the text itself. A parenthesis of hit points that
    lists as many values ("(36 / 54 / 72hp)") goes with each."""
    text = text[:_MAX_VALUE]
    head, _, paren = text.partition("(")
    paren = paren.split(")")[0]
    if match := _RANGE.fullmatch(head):
        low, high = int(match.group(1)), int(match.group(2))
        if low < high <= low + _MAX_VARIANTS:
            return [f"{n}{match.group(3)}" for n in range(low, high + 1)]
    parts = [part for part in _LIST.split(head.strip()) if part.strip()]
    if (
        len(parts) < 2
        or len(parts) > _MAX_VARIANTS
        or not all(re.match(r"\s*(\d|½)", part) for part in parts)
    ):
        return [text]
    points = [part for part in re.split(r"\s*/\s*", paren) if part.strip()]
    if len(points) == len(parts):
        return [
            f"{part} ({point.strip()}{'' if 'hp' in point.lower() else 'hp'})"
            for part, point in zip(parts, points, strict=True)
        ]
    return [f"{part} ({paren})" if paren else part for part in parts]


def _top_level_slashes(text: str) -> list[str]:
    """``text`` cut at each " / " outside parentheses and brackets."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif char == "/" and depth == 0 and text[index - 1 : index].isspace():
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return [part.strip() for part in parts]


def variant_part(value: str, count: int, index: int) -> str | None:
    """One variant's part of a field that lists one per variant: "2 [17] / 0 [19] / -2 [21]"
    or, inside parentheses, "1 × blow (1d8 / 2d8 / 3d8)". The value itself when it lists
    none; None when it lists another number of values."""
    if count <= 1:
        return value
    parts = _top_level_slashes(value)
    if len(parts) == count:
        return parts[index]
    if len(parts) > 1:
        return None
    groups = list(re.finditer(r"\(([^()]*)\)", value))
    split = [re.split(r"\s+/\s+", group.group(1)) for group in groups]
    if not any(len(pieces) > 1 for pieces in split):
        return value
    if any(len(pieces) not in (1, count) for pieces in split):
        return None
    out, position = [], 0
    for group, pieces in zip(groups, split, strict=True):
        out.append(value[position : group.start(1)])
        out.append(pieces[index] if len(pieces) == count else pieces[0])
        position = group.end(1)
    return "".join(out) + value[position:]


def variant_names(values: Mapping[str, str], key: str = "HD") -> tuple[str, ...]:
    """The variants a block's fields offer ("HD 8", "HD 12", "HD 16"); empty for one."""
    hd = values.get(key)
    found = hit_dice_variants(hd) if hd else []
    return tuple(f"HD {part}" for part in found) if len(found) > 1 else ()


def pick_variant(
    values: dict[str, str], variant: int, problems: list[str], key: str = "HD"
) -> dict[str, str]:
    """Each field's part for the chosen variant (the fields as they are when the block
    offers one); what does not list one value per variant is said."""
    hd = values.get(key)
    choices = hit_dice_variants(hd) if hd else []
    if len(choices) <= 1:
        return values
    index = variant if 0 <= variant < len(choices) else 0
    if index != variant:
        problems.append(f"there is no variant {variant + 1}: read the first")
    picked = dict(values)
    picked[key] = choices[index]
    for name, value in values.items():
        if name != key:
            part = variant_part(value, len(choices), index)
            if part is None:
                problems.append(
                    f"{name} {quoted(value)} does not list one value per variant: read as it is"
                )
            picked[name] = value if part is None else part
    return picked


def validated(
    model: type[M],
    values: dict[str, Any],
    problems: list[str],
    labels: Mapping[str, str] | None = None,
) -> M:
    """The sheet the read values make. A value the sheet cannot hold (an AC of 25) is left
    out and said, and the rest is kept; ``labels`` names the fields as the user knows them."""
    kept = dict(values)
    for _attempt in range(3):
        try:
            return model.model_validate(kept)
        except ValidationError as error:
            for detail in error.errors():
                key = str(detail["loc"][0]) if detail["loc"] else ""
                if key in kept and key != "name":
                    shown = (labels or {}).get(key, key.replace("_", " "))
                    value = kept.pop(key)
                    if not isinstance(value, tuple | list | dict):
                        shown = f"{shown} {value}"
                    problems.append(f"left out the {shown}: {detail['msg'].lower()}")
    return model.model_validate({"name": values.get("name", "Monster")})
