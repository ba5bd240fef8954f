"""Monsters & Magic's actions through the seam read back as its dialog's choices and no
other: each offered action is the dialog's choice it names and back, and an action no list of
the dialog holds (a monster's bare hands, a spell not on the sheet, an attribute the game does
not have) is none, and previews as barred."""

from __future__ import annotations

from m3desk.core import registry
from m3desk.core.actions import Action
from m3desk.systems.monsters_and_magic.seam_actions import action_of, chosen, default_request
from tests.ui.action.scene import book_encounter, ids, in_round_one

RULES = registry.get("monsters_and_magic").encounter
assert RULES is not None


def test_every_offered_action_is_the_dialogs_choice_and_back() -> None:
    encounter = in_round_one(book_encounter())
    mummy = ids(encounter)["First"]
    for actor in encounter.combatants:
        for option in RULES.actions(encounter, actor.id):
            choice = chosen(encounter, actor.id, option.id)
            assert choice is not None, option
            target = mummy if option.needs_target and actor.id != mummy else None
            request = default_request(encounter, actor.id, choice, target)
            assert action_of(encounter, request) == option.id


def test_an_action_no_list_of_the_dialog_holds_is_none() -> None:
    encounter = in_round_one(book_encounter())
    mummy, felix = ids(encounter)["First"], ids(encounter)["Felix"]
    forged = [
        (mummy, Action("attack")),  # a monster fights with its attacks
        (felix, Action("spell", 0)),  # no spell on Felix's sheet
        (felix, Action("spell")),
        (felix, Action("attack", 99)),
        (felix, Action("check", variant="LUCK")),
        (felix, Action("save", variant="death")),
        ("nobody", Action("defend")),
    ]
    for actor, action in forged:
        assert chosen(encounter, actor, action) is None, action
        if actor != "nobody":
            assert RULES.preview(encounter, actor, action, mummy).problem, action


def test_an_aimed_action_needs_a_target_of_its_kind() -> None:
    encounter = in_round_one(book_encounter())
    felix, xiola, mummy = (ids(encounter)[n] for n in ("Felix", "Xiola", "First"))
    assert RULES.preview(encounter, felix, Action("help"), mummy).problem
    assert RULES.preview(encounter, felix, Action("help"), None).problem
    assert not RULES.preview(encounter, felix, Action("help"), xiola).problem
    assert RULES.preview(encounter, felix, Action("change_range"), xiola).problem
    assert not RULES.preview(encounter, felix, Action("change_range"), mummy).problem
