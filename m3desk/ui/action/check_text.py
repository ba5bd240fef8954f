"""How a check reads in words: signed numbers, percentages, the modifier list for the log.

Text only, no Qt: the same wording appears in the dialog, its tooltips and the log's
details, so the table sees one vocabulary everywhere.
"""

from __future__ import annotations

from fractions import Fraction

from m3desk.rules import CheckSpec
from m3desk.rules.action import Resolution

__all__ = ["details_text", "percent", "signed", "spec_formula"]

MINUS = "−"


def signed(value: int) -> str:
    """+3, −2 (a real minus sign), +0."""
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


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


def spec_formula(spec: CheckSpec) -> str:
    """``3d6 + 8 + 1d8+1`` against ``rolled defence 3d6+7``: the check at a glance."""
    parts = ["3d6"]
    if spec.modifier:
        parts.append(f"{'+' if spec.modifier > 0 else MINUS} {abs(spec.modifier)}")
    if spec.damage is not None:
        parts.append(f"+ {spec.damage}")
    return " ".join(parts)


def _lines(title: str, terms: object) -> list[str]:
    lines = [title]
    for term in terms:  # type: ignore[attr-defined]
        lines.append(f"  {term.label} {signed(term.value)}")
    return lines


def details_text(resolution: Resolution, summary: str) -> str:
    """Every modifier of the check, labelled, for the log entry's details."""
    spec = resolution.spec
    roll = resolution.roll
    lines = _lines(f"Check: {spec.label}: {spec_formula(spec)}", spec.terms)
    if spec.damage is not None:
        faces = " ".join(str(face) for face in roll.damage_faces)
        lines.append(f"  damage die {spec.damage}: {signed(resolution.damage_roll)}"
                     f" (rolled {faces})")
    lines.append(f"  dice: {' '.join(str(face) for face in roll.d6)}")
    lines += _lines(f"Resistance: {spec.resistance.describe()}", spec.resistance.terms)
    if resolution.resistance_d6 is not None:
        lines.append(f"  dice: {' '.join(str(face) for face in resolution.resistance_d6)}")
    if spec.ep_terms:
        lines += _lines("Effect points after a hit:", spec.ep_terms)
    if spec.damage_cap is not None:
        lines.append(f"Maximum damage: {spec.damage_cap}")
    if spec.mental:
        lines.append("Mental: damage to MHP")
    lines.append(f"Result: {resolution.breakdown()}")
    lines.append(f"Spent: {summary}")
    return "\n".join(lines)
