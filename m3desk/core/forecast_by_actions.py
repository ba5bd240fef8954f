"""The forecast a game gets without a simulator of its own: fights played through the very
actions, odds and outcomes the action dialog offers (``EncounterRules.actions``/``preview``/
``resolve``), so the rules are written once by construction.

Each round everyone standing rolls initiative by the game's own roll (its
``roll_initiative``, else the scheme's plain die), then acts in the turn order the tracker
shows: an attacker picks, by the :class:`~m3desk.core.forecast.Policy`, among the foes one of
its attacks can reach now (the attack the preview gives the best odds, no problem), else
closes on the chosen foe by its first movement action the preview allows and, where the game
says the move leaves the turn open (``turn_over``), attacks after it. The dice are each
action's own ``dice``, rolled on the fight's stream; the turn and round hooks
(``turn_begins``, ``round_ended``) run as in the tracker. It is slower than a simulator on
plain numbers (every step is a real encounter), which the forecast's time-sized batches
absorb. Nothing here names a game.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from m3desk.core.dice import Roller
from m3desk.core.forecast import FightResult, Policy, Simulate, policy_key

if TYPE_CHECKING:
    from m3desk.core.encounter import Combatant, Encounter
    from m3desk.core.system import ActionOption, EncounterRules, GameSystem

__all__ = ["POLICY_WORDS", "ActionsSimulator", "play", "policy_words", "simulator_of"]

POLICY_WORDS = (
    "Each combatant strikes the foe it can reach with the best odds (the nearest, "
    "weakest or strongest of them, as chosen), else closes on that foe; played "
    "through the game's own actions."
)
"""The forecast's policy in words, for a game whose rules give none (``forecast_policy``)."""


class _StreamRoller(Roller):
    """The game's initiative roll on the fight's own stream."""

    def __init__(self, dice: random.Random) -> None:
        self._random = dice


@dataclass(frozen=True)
class ActionsSimulator:
    """A :data:`~m3desk.core.forecast.Simulate` for a game without one, picklable for the
    worker process: it names the game's module, which a fresh process imports."""

    system_id: str
    module: str

    def __call__(self, encounter: Encounter, dice: random.Random, policy: Policy) -> FightResult:
        return play(_rules(self.system_id, self.module), encounter, dice, policy)


_RULES: dict[tuple[str, str], EncounterRules] = {}


def _rules(system_id: str, module: str) -> EncounterRules:
    key = (system_id, module)
    rules = _RULES.get(key)
    if rules is None:
        if module:
            system: GameSystem = importlib.import_module(module).SYSTEM
        else:
            from m3desk.core import registry

            system = registry.get(system_id)
        assert system.encounter is not None
        _RULES[key] = rules = system.encounter
    return rules


def simulator_of(system: GameSystem) -> Simulate | None:
    """The game's forecast: its own simulator, else one played through its actions (None: a
    game that resolves no action cannot be forecast)."""
    rules = system.encounter
    if rules is None:
        return None
    if rules.simulate is not None:
        return rules.simulate
    if rules.resolve is None:
        return None
    from m3desk.core import registry

    return ActionsSimulator(system.id, registry.module_of(system.id))


def policy_words(system: GameSystem) -> str:
    """The forecast's policy as the game states it, or the generic one's words."""
    rules = system.encounter
    if rules is not None and rules.forecast_policy:
        return rules.forecast_policy
    return POLICY_WORDS if rules is not None and rules.simulate is None else ""


def _faces(option: ActionOption, dice: random.Random) -> tuple[int, ...]:
    return tuple(dice.randint(1, spec.sides) for spec in option.dice for _ in range(spec.number))


def _standing_sides(encounter: Encounter) -> set[str]:
    return {c.side for c in encounter.combatants if not encounter.out_of_fight(c)}


def _by_policy(
    rules: EncounterRules, encounter: Encounter, actor: str, foes: list[Combatant], policy: Policy
) -> list[Combatant]:
    """The foes in the policy's order of preference (the core's one policy,
    :func:`~m3desk.core.forecast.policy_key`): nearest first, or the fewest (most) points
    left of the game's pool first, the nearest first among equals, then roster order."""
    from m3desk.core.encounter import position_between

    def left(foe: Combatant) -> int:
        pool = rules.pool(foe)
        return pool[0] if pool is not None else 0

    return sorted(
        foes,
        key=lambda foe: policy_key(
            policy.target,
            left(foe) if policy.target != "nearest" else 0,
            position_between(encounter, actor, foe.id),
        ),
    )


