"""The Example of Play played at the main window, as a GM would (digest §2.3).

Shared by ``test_example_of_play_gui.py`` and ``render_example_of_play_gui.py``: the GM
(:class:`Gm`) starts an encounter from the library, sets it up in the set-up strip and the
tracker, then resolves every action of the surprise round and round one in the action
dialog, opened with the tracker's Act (Ctrl+E) and driven with keys and clicks
(:class:`tests.ui.action.user.User`). The book gives sums, not faces: the dice typed are
faces that add up (12 → 4 4 4) and the damage dice of the rules acceptance test.

Where the book departs from its rules (digest §2.4) the GM gets there the way the rules
acceptance test does: the book-example table rules (I1, I2, chosen in Encounter → Table
Rules…), a GM resistance adjustment (I4), the GM's maximum damage (I5), the GM's number (I8)
and the book's Magic Missile (I6). Steps the GUI cannot do are marked ``# GUI gap:`` and
done through the document.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot

from m3desk.systems.monsters_and_magic import CharacterSheet, MonsterSheet, TableRules, Tier
from m3desk.systems.monsters_and_magic.encounter import Encounter, LogEntry, range_between
from m3desk.systems.monsters_and_magic.ranges import RangeBand
from m3desk.ui.action.check_list import CheckList
from m3desk.ui.action.combo_items import entry_enabled
from m3desk.ui.dialogs import NewEncounterChoice
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter.tracker_columns import Column
from m3desk.ui.encounter.widget import EncounterWidget
from m3desk.ui.games.monsters_and_magic.action.action_dialog import ActionDialog
from m3desk.ui.games.monsters_and_magic.action.condition_spend_row import ConditionSpendRow
from m3desk.ui.main_window import MainWindow
from m3desk.ui.table_rules.options_dialog import OptionsDialog
from m3desk.ui.window.open_document import OpenDocument
from tests.ui.action.user import User
from tests.ui.encounter.helpers import click_cell, groups, type_into_cell
from tests.ui.window.conftest import ScriptedDialogs

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ENCOUNTER_NAME = "Fane of the First Ones"
PARTY = (
    "Felix Pook",
    "Gramfive the Grim",
    "Guido of Gramarye",
    "Shamira Sunfire",
    "Xiola Zenwaith",
)
MUMMY = "First One Mummy"
SURPRISE_INITIATIVE = (
    ("Felix", "21"),
    ("Xiola", "20"),
    ("Gramfive", "13"),
    ("Shamira", "13"),
    ("Guido", "10"),
)

Step = Callable[[ActionDialog, User], None]
Snapshot = Callable[[str, QWidget], None]


def _no_snapshot(_name: str, _widget: QWidget) -> None:
    return None


@dataclass
class Check:
    """One resolution the log must show: the book's item, who, the check, the breakdown."""

    item: int
    actor: str
    label: str
    breakdown: str


