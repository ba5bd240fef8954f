"""Pikes' sheets: a pool called Vigour."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.bounds import MAX_NOTES, OverrideKey, OverrideValue

Name = Annotated[str, Field(min_length=1, max_length=80)]


class PikesBody(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    vigour: int = Field(10, ge=-99, le=999)
    max_vigour: int = Field(10, ge=1, le=999)
    guard: int = Field(6, ge=0, le=20)
    skill: int = Field(0, ge=-5, le=10)
    harm: int = Field(3, ge=1, le=20)
    notes: Annotated[str, Field(max_length=MAX_NOTES)] = ""
    overrides: dict[OverrideKey, OverrideValue] = Field(default_factory=dict, max_length=50)


class PikesSheet(PikesBody):
    kind: Literal["character"] = "character"
    banner: Annotated[str, Field(max_length=80)] = "No banner"


class PikesMonster(PikesBody):
    kind: Literal["monster"] = "monster"
