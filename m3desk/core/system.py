"""The seam: what a game system tells the rest of m3desk, as data and pure functions.

The descriptions are immutable named tuples rather than dataclasses: a dozen of them load
with every start of the app, and a named tuple costs a tenth of a frozen dataclass to define.

Each game is one package under :mod:`m3desk.systems` exporting one :class:`GameSystem`. The
core, storage and the Qt layer know games only through this description: the documents a
system keeps (sheets, encounters) and how old files of it migrate, its table-rules options,
its initiative scheme, round phases, maneuvers, conditions, and how it measures the position
of one combatant relative to another. Nothing here names a game.
"""

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from pydantic import BaseModel

from m3desk.core.actions import Action
from m3desk.core.encounter_model import add_log
from m3desk.core.encounter_places import move_to
from m3desk.core.schemes import InitiativeScheme, PositionModel

if TYPE_CHECKING:
    from m3desk.core.dice import DiceExpr, Roller
    from m3desk.core.encounter_model import Combatant, Encounter
    from m3desk.core.expedition_rules import ExplorationRules
    from m3desk.core.forecast import Simulate
    from m3desk.core.generation import Generation
    from m3desk.core.places import Place
    from m3desk.core.sheet_form import SheetForm
    from m3desk.core.sheet_rolls import SheetRoll

__all__ = [
    "Action",
    "ActionOption",
    "ActionOutcome",
    "ActionPreview",
    "Cell",
    "ConditionSpec",
    "DiceSpec",
    "DocumentSpec",
    "EncounterRules",
    "ExchangeFormat",
    "ExchangeRead",
    "ExperienceAward",
    "ExperienceLine",
    "ExperienceShare",
    "GameSystem",
    "InitiativeScheme",
    "Maneuver",
    "Migration",
    "MoveAllowance",
    "MoveCheck",
    "PhaseSpec",
    "PositionModel",
    "Reach",
    "Ring",
    "SetupStep",
    "SheetIdentity",
    "TrackerColumn",
    "WriteBack",
    "move_text",
    "note_lines",
    "plain_move",
    "plain_move_check",
    "with_allowance_note",
]

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Upgrades a raw document dict by exactly one schema version (n -> n+1), before validation."""


class DocumentSpec(NamedTuple):
    """One kind of file a system keeps: its pydantic model, extension and schema version.

    ``format_id`` is shared by every system for the same kind of file ("m3desk.character"):
    the file's envelope names the system, and the pair finds the model.
    """

    kind: str
    format_id: str
    extension: str
    model: type[BaseModel]
    schema_version: int
    label: str
    migrations: Mapping[int, Migration] = MappingProxyType({})


class PhaseSpec(NamedTuple):
    """A step of a round (e.g. "missile attacks"); ``id`` is stable, ``title`` is shown."""

    id: str
    title: str
    help: str = ""


class Maneuver(NamedTuple):
    """An action as data: what it lets the actor do and what it does to the actor and others.

    ``movement_share`` is the share of the actor's combat movement it allows (½ for
    closing, 1½ for a charge); ``to_hit`` and ``armour_class`` are what it changes for the
    actor this round; ``foe_initiative`` is what it gives the actor's opponents.
    """

    id: str
    name: str
    movement_share: Fraction = Fraction(0)
    may_attack: bool = False
    may_cast: bool = False
    to_hit: int = 0
    armour_class: int = 0
    foe_initiative: int = 0
    category: str = ""
    help: str = ""


class ConditionSpec(NamedTuple):
    """A condition a system knows: what it does, and how long it lasts unless said otherwise."""

    id: str
    name: str
    effect: str
    default_rounds: int | None = None


class Ring(NamedTuple):
    """A circle the board draws around the selected combatant: reach, a move, a weapon range,
    a spell's range (``"spell"``, named after the spells that reach that far)."""

    value: int
    label: str
    kind: Literal["reach", "move", "range", "band", "spell"] = "range"