@dataclass
class Gm:
    """The GM at the main window: keyboard, mouse, and the action dialogs about to open."""

    qtbot: QtBot
    window: MainWindow
    snapshot: Snapshot = _no_snapshot
    checks: list[Check] = field(default_factory=list)
    _steps: deque[Step] = field(default_factory=deque)
    record: OpenDocument | None = None

    # -- where things are ------------------------------------------------------------

    @property
    def page(self) -> EncounterWidget:
        assert self.record is not None and isinstance(self.record.page, EncounterWidget)
        return self.record.page

    @property
    def document(self) -> EncounterDocument:
        return self.page.document

    @property
    def encounter(self) -> Encounter:
        return self.document.encounter

    def who(self, prefix: str) -> str:
        return next(c.id for c in self.encounter.combatants if c.name.startswith(prefix))

    def sheet(self, prefix: str) -> CharacterSheet | MonsterSheet:
        return self.encounter.combatant(self.who(prefix)).sheet

    def range_to_mummy(self, prefix: str) -> RangeBand:
        return range_between(self.encounter, self.who(prefix), self.who("First"))

    def turn_name(self) -> str:
        turn = self.encounter.turn
        return self.encounter.combatant(turn).name if turn else ""

    # -- keys and clicks in the window -----------------------------------------------

    def press(
        self, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
    ) -> None:
        self.qtbot.keyClick(QApplication.focusWidget() or self.window, key, modifiers)

    def focus_tracker(self) -> None:
        """Click into the tracker (its keys only work with the focus inside the tab)."""
        assert self.record is not None
        self.window.session.focus(self.record)
        self.window.activateWindow()
        self.qtbot.waitUntil(self.window.isActiveWindow, timeout=2000)
        self.page.tracker.setFocus(Qt.FocusReason.MouseFocusReason)
        self.qtbot.waitUntil(self.page.tracker.hasFocus, timeout=2000)

    def choose(self, combo: QComboBox, prefix: str) -> None:
        """Click into a combo and type the start of an entry."""
        combo.setFocus(Qt.FocusReason.MouseFocusReason)
        self.qtbot.keyClicks(combo, prefix)
        assert combo.currentText().startswith(prefix), combo.currentText()

    def next_turn(self) -> None:
        """Ctrl+Return in the tracker."""
        self.focus_tracker()
        self.press(Qt.Key.Key_Return, CTRL)

    def encounter_menu(self, mnemonic: Qt.Key) -> None:
        """Alt+C opens the menu bar's Encounter menu; the item's underlined letter picks it."""
        self.focus_tracker()
        self.press(Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)
        self.qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None, timeout=2000)
        menu = QApplication.activePopupWidget()
        assert menu is self.window.menu_actions.menus["encounter"], menu
        self.qtbot.keyClick(menu, mnemonic)
        # Back to the window, as a window manager does when a dialog closes (offscreen
        # leaves the closed dialog's window active).
        self.window.activateWindow()
        self.qtbot.waitUntil(self.window.isActiveWindow, timeout=2000)

    # -- the table rules dialog ------------------------------------------------------

    def drive_table_rules(self, dialog: OptionsDialog) -> int:
        """Stands in for the Table Rules dialog's modal ``exec()``: "Book Example", then OK."""
        dialog.show()
        self.qtbot.waitExposed(dialog)
        assert dialog.options() == self.encounter.options
        self.qtbot.mouseClick(dialog.profile_buttons["Book Example"], Qt.MouseButton.LeftButton)
        assert dialog.options() == TableRules.book_example()
        assert dialog.status.text().startswith("These are the book example's rules")
        self.snapshot("table_rules_dialog", dialog)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        return int(dialog.result())

    # -- the action dialog -----------------------------------------------------------

    def drive(self, dialog: ActionDialog) -> int:
        """Stands in for the modal ``exec()``: the GM works through the next step."""
        assert self._steps, "the action dialog opened, but no step was expected"
        user = User.in_front_of(self.qtbot, dialog)
        self._steps.popleft()(dialog, user)
        assert dialog.was_applied, dialog.assistant.problems_list()
        return int(dialog.result())

    def act(self, step: Step) -> None:
        """Ctrl+E in the tracker opens the action dialog; the step resolves and applies it."""
        log, undo = len(self.encounter.log), self.document.undo_stack.count()
        self._steps.append(step)
        self.focus_tracker()
        self.press(Qt.Key.Key_E, CTRL)
        assert not self._steps, "Ctrl+E did not open the action dialog"
        # One check: one log entry, one undo step.
        assert (len(self.encounter.log), self.document.undo_stack.count()) == (log + 1, undo + 1)

    def expect(self, dialog: ActionDialog, item: int, breakdown: str) -> None:
        """The breakdown the dialog shows is the book's; the log must show it too."""
        assert dialog.result_view.breakdown_text() == breakdown
        actor, spec = dialog.inputs.actor(), dialog.spec
        assert actor is not None and spec is not None
        self.checks.append(Check(item, actor.name, spec.label, breakdown))


# -- gestures inside the action dialog ----------------------------------------------------


def ticked(user: User, checklist: CheckList, key: str, wanted: bool = True) -> None:
    """Tick (or untick) an entry unless it already is: the dialog remembers last choices."""
    keys = checklist.checked_keys()
    if (key in keys) != wanted:
        user.tick(checklist, key)
    assert (key in checklist.checked_keys()) == wanted, key


