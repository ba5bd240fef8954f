"""Every message a phone may send, typed, bounded and validated (pydantic).

A message that is too large, not JSON, of an unknown type, or whose fields are out of bounds
is refused with a sentence and changes nothing (:func:`read_message`). The limits are small:
a phone sends a join code, a name, a combatant's id, a kind of roll and a few die faces.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

__all__ = [
    "MAX_MESSAGE",
    "ROLL_KINDS",
    "Claim",
    "Hello",
    "Join",
    "Leave",
    "Message",
    "MessageRefused",
    "Preview",
    "Roll",
    "read_join",
    "read_message",
]

MAX_MESSAGE = 2048
"""The most bytes one message from a phone may have (a request body or a socket frame)."""

ROLL_KINDS = {
    "initiative": "initiative",
    "attack": "an attack",
    "damage": "damage",
    "save": "a saving throw",
    "action": "an action",
}
"""What a player may send dice for, with its words for the GM."""

Name = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, min_length=1, max_length=30, pattern=r"^[^\x00-\x1f\x7f]*$"
    ),
]
Id = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:\-]+$")]
ActionId = Annotated[
    str, StringConstraints(min_length=1, max_length=120, pattern=r"^[^\x00-\x1f\x7f]*$")
]
"""An action's id as the game names it ("attack:0", "save:W"): checked against the
character's actions now, never trusted."""
Token = Annotated[
    str, StringConstraints(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")
]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Join(_Message):
    code: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=12)]
    name: Name


class Hello(_Message):
    """The first message on the socket: the device's token."""

    type: Literal["hello"]
    token: Token


class Claim(_Message):
    """The player asks to play this combatant (the GM confirms)."""

    type: Literal["claim"]
    combatant: Id


class Roll(_Message):
    """Faces the player rolled at the table for their character (the GM applies them)."""

    type: Literal["roll"]
    combatant: Id
    kind: Literal["initiative", "attack", "damage", "save", "action"]
    faces: Annotated[list[Annotated[int, Field(ge=1, le=100)]], Field(min_length=1, max_length=12)]
    action: ActionId | None = None
    """The action the dice are for (its faces in the action dialog's order), if chosen."""
    target: Id | None = None


class Preview(_Message):
    """The player asks for an action's chance on a target (the game's own preview)."""

    type: Literal["preview"]
    combatant: Id
    action: ActionId
    target: Id | None = None


class Leave(_Message):
    type: Literal["leave"]


Message = Annotated[Hello | Claim | Roll | Preview | Leave, Field(discriminator="type")]
_ADAPTER: TypeAdapter[Hello | Claim | Roll | Preview | Leave] = TypeAdapter(Message)


class MessageRefused(ValueError):
    """The message was refused (the text says why, in a sentence for the log)."""


def _parsed(raw: str | bytes) -> object:
    if len(raw) > MAX_MESSAGE:
        raise MessageRefused("The message is too large.")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise MessageRefused("The message is not JSON.") from None


def read_message(raw: str | bytes) -> Hello | Claim | Roll | Preview | Leave:
    data = _parsed(raw)
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError:
        raise MessageRefused("The message is not one m3desk understands.") from None


def read_join(raw: str | bytes) -> Join:
    data = _parsed(raw)
    try:
        return Join.model_validate(data)
    except ValidationError:
        raise MessageRefused("A join needs the code and a short name.") from None
