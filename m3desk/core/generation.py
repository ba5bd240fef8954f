"""How a game makes a new character, as data and pure functions (File → New Character).

A game describes its generation with a :class:`Generation`: the abilities it rolls (or buys),
the methods the table may use (:class:`AbilityMethod`: dice rolled per ability and how many
kept, in order or arranged; a point buy; scores typed from the table's own dice), the choices
a character makes (race, class, ancestry, calling: :class:`PickGroup`) with why a choice is
barred by the scores, the adjustments a choice makes, the hit points by the game's
starting-hit-points rule and the sheet that results. The generic dialog renders any game's
description; nothing here names a game.

Every function takes a :class:`Draft`: the scores as generated (before any adjustment), the
choices made, the game's reference data and the faces rolled for hit points (if its rule
rolls them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from pydantic import BaseModel

from m3desk.core.dice import DiceExpr

if TYPE_CHECKING:
    from m3desk.core.dice import Roller

__all__ = [
    "DROP_LOWEST",
    "IN_ORDER",
    "TYPED",
    "AbilityMethod",
    "Draft",
    "Generation",
    "Pick",
    "PickGroup",
    "ScoreRoll",
    "default_method",
    "first_hit_die",
    "method_problem",
    "methods_of",
    "points_left",
    "roll_scores",
]

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class AbilityMethod(NamedTuple):
    """One way to get a new character's ability scores.

    ``roll``: ``dice`` per ability, the highest ``keep`` dice counted (0: all), the scores
    in the abilities' order or, with ``arrange``, placed where the player likes.
    ``point_buy``: every score starts at ``base`` and costs one point a step up to ``cap``,
    ``points`` in all. ``typed``: the table rolls its own dice and types each score.
    """

    id: str
    label: str
    help: str
    kind: Literal["roll", "point_buy", "typed"]
    dice: str = "3d6"
    keep: int = 0
    arrange: bool = False
    points: int = 0
    base: int = 0
    cap: int = 0


class Pick(NamedTuple):
    """One entry of a choice (a class, a race), with its requirement in a few words."""

    id: str
    label: str
    note: str = ""


class PickGroup(NamedTuple):
    """A choice a new character makes ("race", "class"): its entries from the game's data.

    ``free_text``: the player may also type an entry of their own (the entries are
    suggestions)."""

    id: str
    label: str
    picks: Callable[[Mapping[str, Any]], tuple[Pick, ...]]
    free_text: bool = False
    help: str = ""
    default: str = ""
    """The pick offered first (its id); "": the first entry."""


class Draft(NamedTuple):
    """A character being made: its name, scores as generated, choices, the game's data and
    the faces its hit-point rule rolled (empty when the rule rolls nothing)."""

    name: str
    scores: Mapping[str, int]
    picks: Mapping[str, str]
    data: Mapping[str, Any] = _EMPTY
    hp_faces: tuple[int, ...] = ()
    shifts: Mapping[str, int] = _EMPTY
    """Points the player moved between abilities, where the game allows it (OSE: −2 on
    STR for +1 on the prime requisite), by ability."""


def _same_scores(draft: Draft) -> dict[str, int]:
    return dict(draft.scores)


def _always(_draft: Draft, _group: str, _pick: str) -> str:
    return ""


def _no_problem(_draft: Draft) -> str:
    return ""


def _no_notes(_draft: Draft, _options: BaseModel) -> tuple[str, ...]:
    return ()


def _as_listed(method: AbilityMethod, _options: BaseModel) -> AbilityMethod:
    return method


def _no_dice(_draft: Draft, _options: BaseModel) -> DiceExpr | None:
    return None


class Generation(NamedTuple):
    """How one game makes a new character (``GameSystem.generation``)."""

    abilities: tuple[str, ...]
    """The abilities in the book's order, by the keys the sheet uses ("STR", "might")."""
    ability_names: Mapping[str, str]
    """Each ability in words ("Strength")."""
    methods: tuple[AbilityMethod, ...]
    """The methods the table may use; the first is the game's own."""
    score_range: tuple[int, int]
    """The lowest and highest score a method may give (typed scores are checked)."""
    build: Callable[[Draft, BaseModel], BaseModel]
    """The new sheet: the draft's scores (adjusted), choices and hit points."""
    hit_points: Callable[[Draft, BaseModel], tuple[int, str]]
    """The starting hit points by the game's rule and where they come from in words."""
    groups: tuple[PickGroup, ...] = ()
    method_option: str = ""
    """The options field naming the table's method (its value is a method id); "": the first."""
    data_file: str = ""
    """A reference-data file the app reads for ``PickGroup.picks`` (races and classes)."""
    adjusted: Callable[[Draft], dict[str, int]] = _same_scores
    """The scores after the choices' adjustments (a race's +1 DEX)."""
    unavailable: Callable[[Draft, str, str], str] = _always
    """Why a pick (group id, pick id) is barred for these scores and choices, in words;
    "" when it is open."""
    notes: Callable[[Draft, BaseModel], tuple[str, ...]] = _no_notes
    """What else follows and the table should see: a prime requisite's XP bonus, adjustments."""
    hit_dice: Callable[[Draft, BaseModel], DiceExpr | None] = _no_dice
    """The dice the starting-hit-points rule rolls (None: the rule rolls nothing)."""
    tune: Callable[[AbilityMethod, BaseModel], AbilityMethod] = _as_listed
    """A method as the table's options set it (a point buy's budget)."""
    shift_range: Callable[[Draft, str], tuple[int, int, int]] | None = None
    """Where the game lets the player move points between abilities after generating them:
    for an ability under these scores and choices, the lowest and highest shift and its
    step ((0, 0, 1): fixed); None: the game has no such rule."""
    shift_problem: Callable[[Draft], str] = _no_problem
    """Why the shifts made do not follow the rule, in a sentence; "" when they do."""
    shift_help: str = ""
    """The rule in a sentence, shown above the shifts."""