def tier(user: User, row: ConditionSpendRow, wanted: Tier) -> None:
    """Arrow down the tier list (greyed-out tiers are skipped) to the tier wanted."""
    user.click_into(row.tier)
    for _ in range(3):
        if row.current_tier() is wanted:
            break
        user.press(Qt.Key.Key_Down)
    assert row.current_tier() is wanted, row.tier.currentText()


def name_it(user: User, row: ConditionSpendRow, name: str) -> None:
    user.click_into(row.name)
    user.keys(name)


def call_it(user: User, name: str) -> None:
    """What the log calls the check (the dialog's "Check name")."""
    user.click_into(user.dialog.inputs.actor_panel.check_name)
    user.keys(name)


def situation(user: User) -> None:
    """Alt+J: show every circumstance."""
    if not user.dialog.inputs.situation.body.isVisible():
        user.alt("j")
    assert user.dialog.inputs.situation.body.isVisible()


# -- set-up --------------------------------------------------------------------------------


def start_from_the_library(gm: Gm, fake_dialogs: ScriptedDialogs) -> None:
    """Select the sample party and the mummy in the library; File → New Encounter."""
    library = gm.window.library
    view = library.view
    model = library.model
    # The library holds every game's samples: the GM picks this game's in the game filter.
    combo = library.game_filter
    combo.setFocus()
    gm.qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == "Monsters & Magic"
    names = [model.entry(row).name for row in range(model.rowCount())]
    assert sorted(names) == sorted([*PARTY, MUMMY])  # only the samples: a fresh profile
    first = view.visualRect(model.index(0, 0)).center()
    last = view.visualRect(model.index(model.rowCount() - 1, 0)).center()
    gm.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=first)
    gm.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, SHIFT, pos=last)
    assert sorted(e.name for e in library.selected_entries()) == sorted([*PARTY, MUMMY])

    asked: list[list[str]] = []

    def all_of_them(_parent: object, candidates: list, _name: str) -> NewEncounterChoice:
        asked.append(sorted(c.name for c in candidates if c.checked))
        return NewEncounterChoice(ENCOUNTER_NAME, tuple(c.source for c in candidates if c.checked))

    fake_dialogs.answer("ask_new_encounter", all_of_them)
    gm.qtbot.keyClick(gm.window, Qt.Key.Key_B, CTRL | SHIFT)
    assert asked == [sorted([*PARTY, MUMMY])]
    gm.record = gm.window.session.current()
    assert gm.encounter.name == ENCOUNTER_NAME and gm.encounter.phase == "setup"
    assert sorted(c.name for c in gm.encounter.combatants) == sorted([*PARTY, MUMMY])
    assert {c.side for c in gm.encounter.combatants} == {"Party", "Monsters"}


def set_up(gm: Gm) -> None:
    """Surroundings, table rules, Scouting, the surprise round's initiative, Start."""
    strip = gm.page.setup_strip
    assert strip.isVisible()
    # Indoors, a chamber (Table 13: maximum range Short); it is the last entry.
    strip.game_panel.conditions_combo.setFocus(Qt.FocusReason.MouseFocusReason)
    gm.press(Qt.Key.Key_End)
    assert (
        strip.game_panel.conditions_combo.currentText()
        == "Indoors, chamber, tunnel or corridor — max Short"
    )
    assert strip.game_panel.maximum_combo.currentText() == "Table 13: Short"
    assert gm.encounter.maximum_range is RangeBand.SHORT

    # I1, I2: the book-example table rules. The encounter started with the default (the
    # strict rules of a fresh profile); Encounter → Table Rules…, "Book Example", OK.
    assert gm.encounter.options == TableRules()
    undo = gm.document.undo_stack.count()
    gm.encounter_menu(Qt.Key.Key_B)  # Ta&ble Rules…
    assert gm.encounter.options == TableRules.book_example()
    assert gm.document.undo_stack.count() == undo + 1
    assert gm.document.undo_stack.undoText() == "Change table rules"

    # Scouting (items 1 and 2): Xiola spots the mummy; the mummy fails by 3, a simple failure.
    # GUI gap: the two Scouting checks cannot be resolved in the action dialog (Act is off
    # until the encounter starts); the strip takes their outcomes only, so the log has no
    # breakdown for them (16 vs 15 → 1 EP; 12 vs 15, a simple failure).
    scouting = strip.game_panel.scouting
    gm.choose(scouting.side_combos["Party"], "Su")
    gm.choose(scouting.side_combos["Monsters"], "Si")
    assert scouting.surprise_box.isChecked()
    assert scouting.surprise_box.text() == "The Party have surprise"
    assert scouting.preview.text() == "→ the encounter starts at Short; the Party have surprise"
    gm.qtbot.mouseClick(scouting.apply_button, Qt.MouseButton.LeftButton)
    assert gm.encounter.surprise_side == "Party"
    assert {
        gm.range_to_mummy(name) for name in ("Felix", "Xiola", "Gramfive", "Shamira", "Guido")
    } == {RangeBand.SHORT}

    # Items 3–7: initiative as rolled (DEX, INT for casting Xiola, + level), typed.
    for name, value in SURPRISE_INITIATIVE:
        type_into_cell(gm.qtbot, gm.page, name, Column.INITIATIVE, value)
    assert groups(gm.page)[:4] == [["Felix"], ["Xiola"], ["Gramfive", "Shamira"], ["Guido"]]

    gm.next_turn()  # Ctrl+Return in set-up starts the encounter
    assert (gm.encounter.phase, gm.encounter.round) == ("surprise", 0)
    assert gm.turn_name() == "Felix Pook"
    assert not strip.isVisible()
    gm.snapshot("tracker_surprise_round", gm.page.tracker)
    gm.snapshot("board_surprise_round", gm.page.board)


