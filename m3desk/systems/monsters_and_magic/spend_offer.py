"""Which spends the effect points at hand can legally buy, and why the others cannot.

Every answer comes from the rules core: a candidate plan is put to
:func:`~m3desk.systems.monsters_and_magic.check_plan`, and the problems it reports (the new ones,
compared with
the plan as it stands) are the reason shown beside a disabled choice. The assistant never
decides legality itself, so a table rule changed in the core changes what is offered.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pydantic import ValidationError

from m3desk.systems.monsters_and_magic import (
    CharacterSheet,
    Condition,
    ConditionKind,
    ConditionSpend,
    DamageSpend,
    HelpSpend,
    MonsterSheet,
    RangeBand,
    RangeSpend,
    SpendPlan,
    TableRules,
    Tier,
    apply_plan,
    bumped_points,
    check_plan,
    tier_cost,
)
from m3desk.systems.monsters_and_magic.action import Resolution
from m3desk.systems.monsters_and_magic.action_kind import ActionKind
from m3desk.systems.monsters_and_magic.check_request import CheckRequest
from m3desk.systems.monsters_and_magic.check_text import damage_cap_text
from m3desk.systems.monsters_and_magic.encounter import Encounter, range_between
from m3desk.systems.monsters_and_magic.option_rules import hero_bump_rule
from m3desk.systems.monsters_and_magic.ranges import WeaponReach, bands_between, shift
from m3desk.systems.monsters_and_magic.spend_draft import ConditionDraft, SpendDraft
from m3desk.systems.monsters_and_magic.spending import (
    Budget,
    Outcome,
    Problem,
    ProblemCode,
    help_condition,
    range_steps,
)

__all__ = ["Choice", "Limit", "SpendOffer", "offer_for"]

Sheet = CharacterSheet | MonsterSheet
TIERS = (Tier.MINOR, Tier.MAJOR, Tier.EXTREME)


@dataclass(frozen=True, slots=True)
class Choice:
    """Whether a spend can be chosen now; ``reason`` says why not, in the table's words."""

    allowed: bool
    reason: str = ""
    unaffordable: bool = False
    """Only the effect points are short (the rules would allow it)."""


@dataclass(frozen=True, slots=True)
class Limit:
    """The most a quantity (bands, damage, hero points) can be; ``reason`` explains the bound."""

    maximum: int
    reason: str = ""


