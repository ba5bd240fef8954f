"""Attacks: Advantage gathered and netted, barred attacks, the roll, critical hits, damage,
all with exact odds (digest §5–§7, seed "Attack", "Critical Hits", "Barred Attacks").

Advantage is a signed count N = (+ sources) − (− sources). In the default "dice" mode the
attacker rolls 1 + |N| d20 and keeps the highest (N > 0) or the lowest (N < 0); crits are
judged on the kept die. "flat" mode rolls one d20 and adds 2 per step. With the table rule on,
N ≥ +3 always succeeds and N ≤ −3 always fails.

A roll at or above the Critical Threshold is a critical hit: extra damage equal to the
largest damage die's maximum; if its total would still miss, it hits for normal damage.
Attacks on an Incapacitated target are automatic critical hits.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Literal, NamedTuple

from m3desk.core.dice import DiceExpr, convolve, sum_of_dice
from m3desk.systems.apparatus.option_rules import advantage_rule
from m3desk.systems.apparatus.options import ApparatusOptions

__all__ = [
    "AttackOdds",
    "Judgement",
    "Source",
    "advantage_sources",
    "attack_damage_distribution",
    "attack_odds",
    "barred",
    "crit_extra",
    "dice_count",
    "judge",
    "kept_distribution",
    "kept_face",
    "net_advantage",
]

Judgement = Literal["miss", "hit", "crit", "crit_normal"]
"""A miss; a hit; a critical hit (extra damage); a crit that would have missed (hits for
normal damage)."""


class Source(NamedTuple):
    label: str
    value: int
    """+1 or −1: one step of Advantage."""


def advantage_sources(
    *,
    attacker: Iterable[str],
    target: Iterable[str],
    exhaustion: int = 0,
    melee: bool,
    dual_wielding: bool = False,
    adjacent_hostile: bool = False,
    far_range: bool = False,
    target_evading: bool = False,
    static_defense: bool = True,
) -> tuple[Source, ...]:
    """Every Advantage source of the seed's list that applies, in the seed's order.

    ``attacker`` and ``target`` are condition ids; ``target_evading`` counts against the
    attacker only with static Defense (rolled Defense gives the evader the Advantage)."""
    mine, theirs = set(attacker), set(target)
    found: list[Source] = []
    if dual_wielding:
        found.append(Source("dual-wielding", 1))
    if "unseen" in mine:
        found.append(Source("attacker Unseen", 1))
    if "obscured" in theirs:
        found.append(Source("target Obscured", -1))
    if "frightened" in mine:
        found.append(Source("attacker Frightened", -1))
    if "poisoned" in mine:
        found.append(Source("attacker Poisoned", -1))
    if "prone" in mine:
        found.append(Source("attacker Prone", -1))
    if "prone" in theirs:
        found.append(
            Source("melee against a Prone target", 1)
            if melee
            else Source("ranged against a Prone target", -1)
        )
    if "restrained" in mine:
        found.append(Source("attacker Restrained", -1))
    if "restrained" in theirs:
        found.append(Source("target Restrained", 1))
    if exhaustion >= 3:
        found.append(Source(f"attacker Exhaustion {exhaustion}", -1))
    if not melee and adjacent_hostile:
        found.append(Source("ranged while adjacent to a hostile", -1))
    if not melee and far_range:
        found.append(Source("ranged at Far range", -1))
    if target_evading and static_defense:
        found.append(Source("target Evading", -1))
    return tuple(found)


def net_advantage(sources: Iterable[Source]) -> int:
    return sum(source.value for source in sources)


def barred(
    *,
    attacker: Iterable[str],
    target: Iterable[str],
    charmed_by_target: bool = False,
    ranged: bool = False,
    beyond_far: bool = False,
) -> str:
    """Why the attack cannot be made at all (the seed's Barred Attacks), or ""."""
    mine, theirs = set(attacker), set(target)
    if "incapacitated" in mine:
        return "An Incapacitated creature cannot attack."
    if "unseen" in theirs:
        return (
            "The target is Unseen: no attack without a clue to where it is (a clue makes "
            "it Obscured instead)."
        )
    if charmed_by_target:
        return "A Charmed creature cannot attack the source of its Charm."
    if ranged and beyond_far:
        return "The target is beyond Far range: no ranged attack."
    return ""


def dice_count(net: int, options: ApparatusOptions | None = None) -> int:
    """How many d20 the attacker rolls at net Advantage ``net``, as the table's Advantage
    rule says (:meth:`~m3desk.systems.apparatus.option_rules.AdvantageRule.dice_count`)."""
    return advantage_rule(options or ApparatusOptions()).dice_count(net)


def kept_face(faces: Iterable[int], net: int) -> int:
    rolled = tuple(faces)
    if not rolled:
        raise ValueError("an attack needs its d20")
    return max(rolled) if net > 0 else min(rolled) if net < 0 else rolled[0]


def kept_distribution(net: int, options: ApparatusOptions | None = None) -> dict[int, Fraction]:
    """The exact distribution of the kept d20 (highest of 1 + N, lowest of 1 + |N|)."""
    count = dice_count(net, options)
    whole = Fraction(1, 20**count)
    if count == 1:
        return {face: Fraction(1, 20) for face in range(1, 21)}
    if net > 0:
        return {f: (f**count - (f - 1) ** count) * whole for f in range(1, 21)}
    return {f: ((21 - f) ** count - (20 - f) ** count) * whole for f in range(1, 21)}


def judge(
    kept: int,
    bonus: int,
    defense: int,
    net: int,
    options: ApparatusOptions | None = None,
    *,
    incapacitated_target: bool = False,
    threshold: int | None = None,
) -> Judgement:
    """One attack roll judged: ``kept`` is the kept d20, ``bonus`` what the attacker adds,
    ``defense`` the number to reach (static Defense, or the defender's rolled total)."""
    options = options or ApparatusOptions()
    advantage = advantage_rule(options)
    threshold = options.critical_threshold if threshold is None else threshold
    total = kept + bonus + advantage.flat(net)
    critical = kept >= threshold
    met = total >= defense
    if incapacitated_target:
        return "crit" if met or options.incapacitated_bonus == "always" else "crit_normal"
    if advantage.automatic(net) and net < 0:
        return "miss"
    if advantage.automatic(net):
        met = True
    elif options.natural_1_misses and kept == 1:
        return "miss"
    if critical:
        return "crit" if met else "crit_normal"
    return "hit" if met else "miss"


class AttackOdds(NamedTuple):
    hit: Fraction
    """Any hit, critical or not."""
    crit: Fraction
    """A critical hit with its extra damage."""
    crit_normal: Fraction
    """A critical roll that would have missed: a hit for normal damage."""


def attack_odds(
    bonus: int,
    defense: int,
    net: int,
    options: ApparatusOptions | None = None,
    *,
    incapacitated_target: bool = False,
    threshold: int | None = None,
    defender_net: int | None = None,
) -> AttackOdds:
    """Exact odds of one attack. With ``defender_net`` set (rolled Defense) the defender
    rolls 1d20 + ``defense`` with that Advantage and the attacker wins ties."""
    options = options or ApparatusOptions()
    chances: dict[Judgement, Fraction] = {
        "miss": Fraction(0),
        "hit": Fraction(0),
        "crit": Fraction(0),
        "crit_normal": Fraction(0),
    }
    targets: dict[int, Fraction] = (
        {defense: Fraction(1)}
        if defender_net is None
        else {
            defense + face: chance
            for face, chance in kept_distribution(defender_net, options).items()
        }
    )
    for kept, chance in kept_distribution(net, options).items():
        for target, weight in targets.items():
            verdict = judge(
                kept,
                bonus,
                target,
                net,
                options,
                incapacitated_target=incapacitated_target,
                threshold=threshold,
            )
            chances[verdict] += chance * weight
    return AttackOdds(
        hit=chances["hit"] + chances["crit"] + chances["crit_normal"],
        crit=chances["crit"],
        crit_normal=chances["crit_normal"],
    )


def crit_extra(dice: Iterable[DiceExpr]) -> int:
    """The maximum of the largest damage die used (1d8 + 1d6: 8)."""
    return max((d.sides for d in dice if d.count), default=0)


def _damage_counts(dice: tuple[DiceExpr, ...]) -> tuple[dict[int, int], int]:
    counts: dict[int, int] = {0: 1}
    combos = 1
    for expr in dice:
        part = {
            value + expr.bonus: ways for value, ways in sum_of_dice(expr.count, expr.sides).items()
        }
        counts = convolve(counts, part)
        combos *= expr.combinations
    return counts, combos


def attack_damage_distribution(odds: AttackOdds, dice: tuple[DiceExpr, ...]) -> dict[int, Fraction]:
    """Exact damage of one attack, 0 for a miss: normal hits roll the dice, critical hits
    add the largest die's maximum. Damage is at least 0."""
    counts, combos = _damage_counts(dice)
    extra = crit_extra(dice)
    result: dict[int, Fraction] = {0: 1 - odds.hit}
    normal = odds.hit - odds.crit
    for value, ways in counts.items():
        share = Fraction(ways, combos)
        for amount, chance in (
            (max(0, value), normal * share),
            (max(0, value + extra), odds.crit * share),
        ):
            if chance:
                result[amount] = result.get(amount, Fraction(0)) + chance
    return result


def down(hit_points: int) -> bool:
    """Out of the fight: at 0 hit points or fewer a creature takes no more turns (the
    wiki pages we have do not say more). The encounter's ``out_of_fight`` and the forecast
    both ask this one rule."""
    return hit_points <= 0