# -- the surprise round -----------------------------------------------------------------------


def felix_sneaks(gm: Gm) -> Step:
    """Item 8: 12 + 7 = 19 vs the surprised mummy's rolled WIS 11 − 2 (semi-concealed) = 9."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        user.choose(panel.action, "Change")
        ticked(user, panel.traits.list, "Stealthy")
        call_it(user, "sneak")
        assert not dialog.inputs.target_panel.size_applies.isChecked()  # only gets past it
        editor = dialog.inputs.target_panel.resistance
        assert editor.rolled.isChecked() and editor.surprise_note.isVisible()
        situation(user)
        user.choose(dialog.inputs.situation.actor_hidden, "semi")
        # I4: the book's "11 −2, 9" drops the mummy's WIS +2: the GM takes 2 off.
        user.set_number(dialog.inputs.situation.gm_resistance, -2)
        user.type_dice(4, 4, 4, 4, 4, 3)
        gm.expect(dialog, 8, "12 + 7 = 19 vs 11 − 2 = 9 → 10 EP")
        user.set_number(dialog.assistant.bands, 2)  # closer, Short → Close
        assert dialog.assistant.range_note.text() == "Short → Close (10 EP)"
        user.apply()

    return step


def xiola_shield(gm: Gm) -> Step:
    """Item 9: 10 + 8 (INT 6, Spellcasting 1, Staff of Magic 1) = 18 vs 10 + 1 → 7 EP."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        user.choose(panel.action, "Cast")
        user.choose(panel.weapon, "Shield")
        ticked(user, panel.traits.list, "Spellcasting")
        situation(user)
        ticked(user, dialog.inputs.situation.gear, "Staff of Magic")
        editor = dialog.inputs.target_panel.resistance
        assert editor.spell_level.value() == 1
        assert editor.concentration.currentText().startswith("Safe")  # not yet in danger
        user.type_dice(4, 3, 3)
        gm.expect(dialog, 9, "10 + 8 = 18 vs 11 → 7 EP")
        row = dialog.assistant.rows[0]
        assert row.kind.currentText() == "effect on Xiola Zenwaith", row.kind.currentText()
        tier(user, row, Tier.MINOR)
        name_it(user, row, "magical shield")
        user.choose(row.duration.kind, "rounds")
        user.set_number(row.duration.number, 5)
        user.choose(row.affects, "defence")
        assert dialog.assistant.status.text() == "7 EP to spend  ·  5 spent  ·  2 left"
        user.apply()

    return step


