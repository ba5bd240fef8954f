"""What Add Condition… and Remove Condition need of a game, said once for the picker and
the questions it asks (:mod:`~m3desk.ui.encounter.condition_picker` and
:mod:`~m3desk.ui.encounter.prompts` both import this; neither imports the other back).

A game that declares its conditions (``GameSystem.conditions``) is served by the picker's
own hooks; a game whose conditions are its own (Monsters & Magic's effects and
consequences, with a tier, what they change and how long they last) hands the picker its
:class:`ConditionHooks`: how to ask for one, how its conditions are listed, how one is
removed. The menu, its enabling and the undo steps stay the picker's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from m3desk.core.encounter import Combatant, Encounter
    from m3desk.core.system import ConditionSpec

__all__ = ["Change", "ConditionHooks", "condition_choice"]

Change = tuple["Encounter", str]
"""An encounter after an edit, and the edit's words (the undo step's and the log's)."""


class ConditionHooks(NamedTuple):
    """A game's conditions as the picker asks for, lists and removes them."""

    ask: Callable[[QWidget, Encounter, Combatant], Change | None]
    """Ask the GM for a new condition on the combatant (None: cancelled) and add it."""
    listed: Callable[[Combatant], Sequence[tuple[str, str]]]
    """The combatant's conditions as the Remove menu lists them: (id, words)."""
    remove: Callable[[Encounter, str, str], Change]
    """The encounter without the condition (combatant id, condition id)."""


def condition_choice(spec: ConditionSpec) -> str:
    """ "Prone — own attacks −Adv; …" as the picker lists it."""
    rounds = (
        f" ({spec.default_rounds} round{'s' if spec.default_rounds != 1 else ''})"
        if spec.default_rounds
        else ""
    )
    return f"{spec.name}{rounds} — {spec.effect}" if spec.effect else spec.name + rounds
