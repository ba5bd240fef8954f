"""How a derived value reads on the sheet: bonuses signed (+7, −1), amounts plain (19)."""

from __future__ import annotations

from m3desk.core.derived import Derived
from m3desk.core.numbers import signed

__all__ = ["derived_text", "is_bonus"]

_BONUS_KEYS = ("ac.rolled", "mov", "initiative", "initiative.casting")
_BONUS_PREFIXES = ("mod.", "check.")


def is_bonus(key: str) -> bool:
    return key in _BONUS_KEYS or key.startswith(_BONUS_PREFIXES)


def derived_text(derived: Derived) -> str:
    value = derived.value
    if is_bonus(derived.key):
        return signed(value)
    return str(value).replace("-", "−")