def gramfive_charges(gm: Gm) -> Step:
    """Item 10: 15 + 8 + 7 = 30 vs rolled defence 9 + 7 = 16 → 14, −2 → 12 EP (I1)."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        assert panel.action.currentText() == "Attack"
        assert panel.weapon.currentText().startswith("Cutter")
        ticked(user, panel.traits.list, "Weapons Training")
        assert dialog.inputs.target_panel.target.currentText().startswith(MUMMY)
        assert dialog.inputs.target_panel.resistance.rolled.isChecked()  # surprised
        gm.snapshot("action_dialog_before_roll", dialog)
        user.type_dice(5, 5, 5, 6, 3, 3, 3)
        gm.expect(dialog, 10, "15 + 8 + 7 = 30 vs 9 + 7 = 16 → 14 EP; larger target −2 → 12 EP")
        user.set_number(dialog.assistant.bands, 2)
        user.set_number(dialog.assistant.damage, 2)
        assert "First One Mummy PHP 49 → 47" in dialog.assistant.preview.text()
        gm.snapshot("action_dialog_after_roll", dialog)
        user.apply()

    return step


def shamira_turns(gm: Gm) -> Step:
    """Item 11: 7 + 8 = 15 vs the mummy's rolled 12 + 2 + 6 = 20: short by 5 (I2)."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        user.choose(panel.action, "Attr")
        user.choose(dialog.inputs.target_panel.target, "First")
        assert panel.attribute.currentText().startswith("WIS")
        for trait in ("Turn Undead", "Ensure the Dead Stay in the Underworld"):
            ticked(user, panel.traits.list, trait)
        call_it(user, "Turn Undead")
        user.click(panel.mental)
        editor = dialog.inputs.target_panel.resistance
        user.alt("u")  # resists with an attribute, rolled (surprised)
        user.choose(editor.attribute, "WIS")
        ticked(user, editor.target_traits.list, "Ancient Undead Horror")
        user.type_dice(2, 2, 3, 4, 4, 4)
        gm.expect(dialog, 11, "7 + 8 = 15 vs 12 + 8 = 20 → failed by 5: minor failure")
        assert (
            dialog.result_view.headline_text()
            == "Failed by 5: a minor consequence for the actor (the GM may react)"
        )
        user.apply()

    return step


def disease_strikes(gm: Gm) -> Step:
    """Item 12, the GM reaction: 13 + 2 (minor effect) + 3 = 18 vs CON 8 (+2) → 8, +2 → 10."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        assert panel.actor.currentText().startswith("Shamira")  # her turn
        user.choose(panel.actor, "First")  # the dialog runs for the GM's chosen actor
        user.choose(panel.weapon, "Infect")
        user.choose(dialog.inputs.target_panel.target, "Sham")
        request = dialog.request
        assert request is not None and request.resistance.attribute is not None
        assert request.resistance.attribute.value == "CON"
        situation(user)
        inputs = dialog.inputs.situation
        user.click_into(inputs.other_name)
        user.keys("from Shamira's minor consequence")
        user.set_number(inputs.other_value, 2)
        user.type_dice(5, 4, 4, 2)
        gm.expect(dialog, 12, "13 + 2 + 3 = 18 vs 10 → 8 EP; smaller target +2 → 10 EP")
        row = dialog.assistant.rows[0]
        tier(user, row, Tier.MAJOR)
        name_it(user, row, "regressing to ape-man")
        user.click_into(row.duration.kind)
        user.press(Qt.Key.Key_End)
        assert row.duration.kind.currentText() == "until thrown off"
        user.set_number(row.duration.number, 10)
        user.choose(row.affects, "checks")  # the book never takes it off her CON
        assert not dialog.assistant.defender.isEnabled()  # she has spent her hero point
        assert "Shamira Sunfire has no hero point" in dialog.assistant.defender_note.text()
        user.apply()

    return step


def guido_inspires(gm: Gm) -> Step:
    """Item 13: 11 + 8 = 19 vs Average 10 → +9 help on Shamira's next Turn Undead."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        user.choose(panel.action, "Help")
        user.choose(dialog.inputs.target_panel.target, "Sham")
        for trait in ("Help Others Fight or Face Danger", "Use Your Music to Help People"):
            ticked(user, panel.traits.list, trait)
        call_it(user, "song of inspiration")
        user.type_dice(4, 4, 3)
        gm.expect(dialog, 13, "11 + 8 = 19 vs 10 → 9 EP")
        assert (
            dialog.assistant.help_amount.text() == "+9 to Shamira Sunfire (all the effect points)"
        )
        user.alt("k")
        user.keys("Turn Undead")
        user.apply()

    return step


