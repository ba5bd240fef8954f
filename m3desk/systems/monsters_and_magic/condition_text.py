"""How the tracker writes an effect or consequence: "magical shield +2 (4 rds)".

The tracker cell is narrow and read at a glance across the table, so the short form keeps
only the name, the signed value and what is left of the duration; the tooltip carries the
rest (tier, kind, source, what it changes).
"""

from __future__ import annotations

from collections.abc import Iterable

from m3desk.core.numbers import signed
from m3desk.systems.monsters_and_magic.conditions import Condition, DurationKind

__all__ = ["condition_short", "condition_tooltip", "conditions_short", "signed"]


def _remaining(condition: Condition) -> str:
    duration = condition.duration
    if duration.kind is DurationKind.ROUNDS and duration.rounds is not None:
        return f" ({duration.rounds} rd{'s' if duration.rounds != 1 else ''})"
    if duration.kind is DurationKind.CONTEST:
        return f" ({duration.contest_progress}/{duration.contest_target} EP)"
    return ""


def condition_short(condition: Condition) -> str:
    return f"{condition.name} {signed(condition.value)}{_remaining(condition)}"


def conditions_short(conditions: Iterable[Condition]) -> str:
    return ", ".join(condition_short(c) for c in conditions)


def condition_tooltip(condition: Condition) -> str:
    parts = [
        f"{condition.name}: {condition.tier.value} {condition.kind.value} {signed(condition.value)}"
    ]
    affects = {
        "checks": "on checks",
        "defence": "on AC and defence",
        "both": "on checks and defence",
    }[condition.affects]
    parts.append(affects + (f" ({condition.scope})" if condition.scope else ""))
    parts.append(f"lasts {condition.duration.describe()}")
    if condition.source:
        parts.append(f"from {condition.source}")
    return "; ".join(parts)
