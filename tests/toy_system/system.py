"""The toy system: a few lines of data and functions, as a new game would start."""

from __future__ import annotations

import heapq
import random
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from m3desk.core import encounter as core
from m3desk.core.bounds import MAX_NOTES, OverrideKey, OverrideValue
from m3desk.core.copies import with_hit_points
from m3desk.core.derived import Derived
from m3desk.core.dice import Dice, DiceExpr, Roller
from m3desk.core.forecast import FightResult, Policy
from m3desk.core.numbers import pool_text, signed
from m3desk.core.options import Option
from m3desk.core.places import Place
from m3desk.core.sheet_form import FieldSpec, SectionSpec, SheetForm, TableSpec
from m3desk.core.sheet_print import CombatBox, PrintedStat, PrintSpec
from m3desk.core.sheet_rolls import SheetRoll, at_least
from m3desk.core.system import (
    Action,
    ActionOption,
    ActionOutcome,
    ActionPreview,
    Cell,
    DiceSpec,
    DocumentSpec,
    EncounterRules,
    GameSystem,
    InitiativeScheme,
    PositionModel,
    Reach,
    Ring,
    SheetIdentity,
    TrackerColumn,
    plain_move,
    plain_move_check,
)
from m3desk.core.terms import Term, total
from tests import games

SCHEME = InitiativeScheme(roller="side_die", die=6, lower_first=False)
FEET = PositionModel(kind="distance", unit="ft", maximum=300, step=5)


class ToyOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    natural_20_hits: Annotated[
        bool, Option("Natural 20 hits", "A natural 20 hits whatever the target's AC.")
    ] = True
    initiative_die: Annotated[
        Literal[6, 10],
        Option(
            "Initiative die",
            "The die each side rolls for initiative.",
            choices={6: "d6 (a side of six)", 10: "d10 (a wider spread)"},
        ),
    ] = 6
    crit_range: Annotated[
        int, Option("Critical hits from", "The lowest natural roll that is a critical hit.")
    ] = Field(20, ge=15, le=20)


Name = Annotated[str, Field(min_length=1, max_length=80)]
Feet = Annotated[int, Field(ge=0, le=1000)]


