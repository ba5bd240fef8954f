"""Actions are typed, frozen values (issue 31): every game's action list offers
:class:`~m3desk.core.actions.Action` values that the preview and the roll read back by their
fields, and no module takes a string apart on ':' to learn which weapon, spell, target or
adjustment is meant (the ids "attack:3" and "morale:side:-1" were split in 27 places)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from m3desk.core import encounter as core
from m3desk.core import registry
from m3desk.core.actions import Action
from tests.systems.option_probe import sample_sheets
from tests.ui.encounter.game_samples import at_points

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("m3desk", "tests/toy_system", "tests/skirmish_system")
"""Where the games, the forecasts and the dialogs build and read actions (the tools' own
parsers of rulebook text split on ':' freely)."""

NOT_ACTIONS = {
    ("m3desk/ui/picture_files.py", "rsplit"): "an XML name's namespace prefix (svg:href)",
    ("m3desk/ui/encounter/player_view.py", "partition"): "the board's centre choice "
    "(fixed:<name>), not an action",
}
"""The ':' splits that are not about actions, each with its reason."""

SPLITS = {"split", "rsplit", "partition", "rpartition"}


def _colon_splits(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in SPLITS
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == ":"
        ):
            found.append((node.lineno, node.func.attr))
    return found


def test_no_module_takes_a_string_apart_on_a_colon() -> None:
    found = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            found += [
                f"{relative}:{line}: .{how}(':')"
                for line, how in _colon_splits(path)
                if (relative, how) not in NOT_ACTIONS
            ]
    assert not found, (
        "an action (or something like it) split on ':'; build and read an "
        "Action's fields instead:\n" + "\n".join(found)
    )


def test_the_scan_sees_a_split(tmp_path: Path) -> None:
    """The scan itself: a module that splits an id on ':' is caught."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        'kind = action.split(":")[0]\nhead, _, rest = key.partition(":")\n', encoding="utf-8"
    )
    assert sorted(_colon_splits(probe)) == [(1, "split"), (2, "partition")]


def _fight(game: str) -> core.Encounter:
    """Four of the game's sample sheets, two a side, 10 apart, the first one's turn."""
    system = registry.get(game)
    rules = system.encounter
    assert rules is not None
    encounter = rules.encounter_type(name="Typed actions")
    sheets = sample_sheets(system)
    # the foes are the game's monsters where it has some (a monster's morale is checked)
    monsters = [s for s in sheets if getattr(s, "kind", "") == "monster"] or sheets
    others = [s for s in sheets if s not in monsters] or sheets
    for number in range(4):
        side, pool = ("Party", others) if number % 2 == 0 else ("Foes", monsters)
        sheet = pool[(number // 2) % len(pool)]
        encounter = core.join(encounter, rules.make_combatant(sheet, side))
    encounter = core.set_initiative(encounter, {c.id: 10 for c in encounter.combatants})
    return core.next_turn(encounter)


GAMES = [
    system.id
    for system in registry.systems()
    if system.encounter is not None and system.encounter.resolve is not None
]
"""Every game whose actions the generic dialog offers, previews and rolls."""


@pytest.mark.parametrize("game", GAMES)
def test_every_action_offered_is_a_frozen_value_read_by_its_fields(game: str) -> None:
    rules = registry.get(game).encounter
    assert rules is not None
    encounter = _fight(game)
    offered = 0
    for combatant in encounter.combatants:
        options = rules.actions(encounter, combatant.id)
        assert len({option.id for option in options}) == len(options), (
            f"{game}: two of {combatant.name}'s actions are the same value"
        )
        for option in options:
            action = option.id
            assert type(action) is Action, f"{game}: {option.label!r} is offered as {action!r}"
            with pytest.raises(dataclasses.FrozenInstanceError):
                action.kind = "changed"  # type: ignore[misc]
            # An equal value built anew is the same action: the preview reads its fields.
            again = Action(action.kind, action.index, action.target, action.variant, action.amount)
            target = (
                next((c.id for c in encounter.combatants if c.side != combatant.side), None)
                if option.needs_target
                else None
            )
            assert rules.preview(encounter, combatant.id, again, target) == rules.preview(
                encounter, combatant.id, action, target
            )
            offered += 1
    assert offered


@pytest.mark.parametrize("game", GAMES)
def test_every_check_due_is_an_action_the_actor_is_offered(game: str) -> None:
    """What the notice bar offers (a morale check, an opportunity attack) is an Action, and
    the very one the dialog lists for that combatant."""
    rules = registry.get(game).encounter
    assert rules is not None
    encounter = _fight(game)
    due = ()
    # The side's losses one by one until its morale is due (OSE: the first; AD&D: a quarter
    # of its monsters down), or every foe down.
    for foe in [c for c in encounter.combatants if c.side == "Foes"][:-1]:
        encounter = at_points(encounter, foe.id, 0)
        due = rules.due(encounter)
        if due:
            break
    if not due:
        pytest.skip(f"{registry.get(game).name} asks for no check after its side's losses")
    for check in due:
        assert type(check.action) is Action
        assert check.action in {o.id for o in rules.actions(encounter, check.actor)}