def surprise_round(gm: Gm) -> None:
    """Felix, Xiola, Gramfive, Shamira (and the GM reaction), Guido; Next Turn between."""
    gm.act(felix_sneaks(gm))
    assert gm.range_to_mummy("Felix") is RangeBand.CLOSE
    gm.next_turn()
    assert gm.turn_name() == "Xiola Zenwaith"
    gm.act(xiola_shield(gm))
    [shield] = gm.sheet("Xiola").conditions
    assert (shield.name, shield.value, shield.duration.rounds) == ("magical shield", 2, 5)
    assert tracker_text(gm, "Xiola", "ac") == "AC 17 (+5)"
    gm.next_turn()
    assert gm.turn_name() == "Gramfive the Grim"
    gm.act(gramfive_charges(gm))
    assert gm.sheet("First").php.current == 47
    assert gm.range_to_mummy("Gramfive") is RangeBand.CLOSE
    gm.next_turn()
    assert gm.turn_name() == "Shamira Sunfire"
    gm.act(shamira_turns(gm))
    gm.act(disease_strikes(gm))  # the GM reaction, still at Shamira's count
    [regressing] = gm.sheet("Shamira").conditions
    assert (regressing.value, regressing.duration.contest_target) == (-4, 10)
    gm.next_turn()
    assert gm.turn_name() == "Guido of Gramarye"
    gm.act(guido_inspires(gm))
    assert [(c.name, c.value) for c in gm.sheet("Shamira").conditions][-1] == (
        "help from Guido of Gramarye",
        9,
    )


# -- round one ---------------------------------------------------------------------------------


def felix_backstabs(gm: Gm) -> Step:
    """Item 15: 15 + 8 + 3 = 26 vs AC 17 − 2 = 15 → 11, −2 → 9; a hero point makes it 10."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        user.choose(panel.action, "Att")  # last time he sneaked: the dialog remembers
        assert panel.weapon.currentText().startswith("Dagger")
        for trait in ("Simple Weapons", "Stealthy"):
            ticked(user, panel.traits.list, trait)
        assert not dialog.inputs.target_panel.resistance.rolled.isChecked()  # not surprised
        situation(user)
        user.choose(dialog.inputs.situation.actor_hidden, "semi")
        user.type_dice(5, 5, 5, 3)
        gm.expect(dialog, 15, "15 + 8 + 3 = 26 vs 15 → 11 EP; larger target −2 → 9 EP")
        spending = dialog.assistant
        row = spending.rows[0]
        assert not entry_enabled(row.tier, row.tier.findData(Tier.MAJOR.value))  # 9 < 10
        user.alt("h")
        user.keys("1")
        assert spending.hero_note.text() == "9 → 10 EP"
        tier(user, row, Tier.MAJOR)
        name_it(user, row, "backstabbed!")
        assert spending.status.text() == "10 EP to spend  ·  10 spent  ·  0 left"
        user.apply()

    return step


def xiola_missile(gm: Gm) -> Step:
    """Item 16: 14 + 7 + 4 = 25 vs Tough 15 (dangerous) → 10 EP (I6: no staff, no level)."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        assert panel.action.currentText() == "Cast a spell"  # remembered
        user.choose(panel.weapon, "Magic")
        ticked(user, panel.traits.list, "Spellcasting")
        assert dialog.inputs.target_panel.target.currentText().startswith(MUMMY)
        editor = dialog.inputs.target_panel.resistance
        assert editor.concentration.currentText().startswith("Dangerous")
        # I6: the book's missile is Tough 15 with +7: no spell level, no Staff of Magic.
        user.set_number(editor.spell_level, 0)
        situation(user)
        ticked(user, dialog.inputs.situation.gear, "Staff of Magic", wanted=False)
        user.type_dice(5, 5, 4, 3)
        gm.expect(dialog, 16, "14 + 7 + 4 = 25 vs 15 → 10 EP")
        spending = dialog.assistant
        row = spending.rows[0]
        tier(user, row, Tier.MINOR)
        name_it(user, row, "catching fire")
        assert spending.damage.maximum() == 5  # 10 − 5; the missile's own maximum is 6
        user.set_number(spending.damage, 5)
        user.apply()

    return step