class Reach(NamedTuple):
    """What the selected combatant can do to another from where they stand."""

    options: tuple[str, ...] = ()
    """The centre's attacks (weapons, spells) that reach the other, by name."""
    in_reach: bool = False
    unequipped: tuple[str, ...] = ()
    """Attacks that would reach once drawn (carried, not in hand)."""


class TrackerColumn(NamedTuple):
    """A column the encounter tracker shows for this game, besides name, side and initiative.

    ``kind`` "pool" draws the cell's current/maximum bar, "text" its text (both from
    :attr:`EncounterRules.cell`). ``sample`` is the widest text the column should fit.
    """

    id: str
    title: str
    tip: str = ""
    kind: Literal["text", "pool", "check"] = "text"
    sample: str = "999"
    centred: bool = False
    number_range: tuple[int, int] | None = None
    """An editable whole number between these bounds (edited with a spin box)."""
    stretch: bool = False
    """Takes the room left over (one long text column, e.g. the conditions)."""


class Cell(NamedTuple):
    """What one tracker cell shows: text (with its explanation), or a current/maximum bar."""

    text: str = ""
    tip: str = ""
    pool: tuple[int, int] | None = None
    editable: bool = False
    edit_text: str | None = None
    """What an editor starts with (None: the text)."""
    checked: bool | None = None
    """A check box (None: the cell has none); toggling it sends "true" or "false" to edit."""
    choices: tuple[str, ...] = ()
    """An editable cell picked from a list (a declared action); the pick is sent to edit."""


class DiceSpec(NamedTuple):
    """Dice an action rolls, as the table rolls them: 1d20 "attack", 1d8 "damage"."""

    number: int
    """How many dice (a named tuple's ``count`` is taken)."""
    sides: int
    label: str


ACTION_GROUPS: tuple[str, ...] = ("attack", "movement", "manoeuvre", "spell", "check")
"""The headings the action dialog groups a combatant's actions under, in this order."""
ACTION_GROUP_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "attack": "Attacks",
        "movement": "Movement",
        "manoeuvre": "Manoeuvres",
        "spell": "Spells",
        "check": "Saves and checks",
    }
)


class ActionOption(NamedTuple):
    """An action the actor can take now, as the action dialog offers it.

    ``group`` is one of :data:`ACTION_GROUPS` (the dialog lists the actions under those
    headings); ``target`` names the combatant an action is aimed at when the action carries
    its target itself (an Apparatus attack per foe), so the dialog can list foes first.
    ``id`` is the action itself, the value :attr:`EncounterRules.preview` and ``resolve`` read.
    """

    id: Action
    label: str
    needs_target: bool = True
    dice: tuple[DiceSpec, ...] = ()
    help: str = ""
    group: str = "check"
    target: str | None = None


class ActionPreview(NamedTuple):
    """What an action will be before it is rolled: its arithmetic and its exact odds.

    ``problem`` bars the action ("out of reach") with the reason; ``success`` is the exact
    chance the action succeeds; ``outcomes`` lists further exact chances worth showing.
    """

    lines: tuple[str, ...] = ()
    success: Fraction | None = None
    outcomes: tuple[tuple[str, Fraction], ...] = ()
    problem: str = ""
    spread: tuple[tuple[str, Fraction], ...] = ()
    """Every damage a hit can do and its exact chance: shown on demand, beside the lines'
    average and range (:func:`~m3desk.core.numbers.damage_summary`)."""


class DueAction(NamedTuple):
    """A check the fight asks for now (a side's morale), as the action of one combatant: the
    notice bar offers it as a button that opens the action dialog on it."""

    label: str
    actor: str
    action: Action


class ActionOutcome(NamedTuple):
    """A resolved action: the encounter after it, the log line, and how it was reached."""

    encounter: "Encounter"
    summary: str
    details: str = ""
    notices: tuple[str, ...] = ()
    """What the table must hear at this moment ("Aldo loses the spell: hit before casting";
    "the goblins' first death: check morale"); the dialog shows them when it applies."""


def _names(combatant: "Combatant") -> tuple[str, ...]:
    return tuple(condition.name for condition in combatant.conditions)


