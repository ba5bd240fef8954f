"""A derived value of a sheet: its number, the terms it was added up from, the GM's override.

Every game system's ``derive`` returns these by stable key, so the sheet can explain any value
("AC 19 = DEX 13 + scale mail 4 + …") and show, visibly, where the GM set it instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.core.numbers import signed
from m3desk.core.terms import Term, explain

__all__ = ["Derived"]


@dataclass(frozen=True, slots=True)
class Derived:
    """A computed value, how it was computed, and whether the GM has overridden it."""

    key: str
    label: str
    computed: int
    terms: tuple[Term, ...]
    override: int | None = None

    @property
    def value(self) -> int:
        return self.computed if self.override is None else self.override

    @property
    def overridden(self) -> bool:
        return self.override is not None

    def explanation(self) -> str:
        text = explain(self.label, self.terms)
        if self.override is not None:
            text = f"{self.label} {self.override} (set by the GM; computed: {text})"
        return text

    def signed(self) -> str:
        return signed(self.value)
