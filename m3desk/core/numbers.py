"""How m3desk writes a signed number: one formatter, one minus sign, everywhere."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["MINUS", "minus", "percent", "signed"]

MINUS = "\u2212"
"""The true minus sign: it reads better than a hyphen in a table and lines up with +."""


def signed(value: int) -> str:
    """+2, −4, +0."""
    return f"{value:+d}".replace("-", MINUS)


def minus(value: int) -> str:
    """A number with the true minus sign and no plus: 4, −4."""
    return str(value).replace("-", MINUS)


def percent(chance: Fraction) -> str:
    """An exact chance as a readable percentage: never "0 %" or "100 %" unless it is."""
    if chance <= 0:
        return "0 %"
    if chance >= 1:
        return "100 %"
    value = float(chance) * 100
    if value < 0.1:
        return "< 0.1 %"
    if value > 99.9:
        return "> 99.9 %"
    return f"{value:.1f} %"