class SpendOffer:
    """The effect points of one resolved check and who they can be spent on."""

    def __init__(
        self,
        *,
        action: ActionKind,
        effect_points: int,
        succeeded: bool,
        actor: Sheet,
        target: Sheet | None,
        damage_cap: int | None,
        mental: bool,
        current_range: RangeBand | None,
        rules: TableRules,
        recipient_name: str = "",
        damage_cap_computed: int | None = None,
        reach: WeaponReach | None = None,
    ) -> None:
        self.action = action
        self.effect_points = effect_points
        self.succeeded = succeeded
        self.actor = actor
        self.target = target
        """Who takes consequences and damage (None for help, or a check without a target)."""
        self.damage_cap = damage_cap
        """The check's maximum damage: the GM's when set, else the computed one."""
        self.damage_cap_computed = damage_cap_computed
        self.mental = mental
        self.current_range = current_range
        self.rules = rules
        self.recipient_name = recipient_name
        """The ally a help action is for."""
        self.reach = reach
        """The bands the attack works from (None: the check needs no reach)."""

    @property
    def moving_only(self) -> bool:
        """A change-range check: its effect points move, they do no damage."""
        return self.action is ActionKind.CHANGE_RANGE

    @property
    def damage_offered(self) -> bool:
        return not self.helping and not self.moving_only and self.target is not None

    def bands_needed(self) -> int:
        """Signed bands the attack must move before it can land (0: in reach, or no rule)."""
        if self.reach is None or self.current_range is None or not self.reach.bands:
            return 0
        return self.reach.steps_from(self.current_range) or 0

    def range_required(self) -> int:
        """The range change to choose for the user: the bands needed when they are the only
        way to a damage or an effect and the effect points pay for them; else 0."""
        needed = self.bands_needed()
        if not needed or not self.succeeded or self.helping:
            return 0
        cost = abs(needed) * self.rules.range_band_cost
        return needed if cost <= self.effect_points else 0

    def reach_note(self, draft: SpendDraft) -> str:
        """Where the attack stands with the range the draft buys ('' when in reach)."""
        if self.reach is None or self.current_range is None or not self.reach.bands:
            return ""
        after = shift(self.current_range, range_steps(self.plan(draft), self.rules))
        if self.reach.reaches(after):
            return ""
        needed = self.reach.steps_from(after) or 0
        count = abs(needed)
        cost = count * self.rules.range_band_cost
        more = "" if after == self.current_range else " more"
        note = (
            f"{self.reach.describe()}: {count}{more} band{'s' if count != 1 else ''} "
            f"{'closer' if needed < 0 else 'farther'} first ({cost} EP)"
        )
        if self.bands_needed() and abs(
            self.bands_needed()
        ) * self.rules.range_band_cost > self.available(draft):
            note += (
                f"; {self.available(draft)} EP cannot pay for it, so nothing but the "
                "range can be bought (the round goes on manoeuvring)"
            )
        return note

    @property
    def damage_cap_text(self) -> str:
        """``10``, or ``12 (GM; computed 10)`` when the GM set it ('' without a cap)."""
        return damage_cap_text(self.damage_cap, self.damage_cap_computed)

    # -- building the plan -------------------------------------------------------------

    @property
    def helping(self) -> bool:
        return self.action is ActionKind.HELP

    def available(self, draft: SpendDraft) -> int:
        """Effect points after the actor's hero-point bump (the core's reading of a bump)."""
        return bumped_points(self.effect_points, draft.hero_bump, self.rules)

    def condition(self, row: ConditionDraft) -> Condition | None:
        """The condition a row buys; None when nothing is chosen or the name is missing."""
        if row.tier is None or not row.name.strip():
            return None
        made = Condition.make(
            row.name.strip(),
            row.kind,
            row.tier,
            rules=self.rules,
            source=self.actor.name,
            duration=row.duration,
        )
        # Condition.make does not pass ``affects`` on; set it here (reported to the core).
        return made.model_copy(update={"affects": row.affects})

    def plan(self, draft: SpendDraft) -> SpendPlan:
        """The rules core's plan for the draft (help: all the effect points as the bonus)."""
        if not self.succeeded:
            return SpendPlan()
        if self.helping:
            points = self.available(draft)
            helps = (
                (HelpSpend(points=points, towards=draft.help_towards.strip()[:120]),)
                if points > 0
                else ()
            )
            return SpendPlan(spends=helps, hero_bump=draft.hero_bump)
        spends: list[RangeSpend | ConditionSpend | DamageSpend] = []
        if draft.range_bands:
            spends.append(RangeSpend(bands=draft.range_bands))
        for row in draft.conditions:
            condition = self.condition(row)
            if condition is not None:
                spends.append(ConditionSpend(condition=condition))
        if draft.damage > 0:
            spends.append(DamageSpend(amount=draft.damage, mental=self.mental))
        return SpendPlan(
            spends=tuple(spends),
            hero_bump=draft.hero_bump,
            defender_takes_damage=draft.defender_takes_damage,
        )

    def budget(self, draft: SpendDraft) -> Budget:
        return check_plan(
            self.plan(draft),
            self.effect_points,
            actor=self.actor,
            target=self.target,
            damage_cap=self.damage_cap,
            rules=self.rules,
            current_range=self.current_range,
            reach=self.reach,
            moving_only=self.moving_only,
        )

    def left_text(self, draft: SpendDraft, freed: SpendDraft) -> str:
        """What is left, as the header says it, and how much more ``freed`` would give back
        ("2 left, 12 with the damage given back"): every "left" in the assistant agrees."""
        left = self.budget(draft).remaining
        text = f"{max(left, 0)} left"
        extra = self.budget(freed).remaining
        given = []
        if draft.damage and not freed.damage:
            given.append("the damage")
        if [c for c in draft.conditions if c.wanted] != [c for c in freed.conditions if c.wanted]:
            given.append("this row")
        if extra > max(left, 0) and given:
            text += f", {extra} with {' and '.join(given)} given back"
        return text

    def problems(self, draft: SpendDraft) -> list[Problem]:
        """What stops the draft from being applied: the core's problems, then unnamed rows."""
        found = list(self.budget(draft).problems) if self.succeeded else []
        for row in draft.conditions:
            if row.tier is not None and not row.name.strip():
                what = "effect" if row.kind is ConditionKind.EFFECT else "consequence"
                found.append(
                    Problem(
                        ProblemCode.UNNAMED,
                        f"name the {row.tier.value} {what} (e.g. “knocked back”)",
                    )
                )
        if self.helping and self.succeeded:
            try:
                self.help_condition(draft)
            except ValidationError:
                found.append(
                    Problem(
                        ProblemCode.HELP_TOO_LARGE,
                        "a help bonus this large cannot be recorded on a sheet",
                    )
                )
        return found

    def help_condition(self, draft: SpendDraft) -> Condition | None:
        """The "help from …" effect the ally receives."""
        points = self.available(draft)
        if not self.helping or not self.succeeded or points <= 0:
            return None
        return help_condition(points, self.actor.name, draft.help_towards.strip()[:120])

    def preview(self, draft: SpendDraft) -> Outcome | None:
        """What applying the draft would do, or None while it has problems."""
        if not self.succeeded or self.problems(draft):
            return None
        return apply_plan(
            self.plan(draft),
            self.effect_points,
            actor=self.actor,
            target=self.target,
            damage_cap=self.damage_cap,
            current_range=self.current_range,
            rules=self.rules,
            reach=self.reach,
            moving_only=self.moving_only,
        )

    # -- what can be chosen ------------------------------------------------------------

    def _new_problems(self, base: SpendDraft, candidate: SpendDraft) -> list[Problem]:
        before = set(self.budget(base).problems)
        return [p for p in self.budget(candidate).problems if p not in before]

    def _closed(self) -> str:
        if not self.succeeded:
            return "the check failed: there are no effect points to spend"
        if self.helping:
            return "a help action gives all its effect points as the bonus"
        return ""

    def bump_limit(self) -> Limit:
        if not self.succeeded:
            return Limit(0, "a hero point cannot turn a failure into a success")
        if self.actor.hero_points < 1:
            return Limit(0, f"{self.actor.name} has no hero point left")
        per = hero_bump_rule(self.rules).per
        return Limit(
            self.actor.hero_points,
            f"{self.actor.name} has {self.actor.hero_points} hero point(s); each buys "
            f"{per} (table rule)",
        )

    def kind_choice(self, kind: ConditionKind) -> Choice:
        closed = self._closed()
        if closed:
            return Choice(False, closed)
        if kind is ConditionKind.CONSEQUENCE and self.target is None:
            return Choice(False, "a consequence needs a target who resists the check")
        return Choice(True)

    def tier_choices(self, draft: SpendDraft, row: int, kind: ConditionKind) -> dict[Tier, Choice]:
        """For each tier, whether this row may buy it (damage gives way, so it is left out)."""
        closed = self.kind_choice(kind)
        if not closed.allowed:
            return dict.fromkeys(TIERS, closed)
        base = draft.without_damage().with_condition(row, ConditionDraft(kind=kind))
        choices: dict[Tier, Choice] = {}
        for tier in TIERS:
            probe = ConditionDraft(kind=kind, tier=tier, name="probe")
            problems = self._new_problems(base, base.with_condition(row, probe))
            rule_problems = [p for p in problems if p.code is not ProblemCode.OVER_BUDGET]
            if not problems:
                choices[tier] = Choice(True)
            elif rule_problems:
                choices[tier] = Choice(False, self._explain(rule_problems, tier))
            else:
                choices[tier] = Choice(
                    False,
                    f"{tier.value} costs {tier_cost(tier, self.rules)}"
                    f" EP; {self.left_text(draft, base)}",
                    unaffordable=True,
                )
        return choices

    def _explain(self, problems: list[Problem], tier: Tier) -> str:
        text = "; ".join(problems)
        if self.target is not None and any(p.code is ProblemCode.TIER_TAKEN for p in problems):
            named = [
                c.name
                for c in self.target.conditions
                if c.kind is ConditionKind.CONSEQUENCE and c.tier is tier
            ]
            if named:
                text = text.replace(
                    f"{tier.value} consequence;", f"{tier.value} consequence ({', '.join(named)});"
                )
            text += ", such as “knocked back” (a movement effect)"
        return text

    def range_limit(self, draft: SpendDraft, *, closer: bool) -> Limit:
        """How many bands closer (or farther) the effect points and the board allow."""
        closed = self._closed()
        if closed:
            return Limit(0, closed)
        if self.current_range is None:
            return Limit(0, "choose a target to change the range to")
        edge = RangeBand.HAND if closer else RangeBand.OUT_OF_RANGE
        room = bands_between(self.current_range, edge)
        if room == 0:
            return Limit(0, f"already at {edge.label} range")
        base = replace(draft.without_damage(), range_bands=0)
        best = 0
        reason = ""
        for bands in range(1, room + 1):
            candidate = replace(base, range_bands=-bands if closer else bands)
            problems = self._new_problems(base, candidate)
            if problems:
                cost = self.rules.range_band_cost
                reason = f"{cost} EP a band; {self.left_text(draft, draft.without_damage())}"
                break
            best = bands
        if best == room:
            reason = f"{edge.label} is as {'close' if closer else 'far'} as it gets"
        return Limit(best, reason)

    def damage_limit(self, draft: SpendDraft) -> Limit:
        """min(effect points left after the other spends, the maximum damage)."""
        closed = self._closed()
        if closed:
            return Limit(0, closed)
        if self.target is None:
            return Limit(0, "damage needs a target")
        if self.moving_only:
            return Limit(0, "a change-range check does no damage: its effect points move you")
        if draft.defender_takes_damage:
            return Limit(0, "the defender takes all the effect points as damage instead")
        reach = self.reach_note(draft.without_damage())
        if reach:
            return Limit(0, reach)
        left = max(self.budget(draft.without_damage()).remaining, 0)
        if self.damage_cap is not None and self.damage_cap < left:
            return Limit(self.damage_cap, f"maximum damage {self.damage_cap_text}")
        return Limit(left, "all the effect points the other spends leave")

    def default_damage(self, draft: SpendDraft) -> int:
        """The book's default after a hit, for the GM to accept or change: the range change
        the weapon needs (chosen first, :meth:`range_required`), then as much damage as the
        other spends leave, up to the maximum damage."""
        if not self.succeeded or not self.damage_offered or draft.defender_takes_damage:
            return 0
        return self.damage_limit(draft.without_damage()).maximum

    def defender_choice(self, draft: SpendDraft) -> tuple[Choice, int | None]:
        """May the target spend a hero point to take damage instead? And how much it would be."""
        closed = self._closed()
        if closed:
            return Choice(False, closed), None
        if self.target is None:
            return Choice(False, "there is no defender"), None
        if self.target.hero_points < 1:
            return Choice(False, f"{self.target.name} has no hero point"), None
        consequences = [
            row
            for row in draft.conditions
            if row.kind is ConditionKind.CONSEQUENCE and self.condition(row)
        ]
        if not consequences:
            return Choice(False, "only instead of a consequence: choose one first"), None
        taking = replace(draft, damage=0, defender_takes_damage=True)
        problems = self.problems(taking)
        if problems:
            return Choice(False, "; ".join(problems)), None
        outcome = apply_plan(
            self.plan(taking),
            self.effect_points,
            actor=self.actor,
            target=self.target,
            damage_cap=self.damage_cap,
            current_range=self.current_range,
            rules=self.rules,
            reach=self.reach,
            moving_only=self.moving_only,
        )
        return Choice(True), outcome.damage


def offer_for(encounter: Encounter, request: CheckRequest, resolution: Resolution) -> SpendOffer:
    """The offer for a resolved check in the encounter as it stands now."""
    actor = encounter.combatant(request.actor_id).sheet
    target_id = request.resisting_target_id
    target = encounter.combatant(target_id).sheet if target_id else None
    current = (
        range_between(encounter, request.actor_id, target_id) if target_id is not None else None
    )
    recipient = (
        encounter.combatant(request.target_id).name
        if request.action is ActionKind.HELP and request.target_id
        else ""
    )
    return SpendOffer(
        action=request.action,
        effect_points=resolution.effect_points,
        succeeded=resolution.succeeded,
        actor=actor,
        target=target,
        damage_cap=resolution.spec.damage_cap,
        mental=resolution.spec.mental,
        current_range=current,
        rules=encounter.options,
        recipient_name=recipient,
        damage_cap_computed=resolution.spec.damage_cap_computed,
        reach=resolution.spec.reach,
    )
