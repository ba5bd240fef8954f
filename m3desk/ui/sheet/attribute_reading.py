"""One attribute as the sheet shows it: score, ATT modifier and check modifier (prime doubled)."""

from __future__ import annotations

from dataclasses import dataclass

from m3desk.core.derived import Derived
from m3desk.systems.monsters_and_magic.attributes import Attribute
from m3desk.ui.sheet.derived_format import derived_text

__all__ = ["AttributeReading"]


@dataclass(frozen=True, slots=True)
class AttributeReading:
    attribute: Attribute
    score: int
    modifier: Derived
    check: Derived
    prime: bool

    @classmethod
    def of(
        cls, attribute: Attribute, score: int, derived: dict[str, Derived], prime: bool
    ) -> AttributeReading:
        return cls(
            attribute, score, derived[f"mod.{attribute}"], derived[f"check.{attribute}"], prime
        )

    def modifier_text(self) -> str:
        """ "+3", or "+3 (+6 prime)" for the prime attribute."""
        text = derived_text(self.modifier)
        if self.prime:
            text += f" ({derived_text(self.check)} prime)"
        return text

    def check_text(self) -> str:
        return derived_text(self.check) + (" prime" if self.prime else "")
