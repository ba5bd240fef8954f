"""A table-rules option declared once: its words live on the pydantic field itself.

Every game's options model annotates each field with one :class:`Option` marker::

    ties: Annotated[Literal["reroll", "simultaneous"], Option(
        "Initiative ties", "Equal side initiative: roll again or act at once.",
        choices={"reroll": "Roll again", "simultaneous": "Both sides act at once"},
        section="Initiative")] = "reroll"

The marker is the one source of the option's label, its one-line reason, its choices in
words and the section it is shown in; the Table Rules form, the expedition's rules and
any other screen or page read them through :func:`option_of` (qutebrowser's
``configdata.yml`` gives each setting its description once in the same way). pydantic keeps
the marker in ``FieldInfo.metadata`` and otherwise ignores it, so validation, defaults and
bounds (``Field(ge=…, le=…)``) stay pydantic's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from pydantic import BaseModel

__all__ = ["Option", "choice_words", "option_of", "options_of"]


@dataclass(frozen=True, init=False)
class Option:
    """An option's words: label, reason, each choice in words, and its section."""

    label: str
    reason: str
    choices: tuple[tuple[Any, str], ...] = field(default=())
    section: str = ""

    def __init__(
        self,
        label: str,
        reason: str,
        *,
        choices: Mapping[Any, str] | None = None,
        section: str = "",
    ) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "choices", tuple((choices or {}).items()))
        object.__setattr__(self, "section", section)

    def words(self, value: Any) -> str:
        """``value`` in the game's words; a choice it does not word reads as its name."""
        for choice, words in self.choices:
            if choice == value:
                return words
        raw = value.value if isinstance(value, Enum) else value
        return str(raw).replace("_", " ").capitalize()


def option_of(model: type[BaseModel] | BaseModel, name: str) -> Option:
    """The words of option ``name`` of ``model``; a field without a marker reads as its name
    (a test fails for every shipped game that leaves one out)."""
    cls = model if isinstance(model, type) else type(model)
    info = cls.model_fields[name]
    for item in info.metadata:
        if isinstance(item, Option):
            return item
    return Option(name.replace("_", " ").capitalize(), info.description or "")


def choice_words(model: type[BaseModel] | BaseModel, name: str) -> dict[Any, str]:
    """Each worded choice of option ``name`` → its words."""
    return dict(option_of(model, name).choices)


def options_of(model: type[BaseModel] | BaseModel) -> dict[str, Option]:
    """Every option of ``model`` in its declared order, with its words."""
    cls = model if isinstance(model, type) else type(model)
    return {name: option_of(cls, name) for name in cls.model_fields}
