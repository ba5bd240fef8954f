"""The encounter table's actions and their keys; construction only.

Keys avoid the window's (Ctrl+N/O/S/W/Q/Z/L/F, F5) and answer wherever the focus is in the
window while the encounter tab is shown (``WindowShortcut``: the tracker, the log, the map,
the library beside it), as the Encounter menu that lists them promises; a tab out of sight
is not visible, so a sheet tab or another encounter never sees them. Delete alone answers
only inside the tab (the library's list is no place to remove a combatant from). Every
tooltip names its key.

=====================  ====================
Next turn              Ctrl+Return (Ctrl+Enter)
Previous turn          Ctrl+Shift+Return
Roll initiative        Ctrl+I (all without one), Ctrl+Shift+I (selected)
Casting this round     Ctrl+T (a game's own)
Earlier/later on count Alt+Up / Alt+Down
Delay / Act now        Ctrl+D / Ctrl+Shift+D
Act…                   Ctrl+E
Everyone attacks       Ctrl+Shift+A (games that declare)
Adjust pools           Ctrl+H / Ctrl+Shift+H (a game's own: Monsters & Magic's PHP, MHP)
Add condition…         Ctrl+K
Remove combatant       Delete (in the encounter tab)
Export log…            Ctrl+Shift+E
Table rules…           (none; Encounter menu and More)
=====================  ====================
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

__all__ = ["EncounterActions"]


def _adder(host: QWidget) -> Callable[..., QAction]:
    """``action(text, keys, tip)``: a QAction on *host* with its keys (window-wide) and a tip
    that names the first key."""

    def action(text: str, keys: tuple[str, ...], tip: str, *, on: QWidget = host) -> QAction:
        created = QAction(text, on)
        if keys:
            created.setShortcuts([QKeySequence(key) for key in keys])
            created.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            shown = QKeySequence(keys[0]).toString(QKeySequence.SequenceFormat.NativeText)
            tip = f"{tip} ({shown})"
        created.setToolTip(tip)
        created.setStatusTip(tip)
        on.addAction(created)
        return created

    return action


class EncounterActions(QObject):
    def __init__(self, host: QWidget, tracker: QWidget) -> None:
        super().__init__(host)
        action = _adder(host)
        self._make_turn_actions(action)
        self._make_combatant_actions(action, host)
        self._make_table_actions(action)

        # Shorter words on the toolbar (QToolBar shows iconText); menus keep the full text.
        for created, short in (
            (self.previous_turn, "Previous"),
            (self.add_condition, "Add Condition"),
        ):
            created.setIconText(short)

    def _make_turn_actions(self, action: Callable[..., QAction]) -> None:
        """The turn order's: next, previous, initiative, casting, count order, delay, act."""
        self.next_turn = action(
            "&Next Turn",
            ("Ctrl+Return", "Ctrl+Enter"),
            "Next combatant; after the last, a new round begins",
        )
        self.previous_turn = action(
            "&Previous Turn",
            ("Ctrl+Shift+Return", "Ctrl+Shift+Enter"),
            "Back to the previous combatant in this round",
        )
        self.roll_initiative = action(
            "&Roll Initiative…",
            ("Ctrl+I",),
            "Roll initiative for everyone who acts next and has none",
        )
        self.roll_selected = action(
            "Roll Initiative for &Selected…",
            ("Ctrl+Shift+I",),
            "Roll the selected combatant's initiative again",
        )
        self.casting = action(
            "&Casting This Round", ("Ctrl+T",), "The selected combatant casts a spell this round"
        )
        self.casting.setCheckable(True)
        self.earlier = action(
            "Act &Earlier on Count",
            ("Alt+Up",),
            "Among simultaneous combatants, the selected one acts earlier",
        )
        self.later = action(
            "Act &Later on Count",
            ("Alt+Down",),
            "Among simultaneous combatants, the selected one acts later",
        )
        self.delay = action("&Delay", ("Ctrl+D",), "The selected combatant holds its action")
        self.act_now = action(
            "Act &Now",
            ("Ctrl+Shift+D",),
            "The selected delayed combatant acts now, at the current count",
        )
        self.act = action(
            "&Act…", ("Ctrl+E",), "Open the action dialog for the combatant whose turn it is"
        )

    def _make_combatant_actions(self, action: Callable[..., QAction], host: QWidget) -> None:
        """The selected combatant's: pools, everyone attacks, effects, removal."""
        # A game's own commands (``tracker_commands``) give these their words (``speak``);
        # every other game hides them.
        self.adjust_php = action(
            "Adjust &Pool…", ("Ctrl+H",), "Damage or heal the selected combatant"
        )
        self.adjust_mhp = action(
            "Adjust &Second Pool…", ("Ctrl+Shift+H",), "Damage or heal the selected combatant"
        )
        self.everyone_attacks = action(
            "Everyone A&ttacks the Nearest Foe",
            ("Ctrl+Shift+A",),
            "Declare for every combatant standing what attacking "
            "its nearest foe takes this round (attack, fire or "
            "close in), as one undo step; select several rows and "
            "pick in the Declared column to declare for them all",
        )
        self.add_condition = action(
            "Add &Condition…", ("Ctrl+K",), "Place a condition on the selected combatant"
        )
        self.remove_condition_menu = QMenu("Remo&ve Condition", host)
        self.remove_combatant = action(
            "Remove from Encounter", ("Delete",), "Remove the selected combatant"
        )
        self.remove_combatant.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def _make_table_actions(self, action: Callable[..., QAction]) -> None:
        """The encounter's as a whole: the log, the sheets, experience, rules, the players'
        views, the forecast and the board window."""
        self.export_log = action(
            "E&xport Log…", ("Ctrl+Shift+E",), "Save the log, as filtered, as a text file"
        )
        self.pull_sheet = action(
            "&Update from Sheet",
            (),
            "Take the selected combatant's sheet as it is now in its open "
            "tab or file (after editing it), as one undo step",
        )
        self.write_back = action(
            "&Write Back to Sheets…",
            (),
            "Write what the fight changed (hit points, experience, "
            "effects, as the game keeps them) into the sheet files the "
            "combatants came from",
        )
        self.experience = action(
            "Ex&perience…",
            (),
            "What the fight has earned: each foe defeated, the total and "
            "each survivor's share, to add to the sheets",
        )
        self.table_rules = action("Ta&ble Rules…", (), "The house rules this encounter is run with")
        self.player_view = action(
            "Pla&yer View",
            ("Ctrl+Shift+P",),
            "A window for the players' screen: the order, the board and "
            "what they know (F11 there: full screen)",
        )
        self.share_phones = action(
            "Share w&ith Players' Phones…",
            (),
            "Serve the player view, their sheets and their rolls to "
            "the players' phones over the local network",
        )
        self.hidden = action(
            "&Hidden from Players",
            (),
            "The selected combatant is left out of the player view until you reveal it",
        )
        self.hidden.setCheckable(True)
        self.forecast = action(
            "&Forecast…",
            ("Ctrl+Shift+F",),
            "Play this fight many times from where it stands and see how it tends to go",
        )
        self.board_window = action(
            "B&oard in a Window",
            ("Ctrl+B",),
            "Show the board in a window of its own, as large as you like (F11 there: full screen)",
        )

    def speak_for(self, roll_words: str) -> None:
        """Roll Initiative's tooltip in the game's words: what its scheme rolls
        (:func:`m3desk.core.initiative.roll_words`)."""
        keys = self.roll_initiative.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = f"{roll_words} ({keys})" if keys else roll_words
        if tip != self.roll_initiative.toolTip():
            self.roll_initiative.setToolTip(tip)
            self.roll_initiative.setStatusTip(tip)

    def speak(self, action: QAction, text: str, tip: str, short: str = "") -> None:
        """Give one of the game's commands its words: the menu's ``text``, the toolbar's
        ``short`` ones, and a ``tip`` that names the action's key."""
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = f"{tip} ({keys})" if keys else tip
        action.setText(text)
        if short:
            action.setIconText(short)
        action.setToolTip(tip)
        action.setStatusTip(tip)

    def game_specific(self) -> list[QAction]:
        """The commands a game's own widgets drive (``tracker_commands``, Monsters & Magic's
        casting and two pools; hidden for other games)."""
        return [self.casting, self.adjust_php, self.adjust_mhp]

    def condition_actions(self) -> list[QAction]:
        return [self.add_condition, self.remove_condition_menu.menuAction()]

    def hide_game_specific(self, *, conditions: bool = False) -> None:
        """Hide the game's own commands; ``conditions`` keeps Add and Remove Condition, in
        the words of a game that declares its conditions."""
        hidden = self.game_specific() + ([] if conditions else self.condition_actions())
        for action in hidden:
            action.setVisible(False)
            action.setEnabled(False)
        if conditions:
            self.speak(
                self.add_condition,
                "Add &Condition…",
                "Place one of the game's conditions on the selected combatant",
                "Add Condition",
            )

    def all(self) -> list[QAction]:
        """Every action, in the order they were made."""
        return [value for value in vars(self).values() if isinstance(value, QAction)]

    def tracker_menu_actions(self) -> list[QAction | None]:
        """The tracker's context menu, in order; None is a separator."""
        listed: list[QAction | None] = [
            self.act,
            None,
            self.roll_selected,
            self.casting,
            self.earlier,
            self.later,
            None,
            self.delay,
            self.act_now,
            self.everyone_attacks,
            None,
            self.adjust_php,
            self.adjust_mhp,
            self.add_condition,
            self.remove_condition_menu.menuAction(),
            None,
            self.pull_sheet,
            self.hidden,
            self.remove_combatant,
        ]
        return [a for a in listed if a is None or a.isVisible()]