class ScoreRoll(NamedTuple):
    """The dice rolled for one score, the ones kept and their total."""

    faces: tuple[int, ...]
    kept: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.kept)

    def text(self) -> str:
        """ "6 5 3 (1) = 14": the dice, a dropped die in brackets, the total."""
        dropped = list(self.faces)
        for face in self.kept:
            dropped.remove(face)
        shown = [str(face) for face in sorted(self.kept, reverse=True)]
        shown += [f"({face})" for face in sorted(dropped, reverse=True)]
        return f"{' '.join(shown)} = {self.total}"


def kept_dice(faces: tuple[int, ...], keep: int) -> ScoreRoll:
    """The roll with its highest ``keep`` faces kept (0: every face)."""
    kept = tuple(sorted(faces, reverse=True)[:keep]) if keep else faces
    return ScoreRoll(faces, kept)


def roll_scores(method: AbilityMethod, count: int, roller: Roller) -> tuple[ScoreRoll, ...]:
    """``count`` scores rolled by the method's dice through the roller (one per ability)."""
    expr = DiceExpr.parse(method.dice)
    return tuple(kept_dice(roller.roll_faces(expr), method.keep) for _ in range(count))


def methods_of(generation: Generation, options: BaseModel) -> tuple[AbilityMethod, ...]:
    """The game's methods as the table's options set them."""
    return tuple(generation.tune(method, options) for method in generation.methods)


def default_method(generation: Generation, options: BaseModel) -> AbilityMethod:
    """The method the table's options name, else the game's own (the first)."""
    methods = methods_of(generation, options)
    wanted = getattr(options, generation.method_option, None) if generation.method_option else None
    return next((method for method in methods if method.id == wanted), methods[0])


def points_left(method: AbilityMethod, scores: Mapping[str, int]) -> int:
    """A point buy's points not yet spent (negative: overspent)."""
    return method.points - sum(score - method.base for score in scores.values())


def method_problem(generation: Generation, method: AbilityMethod, scores: Mapping[str, int]) -> str:
    """Why these scores do not follow the method, in a sentence; "" when they do."""
    low, high = (method.base, method.cap) if method.kind == "point_buy" else generation.score_range
    for ability in generation.abilities:
        score = scores.get(ability)
        name = generation.ability_names.get(ability, ability)
        if score is None:
            return f"{name} has no score yet."
        if not low <= score <= high:
            return f"{name} {score} is outside {low}–{high}."
    if method.kind == "point_buy":
        left = points_left(method, scores)
        if left < 0:
            return f"{-left} point{'s' if left < -1 else ''} over the {method.points} to spend."
    return ""


IN_ORDER = AbilityMethod(
    "3d6_in_order",
    "3d6 in order",
    "Roll 3d6 for each ability in turn; the scores stay where they fall.",
    "roll",
    "3d6",
)
DROP_LOWEST = AbilityMethod(
    "4d6_drop_lowest",
    "4d6 drop the lowest, arranged",
    "Roll 4d6 six times and drop each roll's lowest die; put the scores where you like.",
    "roll",
    "4d6",
    keep=3,
    arrange=True,
)
TYPED = AbilityMethod(
    "typed",
    "Typed from the table",
    "The players roll their own dice at the table and type each score.",
    "typed",
)
"""The methods most games share (each game lists the ones its table may use)."""


def first_hit_die(
    die: int, rule: str, rolled: int | None, modifier: int, unrolled: int
) -> tuple[int, str]:
    """First-level hit points from one hit die and a score's modifier (at least 1), by a
    starting-hit-points rule ("average", "maximum", "roll"), and where they come from:
    ``rolled`` is the die read when the rule rolled it; ``unrolled`` the game's own value
    otherwise (its average or maximum with the modifier)."""
    from m3desk.core.numbers import signed

    if rule == "roll" and rolled is not None:
        hp, where = max(1, rolled + modifier), f"d{die} rolled {rolled}"
    else:
        hp = unrolled
        where = f"d{die} {'maximum' if rule == 'maximum' else 'average'}"
        where += " until rolled" if rule == "roll" else ""
    return hp, f"{hp} ({where}, CON {signed(modifier)}, at least 1)"