def mummy_bashes(gm: Gm) -> Step:
    """Item 17: 15 + 20 + 7 − 4 = 38 vs AC 19 + 2 = 21 → 17, +2 → 19; Gramfive takes 18."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        assert panel.actor.currentText().startswith(MUMMY)
        user.choose(panel.weapon, "Bash")  # the disease was its last attack
        user.choose(dialog.inputs.target_panel.target, "Gram")
        inputs = dialog.inputs.situation
        mummy = gm.sheet("First")
        backstab, fire = (c.id for c in mummy.conditions)
        # backstabbed! (count 21) counts; catching fire (count 20, simultaneous) not yet.
        assert inputs.actor_conditions.checked_keys() == (backstab,)
        assert "not yet in force" in inputs.actor_conditions.item(1).text()
        assert fire in inputs.actor_conditions.entry_keys()
        situation(user)
        user.type_dice(5, 5, 5, 7)
        gm.expect(dialog, 17, "15 + 16 + 7 = 38 vs 21 → 17 EP; smaller target +2 → 19 EP")
        spending = dialog.assistant
        row = spending.rows[0]
        tier(user, row, Tier.EXTREME)
        name_it(user, row, "chest bashed in")
        assert spending.defender.text() == "Gramfive the Grim takes 18 damage &instead"
        user.alt("i")  # Gramfive's player balks and spends his hero point
        assert spending.defender.isChecked()
        assert "Gramfive the Grim PHP 25 → 7" in spending.preview.text()
        user.apply()

    return step


def gramfive_strikes(gm: Gm) -> Step:
    """Item 18: 14 + 8 + 3 = 25 vs AC 17 − 4 − 2 = 11 → 14, −2 → 12 EP, all damage (I5)."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        assert panel.weapon.currentText().startswith("Cutter")
        ticked(user, panel.traits.list, "Weapons Training")
        assert len(dialog.inputs.situation.target_conditions.checked_keys()) == 2
        user.type_dice(5, 5, 4, 2)
        gm.expect(dialog, 18, "14 + 8 + 3 = 25 vs 11 → 14 EP; larger target −2 → 12 EP")
        spending = dialog.assistant
        row = spending.rows[0]
        minor = row.tier.findData(Tier.MINOR.value)
        assert not entry_enabled(row.tier, minor)  # lacerated: no second minor consequence
        assert "already has a minor consequence (catching fire)" in row.note.text()
        assert spending.damage.maximum() == 10
        situation(user)
        user.alt("x")  # I5: the GM sets this check's maximum damage to 12, as printed
        user.keys("12")
        assert "maximum damage 12 (GM; computed 10)" in dialog.modifier_view.plain_text()
        assert spending.damage.maximum() == 12
        user.set_number(spending.damage, 12)
        assert "First One Mummy PHP 42 → 30" in spending.preview.text()
        gm.snapshot("action_dialog_gm_maximum_damage", dialog)
        user.apply()

    return step


def shamira_turns_again(gm: Gm) -> Step:
    """Item 19: 6 + 8 + 9 (help) − 4 (regressing) = 19 vs the GM's 16 → 3 MHP (I2, I8)."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        assert panel.action.currentText() == "Attribute check"  # remembered
        user.choose(dialog.inputs.target_panel.target, "First")
        assert panel.mental.isChecked()  # remembered
        call_it(user, "Turn Undead")
        inputs = dialog.inputs.situation
        assert len(inputs.actor_conditions.checked_keys()) == 1  # regressing to ape-man
        assert len(inputs.help.checked_keys()) == 1  # help from Guido, used up by this check
        user.alt("n")  # I8: the GM's number for turning
        user.set_number(dialog.inputs.target_panel.resistance.fixed, 16)
        assert inputs.target_conditions.checked_keys() == ()  # they do not affect turning
        user.type_dice(2, 2, 2)
        gm.expect(dialog, 19, "6 + 13 = 19 vs 16 → 3 EP")
        assert dialog.assistant.damage.suffix() == " MHP"
        user.set_number(dialog.assistant.damage, 3)
        user.apply()

    return step


def disease_again(gm: Gm) -> Step:
    """Item 20: 15 + 6 = 21 vs CON 8 (+2) → 11, +2 → 13 EP, all PHP damage (I10, I11)."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        user.choose(panel.actor, "First")
        user.choose(panel.weapon, "Infect")
        user.choose(dialog.inputs.target_panel.target, "Sham")
        inputs = dialog.inputs.situation
        situation(user)
        # The disease is not one of the mummy's combat actions: the book's 15 + 6 carries
        # neither backstabbed! nor catching fire.
        for condition in gm.sheet("First").conditions:
            ticked(user, inputs.actor_conditions, condition.id, wanted=False)
        assert inputs.target_conditions.checked_keys() == ()  # regressing: her checks only
        user.type_dice(5, 5, 5, 5)
        gm.expect(dialog, 20, "15 + 6 = 21 vs 10 → 11 EP; smaller target +2 → 13 EP")
        assert dialog.assistant.damage.maximum() == 13  # the cap is 9 + level 6 = 15 (I11)
        user.set_number(dialog.assistant.damage, 13)
        user.apply()

    return step