class SetupStep(NamedTuple):
    """One step of a game's encounter set-up that is rolled or typed (OSE: surprise, the
    encounter distance, the reaction roll), shown by the generic set-up panel in order.

    ``dice`` says what is rolled for the chosen option (and the state: a surprised side
    shortens the distance); ``apply`` takes the faces rolled or typed and returns the
    encounter with the result in place and logged (one undo step); ``shown`` is the result
    so far in words ("" before it is rolled)."""

    id: str
    label: str
    help: str
    dice: Callable[["Encounter", str], "DiceExpr"]
    apply: Callable[["Encounter", str, str | None, tuple[int, ...]], "Encounter"]
    shown: Callable[["Encounter"], str]
    choices: tuple[tuple[str, str], ...] = ()
    """(key, label) of the option asked for ("dungeon", "Dungeon"); empty: none."""
    who: Callable[["Encounter"], tuple[tuple[str, str], ...]] | None = None
    """(combatant id, name) of who the step is rolled for (the party's speaker); None:
    nobody in particular."""
    each: str = ""
    """One die for each of these ("side"): the dice are that die once per side, in order."""


class ExperienceLine(NamedTuple):
    """One defeated foe's experience: its name, the XP and where the number comes from."""

    name: str
    xp: int
    why: str


class ExperienceShare(NamedTuple):
    """What one surviving character earns ("share 60, +5 % prime requisite")."""

    combatant_id: str
    name: str
    xp: int
    why: str


class ExperienceAward(NamedTuple):
    """What a fight earned: per foe defeated, the total, each survivor's share."""

    defeated: tuple[ExperienceLine, ...]
    total: int
    shares: tuple[ExperienceShare, ...]
    notes: tuple[str, ...] = ()
    awarded: bool = False
    """Already added to the sheets (adding twice is refused)."""


class WriteBack(NamedTuple):
    """What a fight changes on a sheet, to be written back into its file: the file's sheet
    with the fight's results merged in, and those changes in the table's words."""

    merged_into: Callable[[BaseModel, BaseModel], BaseModel]
    describe: Callable[[BaseModel, BaseModel], tuple[str, ...]]


class MoveCheck(NamedTuple):
    """What moving a combatant from where it stands to a place would mean, as the map's ruler
    shows it while dragging and as the log line reads after the drop.

    ``distance`` is measured by the game's metric; ``cost`` is what the move spends (the
    Movement of a game that prices metres and terrain; the distance otherwise);
    ``allowance`` is what the combatant's declared action or remaining Movement allows (None:
    the game sets no limit now). ``verb`` names the move in the log ("charges", "withdraws");
    ``notes`` say what else the rules see in it ("over the allowance (90 ft)", "leaves the
    orc's reach: free attack", "difficult ground DR 2"); ``blocked`` is a move the rules
    forbid (impassable ground) that the GM may still make."""

    distance: int
    cost: int
    allowance: int | None = None
    verb: str = "moves"
    notes: tuple[str, ...] = ()
    blocked: bool = False

    @property
    def over(self) -> bool:
        """The move spends more than its allowance (or crosses ground the rules forbid)."""
        return self.blocked or (self.allowance is not None and self.cost > self.allowance)


def plain_move_check(encounter: "Encounter", combatant_id: str, place: "Place") -> MoveCheck:
    """A move as a game without movement rules sees it: its straight distance, no limit."""
    here = encounter.places.get(combatant_id)
    if here is None:
        return MoveCheck(0, 0)
    distance = encounter.position_model.measure(here, place)
    return MoveCheck(distance, distance)


def plain_move(
    encounter: "Encounter", combatant_id: str, place: "Place"
) -> tuple["Encounter", str]:
    """Put a combatant at a place and say so in the log ("Hal moves 30 ft", "… over the
    allowance"): what the map's drop, keys and typed moves do unless the game says more."""
    check = plain_move_check(encounter, combatant_id, place)
    name = encounter.combatant(combatant_id).name
    unit = encounter.position_model.unit
    text = f"{name} {check.verb} {check.distance} {unit}"
    if check.over:
        text += " (over the allowance)"
    return add_log(move_to(encounter, combatant_id, place), text, actor=combatant_id), text


