"""Terms and breakdowns: every computed number carries the parts it was added up from.

The sheet's tooltips ("AC 19 = DEX 13 + scale mail 4 + shield 1 + trait 1") and the action
dialog's breakdown lines are both rendered from these.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict

from m3desk.core.numbers import signed


class Term(BaseModel):
    """One labelled addend: ``Term(label="scale mail", value=4)``."""

    model_config = ConfigDict(frozen=True)
    label: str
    value: int

    def signed(self) -> str:
        return f"{self.label} {signed(self.value)}"


def total(terms: Iterable[Term]) -> int:
    return sum(term.value for term in terms)


def explain(name: str, terms: Iterable[Term], *, first_unsigned: bool = True) -> str:
    """``"AC 19 = DEX 13 + scale mail 4 + trait 1"``; negative parts read ``− 2``. A single
    part whose label ends in a number says only where the value comes from (``"THAC0 19:
    mage 5"``): "= mage 5 19" would read as two numbers, the value twice."""
    parts = list(terms)
    result = total(parts)
    if not parts:
        return f"{name} {result}"
    if len(parts) == 1 and first_unsigned and parts[0].label[-1:].isdigit():
        return f"{name} {result}: {parts[0].label}"
    pieces: list[str] = []
    for index, term in enumerate(parts):
        if index == 0 and first_unsigned:
            pieces.append(f"{term.label} {term.value}")
        elif term.value < 0:
            pieces.append(f"− {term.label} {-term.value}")
        else:
            pieces.append(f"+ {term.label} {term.value}")
    return f"{name} {result} = " + " ".join(pieces)


def non_zero(terms: Iterable[Term]) -> tuple[Term, ...]:
    return tuple(term for term in terms if term.value)


def faces_text(dice: str, faces: Iterable[int]) -> str:
    """The dice as they fell: ``"d20 11"``, ``"2d10 (4, 9)"``."""
    shown = list(faces)
    if len(shown) == 1:
        return f"{dice} {shown[0]}"
    return f"{dice} ({', '.join(str(face) for face in shown)})"


def rolled(
    dice: str, faces: Iterable[int], terms: Iterable[Term] = (), *, total_value: int | None = None
) -> str:
    """A roll for the table's record, every part named and the result:
    ``"d20 11, STR 18/80 +2, charging +2 = 15"``; ``"2d10 (4, 9) = 13"``. ``total_value``
    when the result is not the plain sum (a kept die, a minimum of 1)."""
    shown = list(faces)
    parts = [t for t in terms if t.value]
    result = sum(shown) + total(parts) if total_value is None else total_value
    text = ", ".join([faces_text(dice, shown), *(t.signed() for t in parts)])
    return text if len(shown) == 1 and not parts and result == shown[0] else f"{text} = {result}"
