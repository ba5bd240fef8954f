"""The one modal question of the sheet: the GM's value for a derived value.

Behind a classmethod so tests replace it (``monkeypatch.setattr(OverridePrompt, "ask", ...)``)
and headless runs never block: in the window's non-interactive mode it answers "cancel".
"""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QWidget

from m3desk.core.derived import Derived
from m3desk.ui import dialogs
from m3desk.ui.plain_text import mnemonic_safe

__all__ = ["OVERRIDE_RANGE", "OverridePrompt"]

OVERRIDE_RANGE = (-999, 999)


class OverridePrompt:
    @classmethod
    def ask(cls, parent: QWidget, derived: Derived) -> int | None:
        """The GM's value for ``derived``, or None when cancelled."""
        if dialogs.is_non_interactive():
            return None
        low, high = OVERRIDE_RANGE
        value, ok = QInputDialog.getInt(
            parent,
            f"Override {derived.label}",
            mnemonic_safe(f"{derived.explanation()}\n\nThe GM's value for {derived.label}:"),
            derived.value,
            low,
            high,
        )
        return int(value) if ok else None