class MoveAllowance(NamedTuple):
    """What a combatant's declared action still allows it to move now, in the game's unit:
    the amount, the verb its move takes in the log ("withdraws"), the label of its ring on
    the map ("fighting withdrawal") and why it is what it is ("casting a spell: no
    movement")."""

    amount: int
    verb: str
    label: str
    why: str = ""


def with_allowance_note(check: MoveCheck, allowed: str) -> MoveCheck:
    """The check with "over the allowance (90 ft)" first among its notes when the move spends
    more than it allows (``allowed`` says the allowance in the game's words: "90 ft",
    "3 Movement")."""
    if check.allowance is None or check.cost <= check.allowance:
        return check
    return check._replace(notes=(f"over the allowance ({allowed})", *check.notes))


def note_lines(check: MoveCheck) -> tuple[str, ...]:
    """A move's notes as a preview's lines, each begun with a capital."""
    return tuple(note[:1].upper() + note[1:] for note in check.notes)


def move_text(name: str, check: MoveCheck, unit: str) -> str:
    """A move as the log reads it: "Hal charges 150 ft" and what the rules saw in it
    ("…: over the allowance (90 ft); leaves Orc A's reach: free attack")."""
    text = f"{name} {check.verb} {check.distance} {unit}"
    return text + (f": {'; '.join(check.notes)}" if check.notes else "")


def attack_or_spell_ends_turn(_after: "Encounter", _actor: str, option: ActionOption) -> bool:
    """The usual turn: an attack or a spell is the combatant's action, after which it has
    nothing left to do; a move, a save or a check leaves the turn open."""
    return option.group in ("attack", "spell")


class PrintedCheck(NamedTuple):
    """A check the referee's printed encounter sheet keeps a box for (OSE: a side's morale at
    its first death and when half of it is down), ticked when it was made."""

    side: str
    label: str
    done: bool = False
    note: str = ""
    """How it is rolled, in a few words ("2d6 at most ML 7 holds")."""


