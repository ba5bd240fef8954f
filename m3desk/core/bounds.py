"""Field types with the bounds every game's files share (checked at load, kept while editing).

A file is shared between players, so every list, text and number it holds has a limit that
a real campaign never reaches and a hostile file cannot pass: past it the file is refused
with pydantic's sentence naming the field, and the editors refuse to grow past it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

__all__ = ["MAX_NOTES", "MAX_OVERRIDE", "Id", "OverrideKey", "OverrideValue", "SaveTarget"]

MAX_NOTES = 20_000
"""Characters of free text on a sheet (notes, a description): about eight printed pages."""
MAX_OVERRIDE = 100_000
"""The largest value a referee may type over a derived one (hit points, experience, …)."""

Id = Annotated[str, Field(min_length=1, max_length=40)]
"""A combatant's id, as other fields name it."""
OverrideKey = Annotated[str, Field(min_length=1, max_length=40)]
OverrideValue = Annotated[int, Field(ge=-MAX_OVERRIDE, le=MAX_OVERRIDE)]
SaveTarget = Annotated[int, Field(ge=0, le=30)]
"""A saving throw's target number as printed (2–20 in the books; room for house rules)."""
