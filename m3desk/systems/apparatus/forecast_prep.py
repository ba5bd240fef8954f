"""What Apparatus's fight forecast reads once from an encounter, and the steps its play
is made of: the encounter as plain lists (:class:`_Prep`, cached by the encounter object,
which is frozen), each creature's conditions as numbers (:class:`_Derived`), an attack's
two float thresholds (:func:`_thresholds`), the grapples and timed conditions of one fight
(:class:`_Fight`) and a run through the plane (:func:`_move`). The fight itself is played
by :mod:`.forecast`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from m3desk.core import encounter as core
from m3desk.core.dice import DiceExpr, convolve, sum_of_dice
from m3desk.core.forecast import PreparedOnce
from m3desk.core.forecast_space import Foes
from m3desk.core.places import Place, Plane
from m3desk.systems.apparatus import combat, grapple
from m3desk.systems.apparatus.actions import attack_terms, weapons_of
from m3desk.systems.apparatus.derive import derive
from m3desk.systems.apparatus.movement import stand_cost_halves, step_cost, terrain_impassable
from m3desk.systems.apparatus.option_rules import defense_rule, opportunity_rule
from m3desk.systems.apparatus.options import ApparatusOptions
from m3desk.systems.apparatus.sheet import Sheet, Weapon
from m3desk.systems.apparatus.state import (
    INITIATIVE,
    ApparatusEncounter,
    evade_counts,
    exhaustion_level,
    held_conditions,
    options_of,
    sheet_of,
    speed_rule,
)
from m3desk.systems.apparatus.tables import Size

TABLE_LIMIT = 4096
"""Damage dice with at most this many face combinations are drawn from a table of all of
them (one random number); larger ones roll each die."""
_CACHE_SIZE = 8


# -- reading the encounter once -------------------------------------------------------------


@dataclass(slots=True)
class _Weapon:
    ranged: bool
    reach: int
    near: int
    far: int
    bonus: int
    """What the attack roll adds: Might (Forceful) or Agility (Finesse), Combat
    Proficiency, minus the Size Modifier (as the action dialog adds it up)."""
    dice: tuple[DiceExpr, ...]
    extra: int
    """A critical hit's extra damage: the largest die's maximum."""
    table: list[int] | None
    """Every equally likely damage total (bonuses included), or None: roll the dice."""


@dataclass(slots=True)
class _Grapple:
    grappler: int
    target: int
    tier: grapple.Tier


@dataclass(slots=True)
class _Timed:
    """A condition that runs out: its bearer, id, rounds left, and whether it was placed in
    the round the forecast starts in (its first round is then the next one)."""

    bearer: int
    condition: str
    rounds: int
    fresh: bool


@dataclass(slots=True)
class _Prep:
    encounter: ApparatusEncounter
    options: ApparatusOptions
    ids: list[str]
    n: int
    side: list[int]
    sides: list[str]
    hp: list[int]
    fallen: list[bool]
    """Who is down at the start (the encounter's ``out_of_fight`` rule)."""
    everyone: list[int]
    """Every combatant's index, in order."""
    initiative: list[int | None]
    tie: list[int]
    agility: list[int]
    size: list[Size]
    base_speed: list[int]
    run_halves: list[int]
    """Movement (in half points) per metre run on the creature's ground; 0: impassable."""
    stand_halves: list[int]
    weapons: list[list[_Weapon]]
    melee: list[list[int]]
    ranged: list[list[int]]
    max_reach: list[int]
    """The longest melee reach of each creature (−1: no melee weapon)."""
    max_far: list[int]
    """The longest Far range of each creature's missile weapons (−1: none)."""
    threat: int
    """The longest melee reach of anyone: no hostile farther away can be left."""
    opportunity: bool
    """Leaving a hostile's reach draws its strike (the table rule makes them due)."""
    dual: list[int]
    """+1 for a dual-wielder's melee attacks (the seed's Advantage source), else 0."""
    guard: list[int]
    physique: list[int]
    check: list[int]
    threshold: list[int]
    foes: list[list[int]]
    plane: Plane
    """Where everyone stands (each fight moves a copy; distances are measured from it, as
    each fight's :class:`~m3desk.core.forecast_space.Foes` asks them)."""
    placed: list[list[tuple[str, int, int]]]
    """Conditions placed on each creature: (id, value, source index or −1)."""
    timed: list[_Timed]
    grapples: list[_Grapple]
    evading: list[bool]
    # where the fight stands
    standing: list[int]
    """Creatures not down, per side."""
    sides_left: int
    order: list[list[int]] | None
    """The turn order, count by count, when every creature has its initiative (else it is
    rolled for those without, fight by fight)."""
    settled: bool
    """Nobody is prone or evading, no grapple, no condition runs out: what conditions mean
    cannot change during a fight (the simulator then shares the start's numbers)."""
    started: bool
    surprise: int
    """Index of the side that has a surprise round still to come (−1: none)."""
    current: list[list[int]]
    """The rest of the round under way, count by count (the creature whose turn it is
    first, then the later counts, then those who delayed)."""
    turn_halves: int
    """Movement left (half points) of the turn under way; −1: a fresh turn."""
    turn_action: bool
    odds: dict[int, tuple[float, float]]
    """Attack thresholds by (attacker, target, weapon, net Advantage, target state)."""
    melee_odds: dict[int, tuple[float, float]]
    """In a ``settled`` encounter, a melee attack's thresholds by (attacker, target, weapon)
    alone: what conditions mean never changes there, nor does a melee attack's Advantage."""
    escapes: dict[tuple[int, int, int], float]
    start: _Derived | None = None
    """What conditions and grapples mean at the start (each fight works on a copy unless
    the encounter is ``settled``)."""
    prefer_melee: list[list[list[int]]] | None = None
    """[attacker][foe]: its melee weapons, the best expected damage first."""
    prefer_ranged: list[list[list[int]]] | None = None
    sighted: bool = False
    """Nobody is Unseen and nobody Charmed at the start, so all fight (a fight only ever
    takes conditions away): every foe standing may be picked."""
    by_roll: dict[tuple[int, int, int, int, int, int], tuple[float, float]] = field(
        default_factory=dict
    )
    """The same thresholds by what the roll depends on (bonus, Defense, net Advantage,
    target state, critical threshold): a crowd's many pairs share a few rolls."""
    near: dict[str, Foes] = field(default_factory=dict)
    """The spatial index every fight begins with, by the policy's target: each fight plays
    on a copy (:meth:`~m3desk.core.forecast_space.Foes.copy`), its distances measured once."""


def _damage_table(weapon: Weapon) -> list[int] | None:
    dice = weapon.dice()
    combos = 1
    for expr in dice:
        combos *= expr.combinations
    if combos > TABLE_LIMIT:
        return None
    counts: dict[int, int] = {0: 1}
    for expr in dice:
        counts = convolve(
            counts,
            {
                value + expr.bonus: ways
                for value, ways in sum_of_dice(expr.count, expr.sides).items()
            },
        )
    return [value for value, ways in sorted(counts.items()) for _ in range(ways)]


def _weapon(sheet: Sheet, weapon: Weapon, size_modifier: int, options: ApparatusOptions) -> _Weapon:
    near, far = weapon.ranges(options)
    bonus = sum(value for _label, value in attack_terms(sheet, weapon, size_modifier))
    return _Weapon(
        ranged=weapon.ranged,
        reach=weapon.reach,
        near=near,
        far=far,
        bonus=bonus,
        dice=weapon.dice(),
        extra=combat.crit_extra(weapon.dice()),
        table=_damage_table(weapon),
    )


def _order(initiative: list[int | None], tie: list[int], who: list[int]) -> list[list[int]]:
    """Counts highest first, creatures on one count together (the tracker's turn order)."""
    return core.group_counts(
        [(i, value, tie[i]) for i in who if (value := initiative[i]) is not None],
        lower_first=INITIATIVE.lower_first,
    )


def _prepare(encounter: ApparatusEncounter) -> _Prep:
    options = options_of(encounter)
    combatants = encounter.combatants
    ids = [c.id for c in combatants]
    index = {cid: i for i, cid in enumerate(ids)}
    n = len(ids)
    sides = list(encounter.sides) + sorted({c.side for c in combatants} - set(encounter.sides))
    sheets = [sheet_of(encounter, cid) for cid in ids]
    derived = [derive(sheet, options) for sheet in sheets]
    base_speed = [d["speed"].value for d in derived]
    run_halves = _run_halves(encounter, ids, sheets, base_speed)
    weapons = [
        [_weapon(sheet, w, d["size_modifier"].value, options) for w in weapons_of(sheet)]
        for sheet, d in zip(sheets, derived, strict=True)
    ]
    placed, timed = _conditions(encounter, index)
    side = [sides.index(c.side) for c in combatants]
    plane = Plane(encounter.position_model, [encounter.places.get(c, Place()) for c in ids])
    initiative = [c.initiative for c in combatants]
    tie = [c.tie_order for c in combatants]
    standing = _standing(encounter, side, len(sides))
    prep = _Prep(
        encounter=encounter,
        options=options,
        ids=ids,
        n=n,
        side=side,
        sides=sides,
        hp=[s.hit_points for s in sheets],
        fallen=[combat.down(s.hit_points) for s in sheets],
        everyone=list(range(n)),
        initiative=initiative,
        tie=tie,
        agility=[s.abilities.agility for s in sheets],
        size=[s.size for s in sheets],
        base_speed=base_speed,
        run_halves=run_halves,
        stand_halves=[stand_cost_halves(speed, options) for speed in base_speed],
        weapons=weapons,
        melee=[[k for k, w in enumerate(ws) if not w.ranged] for ws in weapons],
        ranged=[[k for k, w in enumerate(ws) if w.ranged] for ws in weapons],
        max_reach=[max((w.reach for w in ws if not w.ranged), default=-1) for ws in weapons],
        max_far=[max((w.far for w in ws if w.ranged), default=-1) for ws in weapons],
        threat=max((w.reach for ws in weapons for w in ws if not w.ranged), default=-1),
        opportunity=opportunity_rule(options).due,
        dual=[
            combat.net_advantage(
                combat.advantage_sources(
                    attacker=(), target=(), melee=True, dual_wielding=s.dual_wielding
                )
            )
            for s in sheets
        ],
        guard=[d["defense.guard"].value for d in derived],
        physique=[d["physique"].value for d in derived],
        check=[d["grapple"].value for d in derived],
        threshold=[d["critical_threshold"].value for d in derived],
        foes=[[j for j in range(n) if side[j] != side[i]] for i in range(n)],
        plane=plane,
        placed=placed,
        timed=timed,
        grapples=[
            _Grapple(index[g.grappler], index[g.target], g.tier)
            for g in encounter.grapples
            if g.grappler in index and g.target in index
        ],
        evading=[cid in encounter.evading for cid in ids],
        settled=not (
            timed
            or encounter.grapples
            or encounter.evading
            or any(c == "prone" for mine in placed for c, _v, _s in mine)
        ),
        standing=standing,
        sides_left=sum(1 for count in standing if count),
        order=None if None in initiative else _order(initiative, tie, list(range(n))),
        started=encounter.phase != "setup",
        surprise=-1,
        current=[],
        turn_halves=-1,
        turn_action=True,
        odds={},
        melee_odds={},
        escapes={},
    )
    _where_the_fight_stands(prep, encounter, index)
    return prep


def _run_halves(
    encounter: ApparatusEncounter, ids: list[str], sheets: list[Sheet], base_speed: list[int]
) -> list[int]:
    """What a metre of running costs each combatant on its ground, in half-Movement (0 where
    the ground cannot be run on)."""
    run_halves = []
    for i, cid in enumerate(ids):
        difficulty = encounter.terrain.get(cid, 0)
        impassable = terrain_impassable("run", difficulty, base_speed[i])
        run_halves.append(
            0 if impassable else 2 * step_cost("run", 1, sheets[i].size, difficulty=difficulty)
        )
    return run_halves


def _conditions(
    encounter: ApparatusEncounter, index: dict[str, int]
) -> tuple[list[list[tuple[str, int, int]]], list[_Timed]]:
    """Each combatant's conditions (name, value, source's index) and those that run out."""
    first_round = (
        encounter.round if encounter.phase != "setup" else 0 if encounter.surprise_side else 1
    )
    placed: list[list[tuple[str, int, int]]] = []
    timed: list[_Timed] = []
    for i, combatant in enumerate(encounter.combatants):
        mine = []
        for condition in combatant.conditions:
            source = index.get(condition.source or "", -1)
            mine.append((condition.condition, condition.value, source))
            if condition.rounds is not None:
                stamp = encounter.applied_at.get(condition.id)
                timed.append(
                    _Timed(
                        i,
                        condition.condition,
                        condition.rounds,
                        stamp is not None and stamp.round == first_round,
                    )
                )
        placed.append(mine)
    return placed, timed


def _standing(encounter: ApparatusEncounter, side: list[int], sides: int) -> list[int]:
    """How many of each side are still in the fight."""
    standing = [0] * sides
    for i, combatant in enumerate(encounter.combatants):
        if not encounter.out_of_fight(combatant):
            standing[side[i]] += 1
    return standing


def _where_the_fight_stands(
    prep: _Prep, encounter: ApparatusEncounter, index: dict[str, int]
) -> None:
    if not prep.started:
        if encounter.surprise_side in prep.sides:
            prep.surprise = prep.sides.index(encounter.surprise_side)
        return
    who = [
        i
        for i, c in enumerate(encounter.combatants)
        if encounter.phase != "surprise" or c.side == encounter.surprise_side
    ]
    waiting = [i for i in who if encounter.combatants[i].delayed]
    counts = _order(prep.initiative, prep.tie, [i for i in who if i not in waiting])
    flat = [i for count in counts for i in count]
    turn = index.get(encounter.turn or "", -1)
    if turn not in flat:
        return  # between rounds: the next round starts afresh
    resume = index.get(encounter.resume or "", -1)
    after = resume if resume in flat and resume != turn else -1
    start = flat.index(after) if after >= 0 else flat.index(turn) + 1
    rest = [[i for i in count if i in flat[start:]] for count in counts]
    prep.current = [[turn], *[count for count in rest if count], *[[i] for i in waiting]]
    state = encounter.turns.get(encounter.turn or "")
    if state is None:
        prep.turn_halves, prep.turn_action = -1, True  # a fresh turn: Movement = Speed
    else:
        prep.turn_halves = 0 if state.long_jumped else state.halves
        prep.turn_action = not state.action_used


def _prep_for(encounter: ApparatusEncounter) -> _Prep:
    return _CACHE(encounter)


_CACHE: PreparedOnce[ApparatusEncounter, _Prep] = PreparedOnce(_prepare, _CACHE_SIZE)


# -- the derived state: what conditions and grapples mean for each creature -----------------


class _Derived:
    """What each creature's conditions and grapples mean now, per creature: its own
    Advantage, the Advantage of melee and of ranged attacks against it, its Speed this turn,
    Incapacitated, the defender's Advantage (rolled Defense), Unseen, Prone, and whom it
    may not attack (the source of a Charm)."""

    __slots__ = (
        "charmed",
        "conds",
        "defnet",
        "incap",
        "own",
        "prone",
        "speed",
        "unseen",
        "vs_melee",
        "vs_ranged",
    )

    def __init__(self, n: int) -> None:
        self.conds: list[set[str]] = [set() for _ in range(n)]
        self.charmed: list[set[int]] = [set() for _ in range(n)]
        self.own = [0] * n
        self.vs_melee = [0] * n
        self.vs_ranged = [0] * n
        self.speed = [0] * n
        self.incap = [0] * n
        self.defnet = [0] * n
        self.unseen = [False] * n
        self.prone = [False] * n

    def copy(self) -> _Derived:
        """A twin for one fight (:meth:`refresh` replaces the sets, never changes them)."""
        twin = _Derived.__new__(_Derived)
        twin.conds, twin.charmed = self.conds[:], self.charmed[:]
        twin.own, twin.vs_melee, twin.vs_ranged = self.own[:], self.vs_melee[:], self.vs_ranged[:]
        twin.speed, twin.incap, twin.defnet = self.speed[:], self.incap[:], self.defnet[:]
        twin.unseen, twin.prone = self.unseen[:], self.prone[:]
        return twin

    def refresh(
        self,
        prep: _Prep,
        i: int,
        placed: list[list[tuple[str, int, int]]],
        grapples: list[_Grapple],
        evading: list[bool],
    ) -> None:
        """Work creature ``i`` out again after its conditions or grapples changed, as
        ``state.conditions_of``, ``state.speed_now`` and the dialog's Advantage do."""
        conds = held_conditions(
            (c for c, _value, _source in placed[i]), (g.tier for g in grapples if g.target == i)
        )
        exhaustion = exhaustion_level((c, v) for c, v, _s in placed[i])
        grappling = any(
            g.grappler == i and grapple.halves_grappler(prep.size[i], prep.size[g.target])
            for g in grapples
        )
        speed, _why = speed_rule(prep.base_speed[i], conds, grappling, prep.options)
        static = defense_rule(prep.options).static
        evades = evade_counts(evading[i], speed)
        self.conds[i] = conds
        self.charmed[i] = {s for c, _v, s in placed[i] if c == "charmed" and s >= 0}
        self.own[i] = combat.net_advantage(
            combat.advantage_sources(attacker=conds, target=(), exhaustion=exhaustion, melee=True)
        )
        for melee, into in ((True, self.vs_melee), (False, self.vs_ranged)):
            into[i] = combat.net_advantage(
                combat.advantage_sources(
                    attacker=(),
                    target=conds,
                    melee=melee,
                    target_evading=evades,
                    static_defense=static,
                )
            )
        self.speed[i] = speed
        self.incap[i] = 1 if "incapacitated" in conds else 0
        self.defnet[i] = 1 if (not static and evades) else 0
        self.unseen[i] = "unseen" in conds
        self.prone[i] = "prone" in conds


_RANGED_SITUATION = {
    (adjacent, far): combat.net_advantage(
        combat.advantage_sources(
            attacker=(), target=(), melee=False, adjacent_hostile=adjacent, far_range=far
        )
    )
    for adjacent in (False, True)
    for far in (False, True)
}
"""The seed's ranged-only Advantage sources: adjacent to a hostile, at Far range."""


def _thresholds(
    prep: _Prep, a: int, w: int, t: int, net: int, incap: int, defnet: int
) -> tuple[float, float]:
    """The chance to miss, and to miss or crit: the exact odds the dialog shows, as floats."""
    weapon = prep.weapons[a][w]
    key = (weapon.bonus, prep.guard[t], net, incap, prep.threshold[a], defnet)
    found = prep.by_roll.get(key)
    if found is not None:
        return found
    odds = combat.attack_odds(
        weapon.bonus,
        prep.guard[t],
        net,
        prep.options,
        incapacitated_target=bool(incap),
        threshold=prep.threshold[a],
        defender_net=defense_rule(prep.options).defender_net(defnet),
    )
    miss = 1 - odds.hit
    found = prep.by_roll[key] = (float(miss), float(miss + odds.crit))
    return found


def _mean_damage(weapon: _Weapon) -> float:
    if weapon.table:
        return sum(weapon.table) / len(weapon.table)
    return sum(d.count * (d.sides + 1) / 2 + d.bonus for d in weapon.dice)


def _preferences(prep: _Prep, derived: _Derived, melee: bool) -> list[list[list[int]]]:
    """For each attacker and foe, its melee (or ranged) weapons, the best expected damage
    first, at the Advantage of the start."""
    found: list[list[list[int]]] = [[[] for _ in range(prep.n)] for _ in range(prep.n)]
    for a in range(prep.n):
        kinds = prep.melee[a] if melee else prep.ranged[a]
        for t in prep.foes[a]:
            if len(kinds) < 2:
                found[a][t] = kinds
                continue
            net = derived.own[a] + (
                derived.vs_melee[t] + prep.dual[a] if melee else derived.vs_ranged[t]
            )

            def worth(k: int, a: int = a, t: int = t, net: int = net) -> tuple[float, int]:
                weapon = prep.weapons[a][k]
                miss, crit = _thresholds(prep, a, k, t, net, derived.incap[t], derived.defnet[t])
                return -((1 - miss) * _mean_damage(weapon) + (crit - miss) * weapon.extra), k

            found[a][t] = sorted(kinds, key=worth)
    return found


def _start(prep: _Prep) -> _Derived:
    if prep.start is None:
        derived = _Derived(prep.n)
        for i in range(prep.n):
            derived.refresh(prep, i, prep.placed, prep.grapples, prep.evading)
        prep.prefer_melee = _preferences(prep, derived, True)
        prep.prefer_ranged = _preferences(prep, derived, False)
        prep.sighted = not any(derived.unseen) and not any(derived.charmed)
        prep.start = derived
    return prep.start


# -- one fight ------------------------------------------------------------------------------


class _Fight:
    """The state of one fight besides hit points and distances, and the rare events that
    change it (standing up, conditions running out, an Evade ending, grapples). Lists are
    changed in place: the fight's loop holds on to them."""

    __slots__ = ("derived", "evading", "grapples", "own_placed", "placed", "prep", "timed")

    def __init__(self, prep: _Prep, start: _Derived) -> None:
        self.prep = prep
        self.placed = prep.placed
        self.own_placed = False
        if prep.settled:
            # Nothing can change what conditions mean in this fight: share the start.
            self.derived, self.grapples, self.evading, self.timed = start, [], prep.evading, []
            return
        self.derived = start.copy()
        self.grapples = [_Grapple(g.grappler, g.target, g.tier) for g in prep.grapples]
        self.evading = prep.evading[:]
        self.timed = [_Timed(t.bearer, t.condition, t.rounds, t.fresh) for t in prep.timed]

    def _placed(self) -> list[list[tuple[str, int, int]]]:
        if not self.own_placed:
            self.placed = [p[:] for p in self.placed]
            self.own_placed = True
        return self.placed

    def refresh(self, *who: int) -> None:
        for i in who:
            self.derived.refresh(self.prep, i, self.placed, self.grapples, self.evading)

    def stand(self, i: int) -> None:
        placed = self._placed()
        placed[i] = [p for p in placed[i] if p[0] != "prone"]
        self.timed[:] = [t for t in self.timed if not (t.bearer == i and t.condition == "prone")]
        self.refresh(i)

    def stop_evading(self, i: int) -> None:
        self.evading[i] = False
        self.refresh(i)

    def holds(self, i: int) -> bool:
        return any(g.grappler == i for g in self.grapples)

    def release(self, down: int) -> None:
        """Grapples end when the grappler or the one held goes down."""
        ended = [g for g in self.grapples if down in (g.grappler, g.target)]
        if ended:
            self.grapples[:] = [g for g in self.grapples if g not in ended]
            self.refresh(*{i for g in ended for i in (g.grappler, g.target)})

    def round_ended(self) -> None:
        """Timed conditions count down as the tracker's round end does (one placed in the
        round the forecast starts in first counts at the end of the next)."""
        kept, gone = [], []
        for t in self.timed:
            left = core.counted_down(t.rounds, t.fresh)
            t.fresh = False
            if left:
                t.rounds = left
                kept.append(t)
            else:
                gone.append(t)
        self.timed[:] = kept
        for t in gone:
            mine = self._placed()[t.bearer]
            for k, (condition, _v, _s) in enumerate(mine):
                if condition == t.condition:
                    del mine[k]
                    break
            self.refresh(t.bearer)

    def escape(self, dice: random.Random, a: int) -> None:
        """``a`` spends its Standard Action to Escape: the grappler rolls to sustain its
        hold (the dialog's check); a failed check loosens the grapple by a tier."""
        prep, d = self.prep, self.derived
        held = next(g for g in self.grapples if g.target == a)
        g = held.grappler
        net = d.own[g] + d.vs_melee[a] + prep.dual[g]
        fail = prep.escapes.get((g, a, net))
        if fail is None:
            odds = grapple.check_odds(
                prep.check[g], prep.physique[a], net, prep.options, threshold=prep.threshold[g]
            )
            fail = prep.escapes[(g, a, net)] = float(odds["failure"])
        if dice.random() < fail:
            lower = grapple.downgraded(held.tier)
            if lower is None:
                self.grapples.remove(held)
            else:
                held.tier = lower
            self.refresh(g, a)


def _move(near: Foes, a: int, t: int, metres: int, fallen: list[bool], budget: int) -> int:
    """``a`` runs ``metres`` towards ``t`` (:meth:`Foes.step`), to a spot no creature
    standing holds within ``budget`` metres (:func:`core.places.free_spot`); the spatial
    index ``near`` is told of the move, and measures every distance from the places again.
    Returns the distance to ``t`` now."""
    near.step(a, t, near.feet(a, t) - metres, fallen, budget)
    return near.feet(a, t)