class EncounterRules(NamedTuple):
    """How a game runs a fight, as functions the tracker, the board and the action dialog call.

    Every function is pure: it takes an encounter (the system's own subclass) and returns
    values or a new encounter. ``make_combatant`` turns a sheet into a combatant of the side.
    """

    encounter_type: type["Encounter"]
    make_combatant: Callable[[BaseModel, str], "Combatant"]
    pool: Callable[["Combatant"], tuple[int, int] | None]
    """Hit points now and at most, for the tracker's bar and the board's token."""
    columns: tuple[TrackerColumn, ...] = ()
    cell: Callable[["Encounter", "Combatant", str], Cell] = lambda _e, _c, _column: Cell()
    edit: Callable[["Encounter", str, str, str], tuple["Encounter", str]] | None = None
    """Apply what the user typed into an editable cell (combatant id, column id, text): the
    new encounter and the undo step's name. Raises ValueError with a message the tracker
    shows when the text cannot be used."""
    initiative_tip: Callable[["Encounter", "Combatant"], str] = lambda _e, _c: ""
    """How a combatant's initiative is rolled ("3d6 + DEX +2 + level 3"), for its tooltip."""
    rings: Callable[["Encounter", str], tuple[Ring, ...]] = lambda _e, _c: ()
    reach: Callable[["Encounter", str, str], Reach] = lambda _e, _a, _b: Reach()
    centre_summary: Callable[["Encounter", str], tuple[str, ...]] = lambda _e, _c: ()
    """The selected combatant's attacks and where they work ("Dagger: Hand, Close")."""
    limit: Callable[["Encounter"], int | None] = lambda _e: None
    """The farthest position this encounter allows (a band); the board hatches beyond it."""
    condition_names: Callable[["Combatant"], tuple[str, ...]] = lambda c: _names(c)
    """What the board lists on a token's tooltip."""
    roll_initiative: Callable[["Encounter", "Roller"], "Encounter"] | None = None
    """Roll this round's initiative (None: the scheme's plain die, per side or each)."""
    roll_words: Callable[["Encounter"], str] | None = None
    """What Roll Initiative rolls in this encounter, for its tooltip, where a table rule
    changes it (None: the scheme's :meth:`InitiativeScheme.roll_words`)."""
    actions: Callable[["Encounter", str], tuple[ActionOption, ...]] = lambda _e, _a: ()
    preview: Callable[["Encounter", str, Action, str | None], ActionPreview] = (
        lambda _e, _a, _o, _t: ActionPreview()
    )
    """The action's arithmetic and odds (encounter, actor id, action, target id)."""
    resolve: (
        Callable[["Encounter", str, Action, str | None, tuple[int, ...]], ActionOutcome] | None
    ) = None
    simulate: "Simulate | None" = None
    """One whole fight from the encounter as it stands, played by the forecast's policy with
    the dice of the ``random.Random`` given (see :mod:`m3desk.core.forecast`)."""
    forecast_policy: str = ""
    """In a few sentences, how the simulated combatants choose (shown with the forecast)."""
    due: Callable[["Encounter"], tuple[DueAction, ...]] = lambda _e: ()
    """The checks due now (a side's morale after its first death), each one click away."""
    hit_dice: Callable[[BaseModel], "DiceExpr | None"] = lambda _sheet: None
    """The dice a monster's hit points come from (HD 4+1: 4d8+1), for copies put into a
    fight; None: the sheet's hit points are the creature's own (every copy keeps them)."""
    with_hit_points: Callable[[BaseModel, int], BaseModel] = lambda sheet, _hp: sheet
    """The sheet with these hit points, now and at most (a fresh copy's)."""
    experience: Callable[["Encounter"], ExperienceAward] | None = None
    """The experience the fight has earned so far (None: the game awards none this way)."""
    award_experience: Callable[["Encounter"], "Encounter"] | None = None
    """The encounter with each survivor's share added to its sheet and logged."""
    setup_steps: tuple[SetupStep, ...] = ()
    """What the game rolls before the first round, in the book's order (the set-up panel)."""
    status: Callable[["Encounter"], tuple[str, ...]] = lambda _e: ()
    """Lines the tracker shows above the roster: the phase, who is to act, what is due now
    ("Goblins: first death, check morale (ML 7, holds 58.3 %)")."""
    check_move: Callable[["Encounter", str, "Place"], MoveCheck] = plain_move_check
    """What moving the combatant (id) to the place would spend against its allowance: the
    map's ruler while dragging, its rings, a typed move's preview."""
    make_move: Callable[["Encounter", str, "Place"], tuple["Encounter", str]] = plain_move
    """Move the combatant to the place with everything the rules attach to it (Movement
    spent, a free attack due, a grapple dragged along) and its log line: one undo step,
    returning the new encounter and the log text."""
    declare_attack: Callable[["Encounter", str], tuple["Encounter", str]] | None = None
    """Declare that the combatant (id) attacks its nearest foe this round, as the distance
    calls for (AD&D: attack where it stands, fire, or close in): the tracker's "Everyone
    Attacks the Nearest Foe", one undo step for all. None: the game declares no attacks."""
    turn_over: Callable[["Encounter", str, ActionOption], bool] = attack_or_spell_ends_turn
    """Whether the action just taken (the encounter after it, the actor, the action) leaves
    the actor nothing to do this turn: the action dialog then offers Apply and Next Turn."""
    printed_checks: Callable[["Encounter"], tuple[PrintedCheck, ...]] = lambda _e: ()
    """The checks the printed encounter sheet gives a box each (made ones ticked)."""


class ExchangeRead(NamedTuple):
    """A sheet read from another tool's file, what of it could not be kept, and what was
    kept in another place than the other tool's (in the notes, as an override), each said."""

    sheet: BaseModel
    problems: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()