def _best_attack(
    rules: EncounterRules, encounter: Encounter, actor: str, target: str
) -> ActionOption | None:
    best: ActionOption | None = None
    odds = -1.0
    for option in rules.actions(encounter, actor):
        if (
            option.group != "attack"
            or not option.needs_target
            or option.target not in (None, target)
        ):
            continue
        preview = rules.preview(encounter, actor, option.id, target)
        if preview.problem or preview.success is None:
            continue
        if float(preview.success) > odds:
            best, odds = option, float(preview.success)
    return best


def _closing(
    rules: EncounterRules, encounter: Encounter, actor: str, target: str
) -> ActionOption | None:
    for option in rules.actions(encounter, actor):
        if (
            option.group == "movement"
            and option.needs_target
            and option.target in (None, target)
            and not rules.preview(encounter, actor, option.id, target).problem
        ):
            return option
    return None


def _act(
    rules: EncounterRules, encounter: Encounter, actor: str, dice: random.Random, policy: Policy
) -> Encounter:
    assert rules.resolve is not None
    me = encounter.combatant(actor)
    for _step in range(2):  # at most a move and then an attack
        foes = [
            c for c in encounter.combatants if c.side != me.side and not encounter.out_of_fight(c)
        ]
        if not foes:
            return encounter
        ranked = _by_policy(rules, encounter, actor, foes, policy)
        # the first foe in that order that an attack reaches now (asked foe by foe, so a
        # big fight asks only until one answers)
        found = next(
            (
                (foe, attack)
                for foe in ranked
                if (attack := _best_attack(rules, encounter, actor, foe.id)) is not None
            ),
            None,
        )
        if found is not None:
            foe, option = found
        else:
            foe = ranked[0]
            closing = _closing(rules, encounter, actor, foe.id)
            if closing is None:
                return encounter
            option = closing
        try:
            outcome = rules.resolve(encounter, actor, option.id, foe.id, _faces(option, dice))
        except ValueError:
            return encounter
        encounter = outcome.encounter
        if rules.turn_over(encounter, actor, option) or encounter.out_of_fight(
            encounter.combatant(actor)
        ):
            return encounter
    return encounter


def _initiative(rules: EncounterRules, encounter: Encounter, dice: random.Random) -> Encounter:
    from m3desk.core.encounter import set_initiative
    from m3desk.core.initiative import roll_by_scheme

    if encounter.scheme.reroll_each_round or all(
        c.initiative is None for c in encounter.combatants
    ):
        encounter = set_initiative(encounter, {c.id: None for c in encounter.combatants})
    missing = [c.id for c in encounter.combatants if c.initiative is None]
    if not missing:
        return encounter
    roller = _StreamRoller(dice)
    if rules.roll_initiative is not None:
        return rules.roll_initiative(encounter, roller)
    if encounter.scheme.roller == "ranked_check":
        return encounter  # a check of the game's own that it does not roll: roster order
    return roll_by_scheme(encounter, missing, roller)


def play(
    rules: EncounterRules, encounter: Encounter, dice: random.Random, policy: Policy
) -> FightResult:
    """One whole fight from the encounter as it stands, played through the game's actions."""
    from m3desk.core.encounter import acting, turn_order

    if encounter.phase == "setup":
        encounter = encounter.model_copy(update={"phase": "rounds", "round": 1})
    rounds = 0
    while rounds < policy.max_rounds and len(_standing_sides(encounter)) > 1:
        rounds += 1
        encounter = _initiative(rules, encounter, dice)
        order = [c.id for group in turn_order(encounter) for c in group] or [
            c.id for c in acting(encounter)
        ]
        for actor in order:
            if len(_standing_sides(encounter)) <= 1:
                break
            if encounter.out_of_fight(encounter.combatant(actor)):
                continue
            encounter = encounter.model_copy(update={"turn": actor}).turn_begins(actor)
            encounter = _act(rules, encounter, actor, dice, policy)
        encounter, _expired = encounter.round_ended()
        encounter = encounter.model_copy(
            update={"phase": "rounds", "round": encounter.round + 1, "turn": None}
        )
    standing = _standing_sides(encounter)
    hit_points = {}
    for combatant in encounter.combatants:
        pool = rules.pool(combatant)
        if pool is not None:
            hit_points[combatant.id] = pool[0]
    return FightResult(
        winner=next(iter(standing)) if len(standing) == 1 else None,
        rounds=rounds,
        down=frozenset(c.id for c in encounter.combatants if encounter.out_of_fight(c)),
        hit_points=hit_points,
    )
