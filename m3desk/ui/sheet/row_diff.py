"""How a list of rows changed, so item models emit insert/remove signals instead of resets.

Undo and redo replace a whole sheet, so models learn about added or removed rows only by
comparing before and after. One contiguous insertion or removal (what +, −, Delete and
their undo produce) is recognised; anything else is reported as a reset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

__all__ = ["RowChange", "RowChangeKind", "row_change"]


class RowChangeKind(Enum):
    SAME_COUNT = "same"
    INSERTED = "inserted"
    REMOVED = "removed"
    RESET = "reset"


@dataclass(frozen=True, slots=True)
class RowChange:
    kind: RowChangeKind
    first: int = 0
    last: int = -1


def row_change(old: Sequence[Any], new: Sequence[Any]) -> RowChange:
    if len(old) == len(new):
        return RowChange(RowChangeKind.SAME_COUNT)
    shorter = min(len(old), len(new))
    prefix = 0
    while prefix < shorter and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < shorter - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    delta = len(new) - len(old)
    if prefix + suffix == shorter:
        if delta > 0:
            return RowChange(RowChangeKind.INSERTED, prefix, prefix + delta - 1)
        return RowChange(RowChangeKind.REMOVED, prefix, prefix - delta - 1)
    return RowChange(RowChangeKind.RESET)