class ExchangeFormat(NamedTuple):
    """Another tool's file of one sheet, which a game reads and writes (Foundry VTT's actor
    JSON for OSE). ``read`` takes the parsed JSON and never raises; ``write`` returns the
    JSON data and what the other tool has no place for, so nothing is dropped silently."""

    id: str
    label: str
    """What the user calls the file: "Foundry VTT actor"."""
    extension: str
    read: Callable[[Any], ExchangeRead]
    write: Callable[[BaseModel], tuple[Any, tuple[str, ...]]]
    writes: tuple[str, ...] = ("character", "monster")
    """The sheet kinds ``write`` takes."""


class SheetIdentity(NamedTuple):
    """Who a sheet is, in the words the library's columns show, the same for every game:
    the character's ancestry (race, kin), calling (class) and level; a monster's Hit Dice
    (or level) and Armour Class."""

    ancestry: str = ""
    calling: str = ""
    level: str = ""
    """"3" for a character; "HD 4+1" for a monster of a game that counts Hit Dice."""
    armour_class: str = ""
    """A monster's "AC 5" (a character's stands on its sheet)."""


def no_identity(_sheet: BaseModel) -> SheetIdentity:
    return SheetIdentity()


class GameSystem(NamedTuple):
    """Everything the app needs to know about one game, found through the registry."""

    id: str
    name: str
    documents: tuple[DocumentSpec, ...]
    options_model: type[BaseModel]
    """The table rules: every field a default, bounds and its words (label, reason, choices
    in words, section) on the field itself (:class:`m3desk.core.options.Option`)."""
    initiative: InitiativeScheme
    positions: PositionModel
    phases: tuple[PhaseSpec, ...] = ()
    maneuvers: tuple[Maneuver, ...] = ()
    conditions: tuple[ConditionSpec, ...] = ()
    encounter: EncounterRules | None = None
    """How the game runs a fight; None for a system whose encounters are not supported yet."""
    sheet_forms: Mapping[str, "SheetForm"] = MappingProxyType({})
    """How the generic editor and printer show each kind of sheet ("character", "monster");
    a kind with no form has its own editor (Monsters & Magic)."""
    write_back: WriteBack | None = None
    """What Encounter → Write Back to Sheets puts into the sheet files (None: nothing)."""
    exchange_formats: tuple[ExchangeFormat, ...] = ()
    """Other tools' sheet files this game imports and exports (File → Import/Export)."""
    generation: "Generation | None" = None
    """How File → New Character makes this game's characters: abilities and the methods to
    get them, race and class with their requirements, starting hit points, the sheet
    (:mod:`m3desk.core.generation`); None: a blank sheet from the character form."""
    accepts_unnamed_files: bool = False
    """Files written before documents named their system belong to this one."""
    summary: str = ""
    sheet_identity: Callable[[BaseModel], SheetIdentity] = no_identity
    """Who a character or monster sheet is (ancestry, calling, level; a monster's HD and AC),
    for the library's rows of every game."""
    sheet_rolls: Callable[[BaseModel, BaseModel | None], tuple["SheetRoll", ...]] = (
        lambda _sheet, _options: ()
    )
    """The rolls a sheet offers under the table rules (a save, an ability check, a skill,
    morale), each with its one rule (:mod:`m3desk.core.sheet_rolls`); none by default."""
    identity_words: tuple[str, str] = ("Ancestry", "Calling")
    """The game's words for a character's ancestry and calling (``SheetIdentity``), for the
    library's column headers ("Race", "Class")."""
    exploration: "ExplorationRules | None" = None
    """How the game runs an expedition between fights (its clock, what the book ties to
    it, the exploration actions; :mod:`m3desk.core.expedition_rules`); None: none yet."""
    random_tables: tuple[str, ...] = ()
    """Folders under ``resources/`` holding the game's random-table files (``*.m3t``:
    encounters, treasure; :mod:`m3desk.core.tables`), read by the Tables panel and the
    expedition beside the GM's own; none by default."""

    def document(self, kind: str) -> DocumentSpec:
        for spec in self.documents:
            if spec.kind == kind:
                return spec
        raise KeyError(f"{self.name} keeps no {kind!r} documents")

    def default_options(self) -> BaseModel:
        return self.options_model()
