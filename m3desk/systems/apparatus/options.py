"""The table rules of an Apparatus game: every rule the wiki leaves open or states twice.

Apparatus is a homebrew whose pages changed often; the digest (shared/rules/apparatus.md §12)
lists what is unknown or disputed. Each of those is a field here with the digest's default,
and a one-line reason in :data:`EXPLANATIONS`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["EXPLANATIONS", "ApparatusOptions"]

SizeStep = Annotated[int, Field(ge=-20, le=20)]
"""A size's modifier: the wiki's run from −4 to +8, with room for a table's own."""


class ApparatusOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    advantage_mode: Literal["dice", "flat"] = "dice"
    advantage_auto_at_3: bool = True
    critical_threshold: int = Field(20, ge=2, le=20)
    natural_1_misses: bool = False
    incapacitated_bonus: Literal["if_met", "always"] = "if_met"
    defense: Literal["static", "rolled"] = "static"
    physique_base: int = Field(10, ge=0, le=30)
    size_modifiers: tuple[SizeStep, SizeStep, SizeStep, SizeStep, SizeStep, SizeStep] = (
        -4, -2, 0, 2, 4, 8)
    size_factors: Literal["tables", "size_page"] = "tables"
    jump_bands: Literal["text", "headers"] = "text"
    jump_score: Literal["best", "might", "literal"] = "best"
    stand_cost: Literal["ceil", "floor", "exact"] = "ceil"
    grapple_halving: Literal["floor", "ceil"] = "floor"
    size_scaled_movement: bool = True
    sized_might_in_checks: bool = False
    speed_medium: int = Field(6, ge=1, le=60)
    landing_dc: int = Field(10, ge=1, le=40)
    near_range: int = Field(10, ge=1, le=1000)
    far_range: int = Field(30, ge=1, le=1000)
    starting_hit_points: int = Field(10, ge=1, le=999)


EXPLANATIONS: dict[str, str] = {
    "advantage_mode": "What one step of Advantage does is unknown: roll an extra d20 and keep "
                      "the best (or worst), or add ±2 per step.",
    "advantage_auto_at_3": "A later wiki revision: net Advantage +3 always succeeds, −3 always "
                           "fails.",
    "critical_threshold": "The wiki never gives the usual Critical Threshold: a natural 20 "
                          "unless a feature lowers it.",
    "natural_1_misses": "No rule found for a natural 1; by default it is just a low roll.",
    "incapacitated_bonus": "Attacks on the Incapacitated are automatic crits: the extra damage "
                           "only if the roll also met the Defense, or always.",
    "defense": "Static Defense (10 + …) or the July 2022 rolled Defense (1d20 + …, the attacker "
               "wins ties); the wiki's Guard formula was not found.",
    "physique_base": "The Physique Rating formula is unknown: this + Might + Size Modifier.",
    "size_modifiers": "Only the −8…+4 bounds are known; Size Modifiers Tiny…Gargantuan "
                      "(attacks subtract it, grapples add it).",
    "size_factors": "Jump tables scale Huge ×4 and Gargantuan ×8; the Size page says ×3 and ×4.",
    "jump_bands": "The text says ≤ 2 and ≥ 6; the tables' headers say < 2 and > 6 (a lost =).",
    "jump_score": "“Might or Agility”: the better of the two, Might alone, or either "
                  "(any score ≤ 2 weakens, any ≥ 6 strengthens).",
    "stand_cost": "Standing up costs ½ Speed; rounding is not said (exact allows half points).",
    "grapple_halving": "A grappler's halved Speed: rounding is not said.",
    "size_scaled_movement": "Climb, swim and crawl distances scale with the Size Multiplier "
                            "(a Large creature climbs 2 m for one metre's cost).",
    "sized_might_in_checks": "Might is multiplied by size on the Size page; whether checks use "
                             "the multiplied value is not said.",
    "speed_medium": "Speeds by size are unknown: a Medium creature's Speed, scaled by the Size "
                    "Multiplier for others (at least 1).",
    "landing_dc": "A rough or slippery landing may need an Agility check; its DC is not given.",
    "near_range": "Range bands are unknown: a new weapon's Near range in metres.",
    "far_range": "Range bands are unknown: a new weapon's Far range in metres.",
    "starting_hit_points": "The pages read give no hit-point rule: a new sheet starts with "
                           "this many.",
}