class ToyItem(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name = "item"
    damage: Dice | None = None
    hands: Literal["one", "two"] = "one"
    magic: bool = False
    ranges: tuple[Feet, Feet, Feet] | None = None


Score = Annotated[int, Field(ge=3, le=18)]
ABILITIES = ("STR", "DEX", "CON")


class ToyScores(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    STR: Score = 10
    DEX: Score = 10
    CON: Score = 10


class ToyBody(BaseModel):
    """What a toy character and a toy monster both have."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    hit_points: int = Field(8, ge=-99, le=999)
    max_hit_points: int = Field(8, ge=1, le=999)
    ac: int = Field(12, ge=0, le=40)
    attack: int = Field(2, ge=-10, le=20)
    damage: Dice = DiceExpr.parse("1d6")
    reach_ft: int = Field(5, ge=5, le=300)
    move_ft: int = Field(30, ge=0, le=300)
    scores: ToyScores = Field(default_factory=ToyScores)
    style: Literal["brawler", "fencer"] = "brawler"
    shield: bool = False
    spells: tuple[Name, ...] = Field((), max_length=20)
    gear: tuple[ToyItem, ...] = Field((), max_length=20)
    notes: Annotated[str, Field(max_length=MAX_NOTES)] = ""
    overrides: dict[OverrideKey, OverrideValue] = Field(default_factory=dict, max_length=50)


class ToySheet(ToyBody):
    kind: Literal["character"] = "character"


class ToyMonster(ToyBody):
    kind: Literal["monster"] = "monster"


class ToyCombatant(core.Combatant):
    sheet: Annotated[ToySheet | ToyMonster, Field(discriminator="kind")]


class ToyEncounter(core.Encounter):
    scheme: ClassVar[InitiativeScheme] = SCHEME
    position_model: ClassVar[PositionModel] = FEET
    combatants: tuple[ToyCombatant, ...] = Field((), max_length=core.MAX_COMBATANTS)
    declared: dict[Name, Name] = Field(default_factory=dict, max_length=1000)
    """What each combatant declared this round, by id."""
    options: ToyOptions = Field(default_factory=ToyOptions)

    def out_of_fight(self, combatant: core.Combatant) -> bool:
        return bool(combatant.sheet.hit_points <= 0)


DECLARATIONS = ("—", "attack", "move", "flee")


def _sheet(encounter: core.Encounter, combatant_id: str) -> ToyBody:
    sheet = encounter.combatant(combatant_id).sheet
    assert isinstance(sheet, ToyBody)
    return sheet


def _pool(combatant: core.Combatant) -> tuple[int, int]:
    return (combatant.sheet.hit_points, combatant.sheet.max_hit_points)


def _cell(encounter: core.Encounter, combatant: core.Combatant, column: str) -> Cell:
    if column == "declared":
        assert isinstance(encounter, ToyEncounter)
        return Cell(
            text=encounter.declared.get(combatant.id, "—"), editable=True, choices=DECLARATIONS
        )
    if column == "hp":
        sheet = combatant.sheet
        return Cell(
            text=pool_text(sheet.hit_points, sheet.max_hit_points),
            pool=_pool(combatant),
            editable=True,
            edit_text=str(sheet.hit_points),
        )
    return Cell(text=f"AC {combatant.sheet.ac}", tip=f"Armour class {combatant.sheet.ac}")


def _edit(
    encounter: core.Encounter, combatant_id: str, column: str, text: str
) -> tuple[core.Encounter, str]:
    if column == "declared":
        assert isinstance(encounter, ToyEncounter)
        if text not in DECLARATIONS:
            raise ValueError(f"{text} is not an action of this game")
        declared = {**encounter.declared, combatant_id: text}
        if text == "—":
            declared.pop(combatant_id)
        name = encounter.combatant(combatant_id).name
        return encounter.model_copy(update={"declared": declared}), f"{name} declares {text}"
    sheet = _sheet(encounter, combatant_id)
    value = int(text)
    after = core.replace_sheet(
        encounter,
        combatant_id,
        sheet.model_copy(update={"hit_points": min(value, sheet.max_hit_points)}),
    )
    return after, f"Set HP of {sheet.name}"


def _rings(encounter: core.Encounter, centre: str) -> tuple[Ring, ...]:
    sheet = _sheet(encounter, centre)
    return (Ring(sheet.reach_ft, "reach", "reach"), Ring(sheet.move_ft, "move", "move"))


def _reach(encounter: core.Encounter, a: str, b: str) -> Reach:
    near = core.position_between(encounter, a, b) <= _sheet(encounter, a).reach_ft
    return Reach(options=("Sword",) if near else (), in_reach=near)


ATTACK = Action("attack")
STAND_FIRM = Action("stand_firm")
STEP_TOWARD = Action("move", variant="toward")


def _actions(encounter: core.Encounter, actor: str) -> tuple[ActionOption, ...]:
    damage = _sheet(encounter, actor).damage
    return (
        ActionOption(
            ATTACK,
            "Attack",
            dice=(DiceSpec(1, 20, "attack"), DiceSpec(damage.count, damage.sides, "damage")),
            help="A d20 plus your attack against the target's armour; a hit rolls damage.",
            group="attack",
        ),
        ActionOption(
            STAND_FIRM,
            "Stand Firm",
            needs_target=False,
            dice=(DiceSpec(1, 20, "nerve"),),
            help=f"A d20 plus your CON modifier: {FIRM} or more holds your ground.",
        ),
        ActionOption(
            STEP_TOWARD,
            "Step toward",
            help="Move your move straight at the target, stopping at arm's length.",
            group="movement",
        ),
    )


def _step_toward(encounter: core.Encounter, actor: str, target: str) -> Place:
    """Where a step toward the target ends: the move's length along the line, at most to
    reach."""
    here, there = encounter.places[actor], encounter.places[target]
    gap = FEET.norm(there.x - here.x, there.y - here.y)
    stop = max(_sheet(encounter, actor).reach_ft, gap - _sheet(encounter, actor).move_ft)
    return core.closing_place(encounter, actor, target, stop)


FIRM = 12
"""What Stand Firm needs on d20 + CON modifier."""


def _con(sheet: ToyBody) -> int:
    return (sheet.scores.CON - 10) // 2


def _hits(face: int, attack: int, ac: int, options: ToyOptions) -> bool:
    """The one attack test: the d20 plus attack reaching AC (a natural 20 always, where the
    table says so)."""
    return (face == 20 and options.natural_20_hits) or face + attack >= ac


def _chance(attack: int, ac: int, options: ToyOptions) -> Fraction:
    return Fraction(sum(1 for face in range(1, 21) if _hits(face, attack, ac, options)), 20)


def _critical(face: int, attack: int, ac: int, options: ToyOptions) -> bool:
    """A hit on a natural roll of the table's critical range deals double damage."""
    return face >= options.crit_range and _hits(face, attack, ac, options)


def _toy_options(encounter: core.Encounter) -> ToyOptions:
    assert isinstance(encounter, ToyEncounter)
    return encounter.options


def _preview(
    encounter: core.Encounter, actor: str, action: Action, target: str | None
) -> ActionPreview:
    if action == STAND_FIRM:
        bonus = _con(_sheet(encounter, actor))
        return ActionPreview(
            lines=(f"d20 {signed(bonus)} vs {FIRM}",),
            success=Fraction(sum(1 for face in range(1, 21) if face + bonus >= FIRM), 20),
        )
    if target is None:
        return ActionPreview(problem="Choose a target.")
    if action == STEP_TOWARD:
        if _reach(encounter, actor, target).in_reach:
            return ActionPreview(problem="Already within reach.")
        check = plain_move_check(encounter, actor, _step_toward(encounter, actor, target))
        if check.distance == 0:
            return ActionPreview(problem="Already within reach.")
        return ActionPreview(lines=(f"Moves {check.distance} ft toward the target",))
    if not _reach(encounter, actor, target).in_reach:
        return ActionPreview(problem="The target is out of reach.")
    attacker, defender = _sheet(encounter, actor), _sheet(encounter, target)
    return ActionPreview(
        lines=(f"d20 + {attacker.attack} vs AC {defender.ac}",),
        success=_chance(attacker.attack, defender.ac, _toy_options(encounter)),
    )


def _resolve(
    encounter: core.Encounter,
    actor: str,
    action: Action,
    target: str | None,
    faces: tuple[int, ...],
) -> ActionOutcome:
    if action == STAND_FIRM:
        name, bonus = encounter.combatant(actor).name, _con(_sheet(encounter, actor))
        held = "stands firm" if faces[0] + bonus >= FIRM else "wavers"
        summary = f"{name} {held} ({faces[0]} {signed(bonus)} vs {FIRM})"
        return ActionOutcome(core.add_log(encounter, summary, actor=actor), summary)
    assert target is not None
    if action == STEP_TOWARD:
        moved, text = plain_move(encounter, actor, _step_toward(encounter, actor, target))
        return ActionOutcome(moved, text)
    attacker, defender = _sheet(encounter, actor), _sheet(encounter, target)
    d20, damage_faces = faces[0], faces[1:]
    options = _toy_options(encounter)
    hit = _hits(d20, attacker.attack, defender.ac, options)
    name, foe = encounter.combatant(actor).name, encounter.combatant(target).name
    if not hit:
        summary = f"{name} misses {foe} ({d20} + {attacker.attack} vs AC {defender.ac})"
        return ActionOutcome(core.add_log(encounter, summary, actor=actor, target=target), summary)
    damage = attacker.damage.total(damage_faces)
    if _critical(d20, attacker.attack, defender.ac, options):
        damage *= 2
    after = core.replace_sheet(
        encounter, target, defender.model_copy(update={"hit_points": defender.hit_points - damage})
    )
    summary = f"{name} hits {foe} for {damage}"
    notices = (f"{foe} is down.",) if defender.hit_points - damage <= 0 else ()
    return ActionOutcome(
        core.add_log(after, summary, actor=actor, target=target), summary, notices=notices
    )


def _roll_initiative(encounter: core.Encounter, roller: Roller) -> core.Encounter:
    """One die per side, the table's die (d6 or d10)."""
    die = _toy_options(encounter).initiative_die
    sides = list(dict.fromkeys(c.side for c in encounter.combatants if c.initiative is None))
    return core.set_side_initiative(
        encounter, {side: roller.d(die) for side in sides}, die=f"d{die}"
    )


def _roll_words(encounter: core.Encounter) -> str:
    return SCHEME._replace(die=_toy_options(encounter).initiative_die).roll_words()


def _status(encounter: core.Encounter) -> tuple[str, ...]:
    assert isinstance(encounter, ToyEncounter)
    if encounter.phase == "setup":
        return ()
    waiting = [c.name for c in encounter.combatants if c.id not in encounter.declared]
    return (f"Declare: {', '.join(waiting)}",) if waiting else ("Everyone has declared.",)


def _make_combatant(sheet: BaseModel, side: str) -> core.Combatant:
    assert isinstance(sheet, ToySheet | ToyMonster)
    return ToyCombatant(name=sheet.name, side=side, sheet=sheet)


def _derive(sheet: BaseModel, _options: BaseModel | None) -> dict[str, Derived]:
    assert isinstance(sheet, ToyBody)
    scores = {name: getattr(sheet.scores, name) for name in ABILITIES}
    modifier = {name: (score - 10) // 2 for name, score in scores.items()}
    strength = modifier["STR"]
    defence = [Term(label="armour", value=sheet.ac)]
    if sheet.shield:
        defence.append(Term(label="shield", value=1))
    values = [
        *(
            Derived(
                f"mod.{name}",
                f"{name} modifier",
                modifier[name],
                (Term(label=f"{name} {scores[name]}", value=modifier[name]),),
            )
            for name in ABILITIES
        ),
        Derived("defence", "Defence", total(defence), tuple(defence)),
        Derived(
            "to_hit",
            "To hit",
            sheet.attack + strength,
            (Term(label="attack", value=sheet.attack), Term(label="STR", value=strength)),
        ),
    ]
    return {
        value.key: Derived(
            value.key, value.label, value.computed, value.terms, sheet.overrides.get(value.key)
        )
        for value in values
    }


def _parse(
    text: str, name: str, variant: int = 0, *, kind: type[ToyBody] = ToyMonster
) -> tuple[BaseModel, list[str]]:
    """ "AC 14, HP 9": what a toy stat block says (read as the form's kind of sheet)."""
    values: dict[str, int] = {}
    problems = []
    for part in text.split(","):
        words = part.split()
        if len(words) == 2 and words[0] in ("AC", "HP") and words[1].isdigit():
            values[words[0]] = int(words[1])
        elif part.strip():
            problems.append(f"could not read “{part.strip()}”")
    points = values.get("HP", 8)
    return kind(
        name=name, ac=values.get("AC", 12), hit_points=points, max_hit_points=max(points, 1)
    ), problems


class _Targets:
    """Each side's target as the toy's policy picks it, without a scan of everyone per blow:
    the first foe standing in roster order (a pointer past the fallen), or the weakest
    (strongest) by a heap of hit points left, the first in roster order among equals (as
    ``min``/``max`` over the foes in order pick), entries gone stale skipped."""

    def __init__(self, hp: dict[str, int], side_of: dict[str, str], how: str) -> None:
        self.hp, self.side_of, self.how = hp, side_of, how
        ids = list(hp)
        self.order = {cid: k for k, cid in enumerate(ids)}
        sides = sorted(set(side_of.values()))
        self.foes = {s: [cid for cid in ids if side_of[cid] != s] for s in sides}
        self.at = dict.fromkeys(sides, 0)
        self.heaps: dict[str, list[tuple[int, int, str]]] = {s: [] for s in sides}
        if how != "nearest":
            for s, foes in self.foes.items():
                self.heaps[s] = [self._entry(cid) for cid in foes if hp[cid] > 0]
                heapq.heapify(self.heaps[s])

    def _entry(self, cid: str) -> tuple[int, int, str]:
        left = self.hp[cid]
        return (left if self.how == "weakest" else -left, self.order[cid], cid)

    def wounded(self, cid: str) -> None:
        if self.how != "nearest" and self.hp[cid] > 0:
            for s, heap in self.heaps.items():
                if s != self.side_of[cid]:
                    heapq.heappush(heap, self._entry(cid))

    def first(self, side: str) -> str | None:
        hp = self.hp
        if self.how == "nearest":
            foes, at = self.foes[side], self.at[side]
            while at < len(foes) and hp[foes[at]] <= 0:
                at += 1
            self.at[side] = at
            return foes[at] if at < len(foes) else None
        heap = self.heaps[side]
        while heap:
            key, _order, cid = heap[0]
            if hp[cid] > 0 and key == self._entry(cid)[0]:
                return cid
            heapq.heappop(heap)
        return None


def _simulate(encounter: core.Encounter, dice: random.Random, policy: Policy) -> FightResult:
    """The toy's fight: every round each side in initiative order attacks its target."""
    hp = {c.id: c.sheet.hit_points for c in encounter.combatants}
    sheets = {c.id: c.sheet for c in encounter.combatants}
    side_of = {c.id: c.side for c in encounter.combatants}
    options = _toy_options(encounter)
    targets = _Targets(hp, side_of, policy.target)
    rounds = 0
    while rounds < policy.max_rounds:
        standing = {side_of[i] for i, left in hp.items() if left > 0}
        if len(standing) <= 1:
            break
        rounds += 1
        die = options.initiative_die
        order = sorted(sorted(standing), key=lambda _side: dice.randint(1, die), reverse=True)
        for side in order:
            for attacker in [i for i in hp if side_of[i] == side and hp[i] > 0]:
                target = targets.first(side)
                if target is None:
                    break
                roll = dice.randint(1, 20)
                attack, ac = sheets[attacker].attack, sheets[target].ac
                if _hits(roll, attack, ac, options):
                    damage = sheets[attacker].damage
                    dealt = (
                        sum(dice.randint(1, damage.sides) for _ in range(damage.count))
                        + damage.bonus
                    )
                    hp[target] -= dealt * 2 if _critical(roll, attack, ac, options) else dealt
                    targets.wounded(target)
    standing = {side_of[i] for i, left in hp.items() if left > 0}
    return FightResult(
        winner=next(iter(standing)) if len(standing) == 1 else None,
        rounds=rounds,
        down=frozenset(i for i, left in hp.items() if left <= 0),
        hit_points=hp,
    )


_CHARACTER_FORM = SheetForm(
    sections=(
        SectionSpec(
            "Identity",
            (
                FieldSpec("name", "Name"),
                FieldSpec("style", "Style", "choice", ("brawler", "fencer")),
            ),
        ),
        SectionSpec(
            "Abilities",
            tuple(
                FieldSpec(
                    f"scores.{name}", name, "int", minimum=3, maximum=18, derived=f"mod.{name}"
                )
                for name in ABILITIES
            ),
        ),
        SectionSpec(
            "Defence",
            (
                FieldSpec("ac", "Armour", "int", minimum=0, maximum=40),
                FieldSpec("shield", "Shield", "bool"),
                FieldSpec("hit_points", "Hit points", "int", minimum=-99, maximum=999),
                FieldSpec("max_hit_points", "Max hit points", "int", minimum=1, maximum=999),
            ),
            derived=("defence", "to_hit"),
        ),
        SectionSpec(
            "Gear",
            table=TableSpec(
                "gear",
                "Gear",
                (
                    FieldSpec("name", "Name"),
                    FieldSpec("damage", "Damage", "dice"),
                    FieldSpec("hands", "Hands", "choice", ("one", "two")),
                    FieldSpec("magic", "Magic", "bool"),
                    FieldSpec("ranges", "Ranges", "ints"),
                ),
                ToyItem,
            ),
            wide=True,
        ),
        SectionSpec(
            "Notes",
            (FieldSpec("spells", "Spells", "list"), FieldSpec("notes", "Notes", "long_text")),
            wide=True,
        ),
    ),
    derive=_derive,
    new_sheet=lambda name, _options=None: ToySheet(name=name),
    summary=lambda sheet: f"Toy hero, AC {getattr(sheet, 'ac', 0)}",
    printed=PrintSpec(
        combat=CombatBox(
            (PrintedStat("defence"), PrintedStat("to_hit")),
            replaces=("ac", "hit_points", "max_hit_points"),
        )
    ),
)


def _identity(sheet: BaseModel) -> SheetIdentity:
    """Toy folk of a fighting style, all of level 1; a monster by its hit points and AC."""
    if isinstance(sheet, ToySheet):
        return SheetIdentity(ancestry="toy folk", calling=sheet.style, level="1")
    if isinstance(sheet, ToyMonster):
        return SheetIdentity(level=f"HP {sheet.max_hit_points}", armour_class=f"AC {sheet.ac}")
    return SheetIdentity()


TOY_FORM = _CHARACTER_FORM._replace(
    parse=lambda text, name, variant=0: _parse(text, name, variant, kind=ToySheet),
    parse_help="Like: AC 14, HP 9",
    bonus_keys=("mod.",),
)
MONSTER_FORM = _CHARACTER_FORM._replace(
    new_sheet=lambda name, _options=None: ToyMonster(name=name),
    summary=lambda sheet: f"Toy monster, AC {getattr(sheet, 'ac', 0)}",
    parse=_parse,
    parse_help="Like: AC 14, HP 9",
    bonus_keys=("mod.",),
)


def _sheet_rolls(sheet: BaseModel, _options: BaseModel | None = None) -> tuple[SheetRoll, ...]:
    """The toy's one sheet roll: its attack against AC 10 (1d20 + attack ≥ 10)."""
    bonus = int(getattr(sheet, "attack", 0))
    return (
        SheetRoll(
            "attack.10",
            f"Attack vs AC 10 ({signed(bonus)})",
            "Attacks",
            DiceExpr.parse("1d20"),
            partial(at_least, 10 - bonus),
            f"{10 - bonus} or more",
        ),
    )


TOY = GameSystem(
    id="toy",
    sheet_rolls=_sheet_rolls,
    name="Toy",
    documents=(
        DocumentSpec("character", "m3desk.character", ".m3c", ToySheet, 1, "character"),
        DocumentSpec("monster", "m3desk.monster", ".m3m", ToyMonster, 1, "monster"),
        DocumentSpec("encounter", "m3desk.encounter", ".m3e", ToyEncounter, 1, "encounter"),
    ),
    options_model=ToyOptions,
    initiative=SCHEME,
    positions=FEET,
    sheet_forms={"character": TOY_FORM, "monster": MONSTER_FORM},
    sheet_identity=_identity,
    encounter=EncounterRules(
        encounter_type=ToyEncounter,
        make_combatant=_make_combatant,
        pool=_pool,
        columns=(
            TrackerColumn("hp", "HP", "Hit points", kind="pool", sample="999/999"),
            TrackerColumn("ac", "AC", "Armour class", sample="AC 99"),
            TrackerColumn("declared", "Declared", "What the combatant declared", sample="attack"),
        ),
        cell=_cell,
        status=_status,
        simulate=_simulate,
        roll_initiative=_roll_initiative,
        roll_words=_roll_words,
        forecast_policy="Each combatant attacks the first foe standing (or the weakest or "
        "strongest, as chosen); one die per side each round.",
        with_hit_points=with_hit_points,
        edit=_edit,
        rings=_rings,
        reach=_reach,
        actions=_actions,
        preview=_preview,
        resolve=_resolve,
        declare_attack=lambda encounter, combatant_id: _edit(
            encounter, combatant_id, "declared", "attack"
        ),
    ),
)


SYSTEM = TOY
SAMPLES = Path(__file__).resolve().parent / "samples" / "toy"
"""Its sample sheets, in a folder named by its id like the shipped games' samples/<id>/."""


FRESH_PROCESS = games.FRESH_PROCESS
"""What a ``python -c`` child runs first to know the tests' games too (a fresh process has only
the shipped games; the tests' games are registered by tests/games.py)."""


def install() -> None:
    """Register the toy like a shipped system (its registry line is in tests/games.py). Done
    once for the whole test run with the other tests' games (tests/conftest.py)."""
    games.install("toy")


def uninstall() -> None:
    games.uninstall("toy")
