"""A condition's duration as a player types it.

"3 rounds", "scene", "until removed", "contest 10" (thrown off with 10 effect points).
"""

from __future__ import annotations

import re

from m3desk.systems.monsters_and_magic.conditions import Duration, DurationKind

__all__ = ["DURATION_HINT", "duration_text", "parse_duration"]

DURATION_HINT = "write a duration like 3 rounds, scene, until removed or contest 10"
_ROUNDS = re.compile(r"(\d{1,6})\s*(?:rounds?|rds?|r)?")
_CONTEST = re.compile(r"(?:contest|until thrown off)\s*\(?\s*(?:\d+\s*/\s*)?(\d{1,4})\s*(?:ep)?\)?")


def duration_text(duration: Duration) -> str:
    """The editable form, which :func:`parse_duration` reads back unchanged."""
    if duration.kind is DurationKind.ROUNDS:
        return f"{duration.rounds} round{'s' if duration.rounds != 1 else ''}"
    if duration.kind is DurationKind.CONTEST:
        return f"contest {duration.contest_target}"
    if duration.kind is DurationKind.SCENE:
        return "scene"
    return "until removed"


def parse_duration(text: str, current: Duration | None = None) -> Duration:
    """Read a typed duration; keeps a contest's progress when its target stays the same.

    Raises ValueError (pydantic's ValidationError for out-of-range numbers) with a message.
    """
    typed = " ".join(text.casefold().split())
    if typed in ("scene", "this scene"):
        return Duration(kind=DurationKind.SCENE)
    if typed in ("until removed", "removed", "permanent"):
        return Duration(kind=DurationKind.UNTIL_REMOVED)
    if match := _ROUNDS.fullmatch(typed):
        return Duration(kind=DurationKind.ROUNDS, rounds=int(match[1]))
    if match := _CONTEST.fullmatch(typed):
        target = int(match[1])
        same_contest = (
            current is not None
            and current.kind is DurationKind.CONTEST
            and current.contest_target == target
        )
        progress = current.contest_progress if current is not None and same_contest else 0
        return Duration(kind=DurationKind.CONTEST, contest_target=target, contest_progress=progress)
    raise ValueError(f"'{text.strip()}' is not a duration; {DURATION_HINT}")
