"""The action dialog: resolve one check at the table, spend its effect points, apply it.

For the encounter window: ``ActionDialog.run_for(document, parent, roller=..., memory=...)``
opens it modally and returns True when an action was applied (one undo step, one log
entry). ``ActionMemory.for_document(document)`` is the per-combatant memory of last choices
that lives as long as the open encounter.
"""

from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from m3desk.ui.games.monsters_and_magic.action.action_memory import ActionMemory, ActorChoices

__all__ = ["ActionDialog", "ActionKind", "ActionMemory", "ActorChoices"]
