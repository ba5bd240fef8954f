"""Skirmish's table rules: choices and numbers only (not one yes/no option)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class SkirmishOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    initiative_die: Literal[8, 12] = 8
    blows: Literal["dice", "average"] = "dice"
    guard_floor: int = Field(5, ge=2, le=12)
    """The lowest Guard a blow is rolled against, whatever the sheet says."""


LABELS = {"initiative_die": "Initiative die", "blows": "A blow's harm",
          "guard_floor": "Lowest Guard"}
EXPLANATIONS = {
    "initiative_die": "The die everyone rolls for initiative each round.",
    "blows": "Whether a landed blow's harm is rolled or taken as the dice's average.",
    "guard_floor": "No one's Guard counts below this, however poor their stance.",
}
CHOICE_WORDS = {
    "initiative_die": {8: "d8 (close rounds)", 12: "d12 (a wider spread)"},
    "blows": {"dice": "Rolled", "average": "The dice's average"},
}
