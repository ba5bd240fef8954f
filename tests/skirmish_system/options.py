"""Skirmish's table rules: choices and numbers only (not one yes/no option)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.options import Option


class SkirmishOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    initiative_die: Annotated[
        Literal[8, 12],
        Option(
            "Initiative die",
            "The die everyone rolls for initiative each round.",
            choices={8: "d8 (close rounds)", 12: "d12 (a wider spread)"},
        ),
    ] = 8
    blows: Annotated[
        Literal["dice", "average"],
        Option(
            "A blow's harm",
            "Whether a landed blow's harm is rolled or taken as the dice's average.",
            choices={"dice": "Rolled", "average": "The dice's average"},
        ),
    ] = "dice"
    guard_floor: Annotated[
        int, Option("Lowest Guard", "No one's Guard counts below this, however poor their stance.")
    ] = Field(5, ge=2, le=12)
    """The lowest Guard a blow is rolled against, whatever the sheet says."""
