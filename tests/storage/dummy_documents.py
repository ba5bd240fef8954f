"""A small stand-in document type for the storage tests.

The real character model lives in ``m3desk.systems.monsters_and_magic`` and is written elsewhere;
these tests only need *a* strict pydantic model to prove the storage contract.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from m3desk.storage import DocumentRegistry, DocumentType


class Trait(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str
    rank: int = 0


class Hero(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str
    level: int = 1
    traits: list[Trait] = Field(default_factory=list)
    notes: dict[str, str] = Field(default_factory=dict)


HERO = DocumentType(
    kind="hero",
    format_id="m3desk.test-hero",
    extension=".m3h",
    model=Hero,
    schema_version=1,
    label="hero",
)


def make_registry() -> DocumentRegistry:
    return DocumentRegistry([HERO])


def envelope_bytes(
    document: Any, *, format_id: str = HERO.format_id, version: Any = 1, **extra: Any
) -> bytes:
    """A hand-made document file, to feed the loader exactly what a test needs."""
    record: dict[str, Any] = {"format": format_id, "schema_version": version, **extra}
    record["document"] = document
    return json.dumps(record).encode("utf-8")
