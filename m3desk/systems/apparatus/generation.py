"""How an Apparatus character is made: the wiki pages read give no rule, so the table's.

Might, Agility, Wits and Resolve are the small numbers added to rolls; a new character
spends the table's points on them (12 by default, at most 6 in one, as the samples' three
in each), or the table types the scores it decided on. Ancestry and calling are the
player's words (the samples' are offered); size is a choice, since it sets Speed and
Might. Hit points are the table rule's number (the pages give none).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from pydantic import BaseModel

from m3desk.core.generation import TYPED, AbilityMethod, Draft, Generation, Pick, PickGroup
from m3desk.systems.apparatus.forms import new_character
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.sheet import Abilities, CharacterSheet
from m3desk.systems.apparatus.tables import Size

__all__ = ["GENERATION", "POINT_BUY"]

ABILITY_NAMES: Mapping[str, str] = {
    "might": "Might",
    "agility": "Agility",
    "wits": "Wits",
    "resolve": "Resolve",
}

POINT_BUY = AbilityMethod(
    "point_buy",
    "Points spent",
    "Spend the table's points on the four abilities, one point a step from 0.",
    "point_buy",
    points=12,
    base=0,
    cap=6,
)

CHARACTER_SIZES: tuple[Size, ...] = ("small", "medium", "large")
"""The sizes a player character may be (tiny and the giants are creatures')."""


def _rules(options: BaseModel | None) -> ApparatusOptions:
    return options if isinstance(options, ApparatusOptions) else ApparatusOptions()


def _tune(method: AbilityMethod, options: BaseModel) -> AbilityMethod:
    if method.kind != "point_buy":
        return method
    rules = _rules(options)
    return method._replace(points=rules.ability_points, cap=rules.ability_cap)


def _suggestions(*names: str) -> Any:
    def picks(_data: Mapping[str, Any]) -> tuple[Pick, ...]:
        return tuple(Pick(name, name.title()) for name in names)

    return picks


def _sizes(_data: Mapping[str, Any]) -> tuple[Pick, ...]:
    return tuple(Pick(size, size.title()) for size in CHARACTER_SIZES if size in get_args(Size))


def _hit_points(_draft: Draft, options: BaseModel) -> tuple[int, str]:
    hp = _rules(options).starting_hit_points
    return hp, f"{hp} (the table rule: the pages give no hit-point rule)"


def _build(draft: Draft, options: BaseModel) -> BaseModel:
    hp, _why = _hit_points(draft, options)
    sheet = new_character(draft.name.strip()[:80] or "New character", _rules(options))
    size = draft.picks.get("size", "medium")
    return CharacterSheet.model_validate(
        {
            **sheet.model_dump(),
            "ancestry": draft.picks.get("ancestry", "").strip()[:200],
            "calling": draft.picks.get("calling", "").strip()[:200],
            "size": size if size in CHARACTER_SIZES else "medium",
            "abilities": Abilities.model_validate(dict(draft.scores)).model_dump(),
            "hit_points": hp,
            "max_hit_points": hp,
        }
    )


GENERATION = Generation(
    abilities=tuple(ABILITY_NAMES),
    ability_names=ABILITY_NAMES,
    methods=(
        POINT_BUY,
        TYPED._replace(help="The table decides the scores (−5 to 20) and types them."),
    ),
    score_range=(-5, 20),
    build=_build,
    hit_points=_hit_points,
    groups=(
        PickGroup(
            "ancestry",
            "Ancestry",
            _suggestions("human", "halfling", "elf", "dwarf"),
            free_text=True,
            help="The player's own words; a few are offered.",
        ),
        PickGroup(
            "calling",
            "Calling",
            _suggestions("warden", "scout", "sellsword", "scholar"),
            free_text=True,
            help="The player's own words; a few are offered.",
        ),
        PickGroup(
            "size",
            "Size",
            _sizes,
            help="Size sets Speed and Might's reach (the Size page).",
            default="medium",
        ),
    ),
    method_option="ability_scores",
    tune=_tune,
)
