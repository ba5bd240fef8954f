"""How m3desk writes a signed number: one formatter, one minus sign, everywhere."""

from __future__ import annotations

__all__ = ["MINUS", "minus", "signed"]

MINUS = "\u2212"
"""The true minus sign: it reads better than a hyphen in a table and lines up with +."""


def signed(value: int) -> str:
    """+2, −4, +0."""
    return f"{value:+d}".replace("-", MINUS)


def minus(value: int) -> str:
    """A number with the true minus sign and no plus: 4, −4."""
    return str(value).replace("-", MINUS)
