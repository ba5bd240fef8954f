"""The table rules of an Apparatus game: every rule the wiki leaves open or states twice.

Apparatus is a homebrew whose pages changed often; the digest (shared/rules/apparatus.md §12)
lists what is unknown or disputed. Each of those is a field here with the digest's default,
its label, its one-line reason and its choices in words on the field (an
:class:`~m3desk.core.options.Option` marker).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core.options import Option

__all__ = ["ApparatusOptions"]

SizeStep = Annotated[int, Field(ge=-20, le=20)]
"""A size's modifier: the wiki's run from −4 to +8, with room for a table's own."""
SizeSteps = tuple[SizeStep, SizeStep, SizeStep, SizeStep, SizeStep, SizeStep]
"""Tiny, Small, Medium, Large, Huge and Gargantuan's modifiers."""


class ApparatusOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    advantage_mode: Annotated[
        Literal["dice", "flat"],
        Option(
            "Advantage",
            "What one step of Advantage does is unknown: roll an extra d20 and keep the best (or "
            "worst), or add ±2 per step.",
            choices={"dice": "Extra d20s", "flat": "±2 a step"},
            section="Checks and attacks",
        ),
    ] = "dice"
    advantage_auto_at_3: Annotated[
        bool,
        Option(
            "Advantage ±3 decides",
            "A later wiki revision: net Advantage +3 always succeeds, −3 always fails.",
            section="Checks and attacks",
        ),
    ] = True
    cap_advantage_dice: Annotated[
        bool,
        Option(
            "At most 4 d20 at Advantage",
            "Roll at most 4 d20 at Advantage +3 or more: the hit is certain anyway, but fewer dice "
            "lower the chance of a critical hit.",
            section="Checks and attacks",
        ),
    ] = False
    critical_threshold: Annotated[
        int,
        Option(
            "Critical Threshold",
            "The wiki never gives the usual Critical Threshold: a natural 20 unless a feature "
            "lowers "
            "it.",
            section="Checks and attacks",
        ),
    ] = Field(20, ge=2, le=20)
    natural_1_misses: Annotated[
        bool,
        Option(
            "Natural 1 misses",
            "No rule found for a natural 1; by default it is just a low roll.",
            section="Checks and attacks",
        ),
    ] = False
    incapacitated_bonus: Annotated[
        Literal["if_met", "always"],
        Option(
            "Crits on the Incapacitated",
            "Attacks on the Incapacitated are automatic crits: the extra damage only if the roll "
            "also met the Defense, or always.",
            choices={"if_met": "Only if the roll meets Defense", "always": "Always"},
            section="Checks and attacks",
        ),
    ] = "if_met"
    defense: Annotated[
        Literal["static", "rolled"],
        Option(
            "Defense",
            "Static Defense (10 + …) or the July 2022 rolled Defense (1d20 + …, the attacker wins "
            "ties); the wiki's Guard formula was not found.",
            choices={"static": "Static (10 + …)", "rolled": "Rolled (1d20 + …)"},
            section="Checks and attacks",
        ),
    ] = "static"
    physique_base: Annotated[
        int,
        Option(
            "Physique Rating base",
            "The Physique Rating formula is unknown: this + Might + Size Modifier.",
            section="Size",
        ),
    ] = Field(10, ge=0, le=30)
    size_modifiers: Annotated[
        SizeSteps,
        Option(
            "Size Modifiers (Tiny … Gargantuan)",
            "Only the −8…+4 bounds are known; Size Modifiers Tiny…Gargantuan (attacks subtract it, "
            "grapples add it).",
            section="Size",
        ),
    ] = (-4, -2, 0, 2, 4, 8)
    size_factors: Annotated[
        Literal["tables", "size_page"],
        Option(
            "Jump size factors",
            "Jump tables scale Huge ×4 and Gargantuan ×8; the Size page says ×3 and ×4.",
            choices={"tables": "Jump tables (×4, ×8)", "size_page": "Size page (×3, ×4)"},
            section="Size",
        ),
    ] = "tables"
    jump_bands: Annotated[
        Literal["text", "headers"],
        Option(
            "Jump score bands",
            "The text says ≤ 2 and ≥ 6; the tables' headers say < 2 and > 6 (a lost =).",
            choices={"text": "The text (≤ 2, ≥ 6)", "headers": "The headers (< 2, > 6)"},
            section="Movement",
        ),
    ] = "text"
    jump_score: Annotated[
        Literal["best", "might", "literal"],
        Option(
            "Jump score",
            "“Might or Agility”: the better of the two, Might alone, or either (any score ≤ 2 "
            "weakens, any ≥ 6 strengthens).",
            choices={
                "best": "The better of Might and Agility",
                "might": "Might alone",
                "literal": "Either score",
            },
            section="Movement",
        ),
    ] = "best"
    stand_cost: Annotated[
        Literal["ceil", "floor", "exact"],
        Option(
            "Standing up rounds",
            "Standing up costs ½ Speed; rounding is not said (exact allows half points).",
            choices={"ceil": "Up", "floor": "Down", "exact": "Exact (half points)"},
            section="Movement",
        ),
    ] = "ceil"
    grapple_halving: Annotated[
        Literal["floor", "ceil"],
        Option(
            "Grappler's Speed rounds",
            "A grappler's halved Speed: rounding is not said.",
            choices={"floor": "Down", "ceil": "Up"},
            section="Movement",
        ),
    ] = "floor"
    size_scaled_movement: Annotated[
        bool,
        Option(
            "Size scales climbing and swimming",
            "Climb, swim and crawl distances scale with the Size Multiplier (a Large creature "
            "climbs "
            "2 m for one metre's cost).",
            section="Size",
        ),
    ] = True
    sized_might_in_checks: Annotated[
        bool,
        Option(
            "Checks use sized Might",
            "Might is multiplied by size on the Size page; whether checks use the multiplied value "
            "is not said.",
            section="Size",
        ),
    ] = False
    speed_medium: Annotated[
        int,
        Option(
            "Medium Speed (m)",
            "Speeds by size are unknown: a Medium creature's Speed, scaled by the Size Multiplier "
            "for others (at least 1).",
            section="Movement",
        ),
    ] = Field(6, ge=1, le=60)
    landing_dc: Annotated[
        int,
        Option(
            "Landing DC",
            "A rough or slippery landing may need an Agility check; its DC is not given.",
            section="Movement",
        ),
    ] = Field(10, ge=1, le=40)
    near_range: Annotated[
        int,
        Option(
            "Near range (m)",
            "Range bands are unknown: a new weapon's Near range in metres.",
            section="Movement",
        ),
    ] = Field(10, ge=1, le=1000)
    far_range: Annotated[
        int,
        Option(
            "Far range (m)",
            "Range bands are unknown: a new weapon's Far range in metres.",
            section="Movement",
        ),
    ] = Field(30, ge=1, le=1000)
    starting_hit_points: Annotated[
        int,
        Option(
            "New sheets' hit points",
            "The pages read give no hit-point rule: a new sheet starts with this many.",
            section="New characters",
        ),
    ] = Field(10, ge=1, le=999)
    ability_scores: Annotated[
        Literal["point_buy", "typed"],
        Option(
            "New characters' abilities",
            "The pages read give no way to make a character: points spent on the four abilities "
            "(the "
            "default), or scores typed as the table decides.",
            choices={"point_buy": "Points spent", "typed": "Typed from the table"},
            section="New characters",
        ),
    ] = "point_buy"
    ability_points: Annotated[
        int,
        Option(
            "Ability points to spend",
            "Points a new character spends on its abilities: 12 gives the samples' three in each "
            "(Might 3 is a strong adult).",
            section="New characters",
        ),
    ] = Field(12, ge=0, le=80)
    ability_cap: Annotated[
        int,
        Option(
            "Highest bought ability",
            "The highest score points may buy: 6 is where the jump rules call a score strong.",
            section="New characters",
        ),
    ] = Field(6, ge=1, le=20)
    opportunity_attacks: Annotated[
        Literal["note", "due"],
        Option(
            "Leaving an enemy's reach",
            "The wiki names opportunity attacks but gives no rule for them: by default leaving a "
            "hostile's reach is only noted.",
            choices={"note": "A note only", "due": "The enemy gets a free attack"},
            section="Checks and attacks",
        ),
    ] = "note"