def guido_heals(gm: Gm) -> Step:
    """Item 21: 12 + 8 = 20 vs Tough 15 → +5 to Shamira's CON against the next attack."""

    def step(dialog: ActionDialog, user: User) -> None:
        panel = dialog.inputs.actor_panel
        assert panel.action.currentText() == "Help another"  # remembered
        user.choose(dialog.inputs.target_panel.target, "Sham")
        user.choose(dialog.inputs.target_panel.resistance.rung, "Tough")
        call_it(user, "song of healing")
        user.type_dice(4, 4, 4)
        gm.expect(dialog, 21, "12 + 8 = 20 vs 15 → 5 EP")
        user.alt("k")
        user.keys("CON resistance")
        user.apply()

    return step


def round_one(gm: Gm) -> None:
    """The mummy's initiative 20 typed; then every count, Next Turn between them."""
    gm.next_turn()  # after Guido: the surprise round is over
    assert (gm.encounter.phase, gm.encounter.round) == ("rounds", 1)
    assert gm.turn_name() == "Felix Pook"
    # Item 14: the mummy rolls 14 + 6 (engaged) = 20, simultaneous with Xiola.
    type_into_cell(gm.qtbot, gm.page, "First", Column.INITIATIVE, "20")
    assert groups(gm.page)[:4] == [
        ["Felix"],
        ["Xiola", "First"],
        ["Gramfive", "Shamira"],
        ["Guido"],
    ]
    assert gm.turn_name() == "Felix Pook"

    gm.act(felix_backstabs(gm))
    assert gm.sheet("Felix").hero_points == 0
    gm.next_turn()
    gm.act(xiola_missile(gm))
    assert gm.sheet("First").php.current == 42
    gm.next_turn()
    assert gm.turn_name() == MUMMY
    gm.act(mummy_bashes(gm))
    assert (gm.sheet("Gramfive").php.current, gm.sheet("Gramfive").hero_points) == (7, 0)
    gm.next_turn()
    assert gm.turn_name() == "Gramfive the Grim"
    gm.act(gramfive_strikes(gm))
    gm.next_turn()
    assert gm.turn_name() == "Shamira Sunfire"
    gm.act(shamira_turns_again(gm))
    gm.act(disease_again(gm))  # the disease attacks again, still at Shamira's count
    gm.next_turn()
    assert gm.turn_name() == "Guido of Gramarye"
    gm.act(guido_heals(gm))
    click_cell(gm.qtbot, gm.page, "First", Column.NAME)  # the board shows the mummy's ranges
    gm.snapshot("tracker_end_of_round_one", gm.page.tracker)
    gm.snapshot("board_end_of_round_one", gm.page.board)


def tracker_text(gm: Gm, prefix: str, column: str) -> str:
    model = gm.page.tracker.tracker_model
    row = next(n for n, r in enumerate(model.rows) if r.combatant.name.startswith(prefix))
    return str(model.index(row, model.column_of(column)).data())


def check_entries(gm: Gm) -> list[LogEntry]:
    """The log entries the action dialog wrote (one per check; they carry the details)."""
    return [entry for entry in gm.encounter.log if entry.details.startswith("Check: ")]
