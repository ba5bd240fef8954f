"""Names that are compared as well as shown (sides): what the eye sees is what counts.

A name from a file may carry characters that print as nothing: a zero-width space, a
joiner, a direction mark, a soft hyphen, a Hangul filler. "Party" followed by a zero-width
space is another side to the rules but reads "Party" on the screen, so the monsters could
pass for the party. :func:`visible_name` removes every such character, folds runs of spaces
into one and composes accents (NFC), so two names that look alike are the same name.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any

from pydantic import BeforeValidator, Field

__all__ = ["SideName", "visible_name"]

# Letters and symbols that print blank although their category is not a format character.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
_INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def _invisible(char: str) -> bool:
    if char in _BLANK_LETTERS:
        return True
    category = unicodedata.category(char)
    if category in _INVISIBLE_CATEGORIES:
        return True
    # Variation selectors (U+180B–U+180F, U+FE00–U+FE0F, U+E0100–U+E01EF) change nothing
    # visible on their own in a name.
    return category == "Mn" and unicodedata.name(char, "").startswith(
        ("VARIATION SELECTOR", "MONGOLIAN FREE VARIATION SELECTOR")
    )


def visible_name(text: str) -> str:
    """``text`` as it reads: invisible characters dropped, spaces folded, accents composed."""
    kept = "".join(
        " " if char.isspace() else char
        for char in unicodedata.normalize("NFC", text)
        if char.isspace() or not _invisible(char)
    )
    return " ".join(kept.split())


def _visible(value: Any) -> Any:
    return visible_name(value) if isinstance(value, str) else value


SideName = Annotated[str, BeforeValidator(_visible), Field(min_length=1, max_length=40)]
"""A side's name as stored, compared and shown: :func:`visible_name` of what was given."""
