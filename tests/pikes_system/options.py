"""Pikes' table rules: a choice and a number, no yes/no."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.options import Option


class PikesOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    press: Annotated[
        Literal["one", "two"],
        Option(
            "Press",
            "How many bands a combatant advances in one move.",
            choices={"one": "One band", "two": "Two bands"},
        ),
    ] = "one"
    guard_bonus: Annotated[
        int, Option("Guard bonus", "What every Guard gains over the sheet's number.")
    ] = Field(0, ge=0, le=4)
