"""How a derived value reads on the sheet: bonuses signed (+7, −1), amounts plain (19)."""

from __future__ import annotations

from m3desk.core.derived import Derived
from m3desk.core.numbers import signed

__all__ = ["derived_text", "is_bonus"]


def is_bonus(key: str, bonuses: tuple[str, ...] = ()) -> bool:
    """Whether ``key`` is one of the bonuses a game's sheet form names (``bonus_keys``: a
    key, or a prefix ending in "."): the one rule the editor and the printed sheet follow."""
    return any(key == b or (b.endswith(".") and key.startswith(b)) for b in bonuses)


def derived_text(derived: Derived, bonuses: tuple[str, ...] = ()) -> str:
    value = derived.value
    if is_bonus(derived.key, bonuses):
        return signed(value)
    return str(value).replace("-", "−")
