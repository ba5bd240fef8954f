"""How a check reads in words: signed numbers, percentages, the modifier list for the log.

Text only, no Qt: the same wording appears in the dialog, its tooltips and the log's
details, so the table sees one vocabulary everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from m3desk.core.numbers import MINUS, percent, signed
from m3desk.core.terms import Term
from m3desk.systems.monsters_and_magic import CheckSpec, Odds, TableRules
from m3desk.systems.monsters_and_magic.action import Resolution

__all__ = [
    "damage_cap_text",
    "details_text",
    "odds_rows",
    "percent",
    "record_text",
    "signed",
    "spec_formula",
]


def odds_rows(odds: Odds, rules: TableRules) -> list[tuple[str, Fraction]]:
    """The chances the action dialog's bars show and a phone shows: success, then at least
    the table's cost of each tier of effect points (5 / 10 / 15 EP by default), since what
    the GM wants to know is "can this buy a major consequence?"."""
    rows: list[tuple[str, Fraction]] = [("Success", odds.success)]
    for cost, tier in (
        (rules.minor_cost, "minor"),
        (rules.major_cost, "major"),
        (rules.extreme_cost, "extreme"),
    ):
        rows.append((f"≥ {cost} EP ({tier})", odds.at_least(cost)))
    return rows


def damage_cap_text(cap: int | None, computed: int | None) -> str:
    """``10``, or ``12 (GM; computed 10)`` when the GM set this check's maximum damage.

    '' when the check has no maximum damage (no damage die, or a table that does not
    enforce it) and the GM set none.
    """
    if cap is None:
        return ""
    if computed is None:
        return f"{cap} (GM)"
    if cap != computed:
        return f"{cap} (GM; computed {computed})"
    return str(cap)


def spec_formula(spec: CheckSpec) -> str:
    """``3d6 + 8 + 1d8+1`` against ``rolled defence 3d6+7``: the check at a glance."""
    parts = ["3d6"]
    if spec.modifier:
        parts.append(f"{'+' if spec.modifier > 0 else MINUS} {abs(spec.modifier)}")
    if spec.damage is not None:
        parts.append(f"+ {spec.damage}")
    return " ".join(parts)


def _lines(title: str, terms: Iterable[Term], *, base_first: bool = False) -> list[str]:
    """A title and one line per term; a static resistance's first term is a number (AC 17),
    not a bonus (as the modifier view shows it)."""
    lines = [title]
    for index, term in enumerate(terms):
        value = str(term.value) if base_first and index == 0 else signed(term.value)
        lines.append(f"  {term.label} {value}")
    return lines


def record_text(resolution: Resolution) -> str:
    """The check's dice and modifiers for the log's line, each by name: "3d6 (5, 5, 4),
    STR (prime) +6, damage 1d8+1 (6) against rolled defence 3d6 (2, 3, 6), AC bonus +7"."""
    spec = resolution.spec
    roll = resolution.roll
    parts = [
        f"3d6 ({', '.join(str(face) for face in roll.d6)})",
        *(t.signed() for t in spec.terms if t.value),
    ]
    if spec.damage is not None:
        parts.append(f"damage {spec.damage} ({', '.join(str(f) for f in roll.damage_faces)})")
    resistance = spec.resistance
    if resolution.resistance_d6 is not None:
        against = [
            f"{resistance.label} 3d6 ({', '.join(str(face) for face in resolution.resistance_d6)})",
            *(t.signed() for t in resistance.terms if t.value),
        ]
    elif resistance.terms:
        terms = ", ".join(
            f"{t.label} {t.value if index == 0 else signed(t.value)}"
            for index, t in enumerate(resistance.terms)
        )
        # "AC 17, backstabbed! −4", not "AC: AC 17, …" when the first term names it already.
        named = resistance.terms[0].label == resistance.label
        against = [terms if named else f"{resistance.label}: {terms}"]
    else:
        against = [resistance.describe()]
    return f"{', '.join(parts)} against {', '.join(against)}"


def details_text(resolution: Resolution, summary: str) -> str:
    """Every modifier of the check, labelled, for the log entry's details."""
    spec = resolution.spec
    roll = resolution.roll
    lines = _lines(f"Check: {spec.label}: {spec_formula(spec)}", spec.terms)
    if spec.damage is not None:
        faces = " ".join(str(face) for face in roll.damage_faces)
        lines.append(
            f"  damage die {spec.damage}: {signed(resolution.damage_roll)} (rolled {faces})"
        )
    lines.append(f"  dice: {' '.join(str(face) for face in roll.d6)}")
    lines += _lines(
        f"Resistance: {spec.resistance.describe()}",
        spec.resistance.terms,
        base_first=not spec.resistance.rolled,
    )
    if resolution.resistance_d6 is not None:
        lines.append(f"  dice: {' '.join(str(face) for face in resolution.resistance_d6)}")
    if spec.ep_terms:
        lines += _lines("Effect points after a hit:", spec.ep_terms)
    if spec.damage_cap is not None:
        cap = damage_cap_text(spec.damage_cap, spec.damage_cap_computed)
        lines.append(f"Maximum damage: {cap}")
    if spec.mental:
        lines.append("Mental: damage to MHP")
    lines.append(f"Result: {resolution.breakdown()}")
    lines.append(f"Spent: {summary}")
    return "\n".join(lines)
