"""Apply and Next Turn: the action dialog's one key for "this is all they do this turn".

Every game's dialog (the generic one and a game's own) offers the button beside Apply, for the
combatant whose turn it is. It is enabled when the game's rules say the action leaves the
actor nothing to do this turn (``EncounterRules.turn_over``: an attack or a spell, OSE's
acted mark, Apparatus's spent Standard Action and Movement); Ctrl+Return presses it, the key
Next Turn has in the encounter tab. Pressing it applies the action (one undo step) and then
passes the turn exactly as Next Turn does (a second step), so Ctrl+Z undoes the turn first.
"""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton, QWidget

from m3desk.core.encounter import Encounter, InitiativeNeededError, next_turn
from m3desk.ui.documents.encounter_document import EncounterDocument

__all__ = ["NEXT_TURN_KEY", "NextTurnButton", "advance_turn"]

NEXT_TURN_KEY = "Ctrl+Return"
TEXT = "Apply and &Next Turn"


def advance_turn(document: EncounterDocument) -> tuple[str, ...]:
    """Next Turn, as the encounter tab's command does it; what the table must hear when the
    turn cannot pass (initiative to roll for the new round), else nothing."""
    try:
        after = next_turn(document.encounter)
    except InitiativeNeededError as error:
        return (str(error),)
    document.apply(after, "Next turn")
    return ()


class NextTurnButton(QPushButton):
    """The button, with its key; ``update_for`` enables it and says why when it is not."""

    def __init__(self, parent: QWidget, text: str = TEXT) -> None:
        super().__init__(text, parent)
        self.setObjectName("apply_and_next_turn")
        self.setAutoDefault(False)
        size = self.sizePolicy()
        size.setRetainSizeWhenHidden(True)  # showing or hiding it moves no other button
        self.setSizePolicy(size)
        key = QShortcut(QKeySequence(NEXT_TURN_KEY), parent)
        key.activated.connect(self._pressed_by_key)
        self.key = key

    def _pressed_by_key(self) -> None:
        if self.isVisible() and self.isEnabled():
            self.click()

    def update_for(
        self,
        encounter: Encounter,
        actor_id: str,
        *,
        ready: bool,
        over: bool | None,
        actor_name: str,
    ) -> None:
        """Shown for the combatant whose turn it is; enabled when the action is ready to
        apply (``ready``) and leaves the actor nothing to do (``over``; None: not known
        until the dice are in)."""
        self.setVisible(encounter.phase != "setup" and encounter.turn == actor_id)
        shown = QKeySequence(NEXT_TURN_KEY).toString(QKeySequence.SequenceFormat.NativeText)
        self.setEnabled(ready and bool(over))
        if not ready:
            tip = "Roll, or type every die first"
        elif not over:
            tip = (
                f"{actor_name} still has something to do this turn: Apply, then Next Turn when done"
            )
        else:
            tip = f"Apply, then pass the turn to the next combatant ({shown})"
        self.setToolTip(tip)
