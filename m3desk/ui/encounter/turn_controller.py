"""Turn and initiative commands: roll, next, previous, delay, act now, act.

Each command computes the next encounter with the core's turn functions and applies it as
one undo step; enabling follows the document so a key never does something the table
cannot see. Initiative is rolled by a game's own widget where it has one (Monsters & Magic's
check with dice the GM may type, :mod:`m3desk.ui.games`), else by its rules' roll or the
scheme's plain die.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from m3desk.core import edits, registry
from m3desk.core import encounter as core
from m3desk.core.dice import Roller
from m3desk.core.encounter import (
    Combatant,
    InitiativeNeededError,
    act_now,
    delay,
    next_turn,
    previous_turn,
    who_acts_next,
)
from m3desk.core.initiative import roll_by_scheme, roll_words
from m3desk.core.system import Action
from m3desk.ui.documents.document_link import DocumentLink
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import action_launcher
from m3desk.ui.encounter.encounter_actions import EncounterActions
from m3desk.ui.games import parts_of_encounter

__all__ = ["TurnController"]


class TurnController(QObject):
    def __init__(
        self, document: EncounterDocument, actions: EncounterActions, host: QWidget, roller: Roller
    ) -> None:
        super().__init__(host)
        self._document = document
        self._actions = actions
        self._host = host
        self.roller = roller
        actions.next_turn.triggered.connect(self.next_turn)
        actions.previous_turn.triggered.connect(self.previous_turn)
        actions.roll_initiative.triggered.connect(self.roll_missing)
        actions.roll_selected.triggered.connect(self.roll_selected)
        actions.earlier.triggered.connect(lambda: self.move_within_count(-1))
        actions.later.triggered.connect(lambda: self.move_within_count(1))
        actions.delay.triggered.connect(self.delay)
        actions.act_now.triggered.connect(self.act_now)
        actions.act.triggered.connect(self.act)
        self.document_link = DocumentLink(document, self)
        self.document_link.connect("encounter_changed", lambda _aspects: self.update_enabled())
        self.document_link.connect("selection_changed", lambda _id: self.update_enabled())
        self.update_enabled()

    # --- state ---------------------------------------------------------------------------
    def _missing(self) -> list[str]:
        encounter = self._document.encounter
        return [
            i
            for i in who_acts_next(encounter)
            if encounter.combatant(i).initiative is None and not encounter.combatant(i).delayed
        ]

    def _selected(self) -> Combatant | None:
        selected = self._document.selected
        return self._document.encounter.combatant(selected) if selected else None

    def update_enabled(self) -> None:
        encounter = self._document.encounter
        selected = self._selected()
        running = encounter.phase != "setup"
        a = self._actions
        a.next_turn.setEnabled(bool(encounter.combatants))
        a.previous_turn.setEnabled(running and previous_turn(encounter) != encounter)
        a.roll_initiative.setEnabled(bool(self._missing()))
        a.speak_for(roll_words(encounter))  # a table rule may change the roll
        a.roll_selected.setEnabled(selected is not None)
        on_count = (
            selected is not None
            and selected.initiative is not None
            and sum(1 for c in encounter.combatants if c.initiative == selected.initiative) > 1
        )
        a.earlier.setEnabled(on_count)
        a.later.setEnabled(on_count)
        a.delay.setEnabled(
            running
            and selected is not None
            and not selected.delayed
            and selected.initiative is not None
        )
        a.act_now.setEnabled(running and selected is not None and selected.delayed)
        a.act.setEnabled(running and encounter.turn is not None)

    # --- commands ------------------------------------------------------------------------
    def next_turn(self) -> None:
        """The next combatant; a round with nobody to act (no initiative rolled or typed)
        is not run through in silence: the GM is told what is missing instead."""
        encounter = self._document.encounter
        text = "Start the encounter" if encounter.phase == "setup" else "Next turn"
        try:
            after = next_turn(encounter)
        except InitiativeNeededError as error:
            self._say(f"{error} (Ctrl+I rolls it, or type it in the tracker).")
            return
        if after.turn is None and encounter.phase != "setup" and encounter.turn is None:
            self._say(
                f"Nobody has an initiative to act on in round {encounter.round}: roll it "
                "(Ctrl+I) or type it in the tracker."
            )
            return
        self._document.apply(after, text)
        if after.turn is None and after.combatants:
            self._say("Nobody has an initiative yet: roll it (Ctrl+I) or type it in the tracker.")

    def _say(self, text: str) -> None:
        say = getattr(self._host, "show_message", None)
        if callable(say):
            say(text)

    def previous_turn(self) -> None:
        self._document.apply(previous_turn(self._document.encounter), "Previous turn")

    def roll_missing(self) -> None:
        self._roll(self._missing())

    def roll_selected(self) -> None:
        if self._document.selected:
            self._roll([self._document.selected])

    def _roll(self, ids: list[str]) -> None:
        if not ids:
            return
        encounter = self._document.encounter
        own = parts_of_encounter(encounter).roll_initiative
        if own is not None:  # the game's own check, dice typed or offered
            own(self._document, ids, self._host, self.roller)
            return
        rules = registry.system_of(encounter).encounter
        if rules is not None and rules.roll_initiative is not None:
            # The game's own roll: its modifiers (DEX, Agility), its tie rule, per side
            # or each as its table rules say. A re-roll of some starts them afresh.
            fresh = core.set_initiative(encounter, dict.fromkeys(ids))
            rolled = rules.roll_initiative(fresh, self.roller)
        else:
            rolled = roll_by_scheme(encounter, ids, self.roller)
        self._document.apply(rolled, "Roll initiative")

    def move_within_count(self, step: int) -> None:
        selected = self._selected()
        if selected is None:
            return
        changed, text = edits.move_within_count(self._document.encounter, selected.id, step)
        self._document.apply(changed, text)

    def delay(self) -> None:
        selected = self._selected()
        if selected is not None and not selected.delayed:
            self._document.apply(
                delay(self._document.encounter, selected.id), f"{selected.name} delays"
            )

    def act_now(self) -> None:
        selected = self._selected()
        if selected is not None and selected.delayed:
            self._document.apply(
                act_now(self._document.encounter, selected.id), f"{selected.name} acts now"
            )

    def act(self) -> None:
        turn = self._document.encounter.turn
        if turn is None:
            return
        self._document.select(turn)
        action_launcher.open_action_dialog(self._document, self._host, self.roller, actor_id=turn)

    def act_on(self, actor_id: str, action_id: Action) -> None:
        """A check the notice bar offers (a side's morale): the dialog opens on it."""
        self._document.select(actor_id)
        action_launcher.open_action_dialog(
            self._document, self._host, self.roller, actor_id=actor_id, action_id=action_id
        )
