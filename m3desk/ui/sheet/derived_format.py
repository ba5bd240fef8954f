"""How a derived value reads on the sheet: bonuses signed (+7, −1), amounts plain (19)."""

from __future__ import annotations

from m3desk.core.derived import Derived
from m3desk.core.numbers import signed

__all__ = ["derived_text", "is_bonus"]

_BONUS_KEYS = ("ac.rolled", "mov", "initiative", "initiative.casting")
_BONUS_PREFIXES = ("mod.", "check.")


def is_bonus(key: str, bonuses: tuple[str, ...] = ()) -> bool:
    """Monsters & Magic's bonuses, or the keys a game's sheet form names as bonuses."""
    if key in _BONUS_KEYS or key.startswith(_BONUS_PREFIXES):
        return True
    return any(key == b or (b.endswith(".") and key.startswith(b)) for b in bonuses)


def derived_text(derived: Derived, bonuses: tuple[str, ...] = ()) -> str:
    value = derived.value
    if is_bonus(derived.key, bonuses):
        return signed(value)
    return str(value).replace("-", "−")
