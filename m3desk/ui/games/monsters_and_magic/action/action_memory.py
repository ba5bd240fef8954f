"""The last choices made for each combatant, so the next action starts where the last ended.

Kept in memory only (never saved): the GM's habits in one session, not part of the
encounter. The encounter window keeps one store per document (or lets
:meth:`ActionMemory.for_document` keep it) and hands it to every action dialog.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import ClassVar

from m3desk.systems.monsters_and_magic import Attribute, ResistanceKind
from m3desk.systems.monsters_and_magic.action_kind import ActionKind

__all__ = ["ActionMemory", "ActorChoices"]


@dataclass(frozen=True, slots=True)
class ActorChoices:
    """What one combatant last chose; names rather than indexes, to survive sheet edits."""

    action: ActionKind
    attribute: Attribute | None
    trait_names: tuple[str, ...]
    weapon_name: str | None
    resistance_kind: ResistanceKind
    resistance_attribute: Attribute | None = None
    difficulty: int | None = None
    gear_names: tuple[str, ...] = ()
    mental: bool = False


class ActionMemory:
    """A small store of :class:`ActorChoices` keyed by combatant id."""

    _by_document: ClassVar[weakref.WeakKeyDictionary[object, ActionMemory]] = (
        weakref.WeakKeyDictionary()
    )

    def __init__(self) -> None:
        self._choices: dict[str, ActorChoices] = {}

    @classmethod
    def for_document(cls, document: object) -> ActionMemory:
        """The store that lives as long as ``document`` (one per open encounter)."""
        memory = cls._by_document.get(document)
        if memory is None:
            memory = cls()
            cls._by_document[document] = memory
        return memory

    def recall(self, combatant_id: str) -> ActorChoices | None:
        return self._choices.get(combatant_id)

    def remember(self, combatant_id: str, choices: ActorChoices) -> None:
        self._choices[combatant_id] = choices

    def forget(self, combatant_id: str) -> None:
        self._choices.pop(combatant_id, None)

    def __len__(self) -> int:
        return len(self._choices)

    def __contains__(self, combatant_id: object) -> bool:
        return combatant_id in self._choices
