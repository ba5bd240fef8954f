"""Issue 10's acceptance: a referee runs a whole OSE fight in the real encounter tab.

The shipped sample party (Morgan Ironwolf, Silverleaf, Sister Rebecca, Lirra) against four
shipped goblins, every step as the table does it: surprise and side initiative typed into the
tracker's d6 cells, declarations picked from the Declared cell, tokens dragged on the board,
attacks and morale through the generic action dialog with the dice the table rolled. Every
chance the dialog shows before rolling is derived here from the digest
(/work/shared/rules/ose.md, "§n" below), and after each action the hit points in the tracker,
the log and what the app says above the tracker are checked.

The numbers the digest gives the combatants (every one derived from the sample files):
goblin AC 6, HD 1-1 (3 hp), THAC0 19, ML 7, 1d6 (§5); Morgan THAC0 19, STR 16 +2, AC 3, 6 hp
(§13); Silverleaf THAC0 19, DEX 15 +1, AC 4 (chain, no shield), 4 hp, short bow 50/100/150
(§6); Sister Rebecca AC 2 (plate 3 and shield), 5 hp; Lirra AC 5 (leather 7, DEX 17 −2),
3 hp, DEX +2 to missiles, sling 40/80/160. Every PC weapon deals 1d6 (§6 default).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QComboBox

from m3desk.assets import sample_files
from m3desk.core.encounter import position_between
from m3desk.storage.sheet_files import load_sheet
from m3desk.systems.ose.encounter import OseCombatant, OseEncounter
from m3desk.systems.ose.sheet import CharacterSheet, MonsterSheet
from m3desk.ui.action.system_action_dialog import SystemActionDialog
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.encounter.widget import EncounterWidget
from tests.ui.board.helpers import drag_token

CTRL = Qt.KeyboardModifier.ControlModifier
PARTY = ("morgan-ironwolf", "silverleaf", "sister-rebecca", "lirra")
GOBLINS = 4


@pytest.fixture
def widget(qtbot: Any) -> Iterator[EncounterWidget]:
    files = {path.stem: path for path in sample_files("ose")}
    goblin = load_sheet(files["goblin"]).model
    assert isinstance(goblin, MonsterSheet) and goblin.name == "Goblin"
    sources = [files[stem] for stem in PARTY] + [files["goblin"]] * GOBLINS
    document = new_encounter_document(sources, name="Goblins in the crypt")
    assert isinstance(document.encounter, OseEncounter)
    shown = EncounterWidget(document)  # every die is typed: nothing is rolled in the app
    qtbot.addWidget(shown)
    shown.resize(1366, 728)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown


@dataclass
class Seen:
    """What the action dialog showed before the dice were typed."""

    actions: list[str] = field(default_factory=list)
    preview: str = ""
    chance: str = ""
    problem: str = ""


class Referee:
    """The referee's hands: keys and clicks on the tracker, drags on the board, the dialog."""

    def __init__(
        self, qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        self.qtbot, self.widget = qtbot, widget
        self.document = widget.document
        self.model = widget.tracker.tracker_model
        self._plan: tuple[str, str | None, tuple[int, ...] | None] = ("", None, None)
        self.seen = Seen()
        monkeypatch.setattr(SystemActionDialog, "show_modal", staticmethod(self._drive))

    # -- reading -------------------------------------------------------------------------
    def id(self, name: str) -> str:
        return next(c.id for c in self.document.encounter.combatants if c.name == name)

    def combatant(self, name: str) -> OseCombatant:
        found = self.document.encounter.combatant(self.id(name))
        assert isinstance(found, OseCombatant)
        return found

    def sleep_cast(self) -> bool:
        """Whether Silverleaf's one memorised spell is spent."""
        sheet = self.combatant("Silverleaf").sheet
        assert isinstance(sheet, CharacterSheet) and sheet.spells[0].name == "Sleep"
        return sheet.spells[0].cast

    def cell(self, name: str, column: str) -> QModelIndex:
        model = self.model
        return model.index(model.row_of(self.id(name)), model.column_of(column))

    def text(self, name: str, column: str) -> str:
        return str(self.cell(name, column).data() or "")

    def hp(self) -> dict[str, str]:
        return {c.name: self.text(c.name, "hp") for c in self.document.encounter.combatants}

    def status(self) -> list[str]:
        label = self.widget.status_label
        return label.text().splitlines() if label.isVisible() else []

    def notice(self) -> str:
        return self.widget.notice_bar.text()

    def last_log(self) -> str:
        """The log panel's newest line, as the referee reads it."""
        log = self.widget.log_panel.log_model
        return str(log.index(log.rowCount() - 1, log.columnCount() - 1).data())

    def turn(self) -> str:
        turn = self.document.encounter.turn
        return "" if turn is None else self.document.encounter.combatant(turn).name

    # -- the tracker ---------------------------------------------------------------------
    def click(self, name: str, column: str) -> None:
        view = self.widget.tracker
        index = self.cell(name, column)
        view.scrollTo(index)
        self.qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center()
        )
        assert view.currentIndex() == index

    def type_d6(self, name: str, face: int) -> None:
        """Select the row's d6 cell and type the face the table rolled, then Return."""
        self.click(name, "d6")
        view = self.widget.tracker
        self.qtbot.keyClick(view, str(face))
        editor = QApplication.focusWidget()
        assert editor is not None and editor is not view, "typing opened no editor"
        self.qtbot.keyClick(editor, Qt.Key.Key_Return)
        self.qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState)
        assert self.text(name, "d6") == str(face)

    def declare(self, name: str, choice: str) -> list[str]:
        """Open the Declared cell's list, walk down to ``choice`` with the keys, pick it;
        returns the choices offered."""
        view = self.widget.tracker
        self.click(name, "declared")
        view.edit(self.cell(name, "declared"))
        combo = view.indexWidget(self.cell(name, "declared"))
        assert isinstance(combo, QComboBox)
        offered = [combo.itemText(n) for n in range(combo.count())]
        combo.setFocus()
        for _ in range(offered.index(choice) - combo.currentIndex()):
            self.qtbot.keyClick(combo, Qt.Key.Key_Down)
        self.qtbot.keyClick(combo, Qt.Key.Key_Return)
        self.qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState)
        return offered

    def next_turn(self) -> None:
        self.widget.tracker.setFocus()
        self.qtbot.keyClick(self.widget.tracker, Qt.Key.Key_Return, CTRL)

    # -- the board -----------------------------------------------------------------------
    def centre(self, name: str) -> list[str]:
        """Click the combatant's row: the board measures from it; returns its rings."""
        self.click(name, "name")
        assert self.document.selected == self.id(name)
        return list(self.widget.board.scene.snapshot.scale.labels)

    def drag(self, name: str, ring: str) -> int:
        """Drag ``name``'s token into the centre's ring labelled ``ring``; the new distance."""
        labels = self.widget.board.scene.snapshot.scale.labels
        drag_token(self.qtbot, self.widget.board, name, labels.index(ring))
        return self.distance(self.document.selected, self.id(name))

    def distance(self, a: str, b: str) -> int:
        return position_between(self.document.encounter, a, b)

    # -- the action dialog ---------------------------------------------------------------
    def act(
        self, action: str, target: str | None = None, faces: tuple[int, ...] | None = None
    ) -> Seen:
        """Ctrl+E on the tracker: the dialog for whoever's turn it is. Pick the action and
        target, read the preview, type the dice and apply (or cancel when ``faces`` is None)."""
        self._plan = (action, target, faces)
        self.widget.tracker.setFocus()
        self.qtbot.keyClick(self.widget.tracker, Qt.Key.Key_E, CTRL)
        return self.seen

    def _drive(self, dialog: SystemActionDialog) -> int:
        action, target, faces = self._plan
        offered = [dialog.action.itemText(n) for n in range(dialog.action.count())]
        dialog.action.setCurrentIndex(offered.index(action))
        if target is not None:
            dialog.target.setCurrentIndex(dialog.target.findData(self.id(target)))
        # A percentage keeps its "%" with a no-break space, which reads as a space.
        self.seen = Seen(
            offered,
            dialog.preview.text().replace("\u00a0", " "),
            dialog.chance.text(),
            dialog.problem.text() if not dialog.problem.isHidden() else "",
        )
        if faces is None:
            return 0
        for spin, face in zip(dialog.dice, faces, strict=True):
            spin.set_face(face)
        assert dialog.apply(), "the dialog did not apply"
        return 1

    def dismiss(self) -> None:
        """The referee has read the notice aloud: close the bar."""
        self.qtbot.mouseClick(self.widget.notice_bar.close_button, Qt.MouseButton.LeftButton)
        assert self.notice() == ""

    def acted(self, name: str) -> bool:
        state = self.cell(name, "acted").data(Qt.ItemDataRole.CheckStateRole)
        return Qt.CheckState(state) == Qt.CheckState.Checked


# -- the digest's arithmetic, independent of the app ------------------------------------


def hit(thac0: int, ac: int, modifier: int) -> Fraction:
    """§4: need = clamp(THAC0 − AC, 2, 20); a natural 20 always hits, a natural 1 always
    misses, 2–19 hit when natural + modifier ≥ need."""
    need = max(2, min(20, thac0 - ac))
    return Fraction(1 + sum(1 for n in range(2, 20) if n + modifier >= need), 20)


def at_least(hp: int, sides: int = 6, bonus: int = 0) -> Fraction:
    """§6 and §10: a d``sides`` + bonus blow, at least 1, kills at ``hp`` or more."""
    return Fraction(sum(1 for face in range(1, sides + 1) if max(1, face + bonus) >= hp), sides)


def holds(ml: int) -> Fraction:
    """§11: morale holds on 2d6 ≤ ML."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= ml), 36)


def pct(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f} %"


def odds(chance: Fraction, killed: str | None = None, kill: Fraction | None = None) -> str:
    """The dialog's chance line(s): success, then the chance the blow kills."""
    text = f"Chance of success: {pct(chance)}"
    if killed is not None and kill is not None:
        text += f"\n{killed} killed: {pct(chance * kill)}"
    return text


# -- the fight --------------------------------------------------------------------------


def test_the_sample_party_fights_goblins_as_a_referee_runs_it(
    qtbot: Any, widget: EncounterWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    ref = Referee(qtbot, widget, monkeypatch)
    document = ref.document
    assert [c.name for c in document.encounter.combatants] == [
        "Morgan Ironwolf",
        "Silverleaf",
        "Sister Rebecca",
        "Lirra",
        "Goblin 1",
        "Goblin 2",
        "Goblin 3",
        "Goblin 4",
    ]
    assert {c.side for c in document.encounter.combatants} == {"Party", "Monsters"}
    # The sheets as the tracker shows them: §3 armour (chain 5, plate 3, leather 7, shield
    # −1, DEX −mod; [AAC] = 19 − AC), §13 Morgan's 6 hp, §5 the goblin's AC 6 [13], 3 hp.
    assert [
        (ref.text(n, "ac"), ref.text(n, "hp"), ref.text(n, "thac0"))
        for n in ("Morgan Ironwolf", "Silverleaf", "Sister Rebecca", "Lirra", "Goblin 1")
    ] == [
        ("3 [16]", "6/6", "19 [+0]"),
        ("4 [15]", "4/4", "19 [+0]"),
        ("2 [17]", "5/5", "19 [+0]"),
        ("5 [14]", "3/3", "19 [+0]"),
        ("6 [13]", "3/3", "19 [+0]"),
    ]

    # == Set-up: surprise, then the goblins are placed on the board. ====================
    assert ref.status() == [
        "Set-up: each side not expecting the other rolls 1d6 for "
        "surprise (d6 column); 1–2 is surprised (1 in 3)."
    ]  # §8, §14.11
    ref.type_d6("Morgan Ironwolf", 3)  # one roll for the party: 3 is not 1–2, alert (§8)
    assert ref.last_log() == "Party surprise: d6 3 (alert)"
    assert ref.text("Lirra", "d6") == "3"  # the side's die, on every row of the side
    ref.type_d6("Goblin 3", 5)
    assert ref.last_log() == "Monsters surprise: d6 5 (alert)"
    assert len(ref.status()) == 1  # nobody surprised: no free round
    # Silverleaf's rings (§9): melee 5', her 20' encounter move (chain mail is heavy:
    # 60' (20'), §7; nothing declared and out of melee, so no withdrawal ring), the short
    # bow's 50/100/150 bands (§6), and Sleep's range, 240' (the SRD).
    assert ref.centre("Silverleaf") == [
        "melee 5 ft",
        "move 20 ft",
        "short bow short 50 ft",
        "short bow medium 100 ft",
        "short bow long 150 ft",
        "Sleep 240 ft",
        "beyond 240 ft",
    ]
    assert ref.drag("Goblin 1", "short bow short 50 ft") == 50
    assert ref.last_log() == "Silverleaf ↔ Goblin 1: 50 ft"
    ref.centre("Morgan Ironwolf")
    assert ref.drag("Goblin 2", "move, dagger medium 20 ft") == 20
    ref.centre("Sister Rebecca")
    assert ref.drag("Goblin 4", "move 20 ft") == 20
    # Lirra in leather moves 90' (30'), §7; the sling 40/80/160.
    assert ref.centre("Lirra") == [
        "melee 5 ft",
        "dagger short 10 ft",
        "dagger medium 20 ft",
        "move, dagger long 30 ft",
        "sling short 40 ft",
        "sling medium 80 ft",
        "sling long 160 ft",
        "beyond 160 ft",
    ]
    assert ref.drag("Goblin 3", "sling short 40 ft") == 40

    # == Round 1: nothing declared; the party wins the initiative 5 to 2. ================
    ref.next_turn()
    assert document.encounter.phase == "rounds" and document.encounter.round == 1
    assert ref.status() == [
        "Round 1: 1. declare spells, fighting withdrawals and retreats "
        "(Declared), 2. roll 1d6 for each side (d6 column)."
    ]  # §8
    ref.type_d6("Lirra", 5)
    ref.type_d6("Goblin 2", 2)
    assert ref.last_log() == "Monsters initiative: d6 2"
    # §8: the winning side acts first, in steps a–e: Silverleaf's bow (c. missiles) before
    # the melee of her companions (e.), then the goblins.
    assert [row.combatant.name for row in ref.model.rows] == [
        "Silverleaf",
        "Morgan Ironwolf",
        "Sister Rebecca",
        "Lirra",
        "Goblin 1",
        "Goblin 2",
        "Goblin 3",
        "Goblin 4",
    ]
    assert ref.turn() == "Silverleaf"
    assert ref.status()[:2] == [
        "Round 1: initiative Party (5) → Monsters (2).",
        "Party act: a. morale · b. movement · c. missiles ◂ · d. spells · e. melee. "
        "Now: Silverleaf (missiles).",
    ]

    # Silverleaf: every distance is measured between places. Goblin 2 stands 20' from
    # Morgan, her neighbour, so 21' from her: short range (§9), not the 480' a distance kept
    # per pair used to claim (the bow beyond long range: test_ose_rules_gaps). Goblin 1 is
    # at 50', short range too.
    assert ref.distance(ref.id("Silverleaf"), ref.id("Goblin 2")) == 21
    seen = ref.act("Attack with short bow", "Goblin 2")
    assert seen.problem == ""
    assert (
        seen.preview.splitlines()[0] == "d20 DEX +1 short range +1 needs 13 (THAC0 19 against AC 6)"
    )
    assert "Cast Sleep" in seen.actions  # memorised, but not declared this round
    seen = ref.act("Attack with short bow", "Goblin 1", (14, 4))
    # §4: THAC0 19 − AC 6 needs 13; §1 DEX 15 +1 to missiles, §9 short range +1:
    # naturals 11–20 hit, 10 in 20. §6: 1d6, no STR on a missile; 3+ kills 3 hp (4 of 6).
    assert (
        seen.preview.splitlines()[0] == "d20 DEX +1 short range +1 needs 13 (THAC0 19 against AC 6)"
    )
    assert hit(19, 6, 2) == Fraction(1, 2)
    assert seen.chance == odds(hit(19, 6, 2), "Goblin 1", at_least(3))
    assert seen.chance == "Chance of success: 50.0 %\nGoblin 1 killed: 33.3 %"
    # 14 + 2 ≥ 13 hits for 4: 3 − 4 = −1, dead (§10: 0 or less). The first goblin death
    # calls for the goblins' morale (§11): ML 7 holds on 21 of 36.
    assert ref.hp()["Goblin 1"] == "\u22121/3"  # the true minus, as every game writes it
    assert ref.last_log() == (
        "Silverleaf hits Goblin 1 with the short bow for 4: d20 14, DEX +1, short range +1 = "
        "16 against 13 (THAC0 19 against AC 6); damage 1d6 (4) = 4; Goblin 1 is dead"
    )
    assert ref.notice() == f"The Monsters' first death: check morale (ML 7, holds {pct(holds(7))})."
    assert pct(holds(7)) == "58.3 %"
    assert ref.status()[-1] == (
        "Monsters: first death — check morale (ML 7, holds 58.3 %) in step a of their turn."
    )
    assert ref.acted("Silverleaf")
    ref.dismiss()

    # Morgan: charges the 15' to Goblin 2 on the board, then swings his sword.
    ref.next_turn()
    assert ref.turn() == "Morgan Ironwolf"
    ref.centre("Morgan Ironwolf")
    assert ref.drag("Goblin 2", "melee 5 ft") == 5
    seen = ref.act("Attack with sword", "Goblin 2", (10, 6))
    # §4 needs 13; §1 STR 16 +2 to hit: naturals 11–20, 10 in 20. §6 every weapon 1d6, +2
    # STR damage: 3–8, every blow kills a 3 hp goblin.
    assert seen.preview.splitlines() == [
        "d20 STR +2 needs 13 (THAC0 19 against AC 6)",
        "Damage 1d6+2, at least 1: average 5.5, 3–8",
    ]  # each damage on demand
    assert seen.chance == odds(hit(19, 6, 2), "Goblin 2", at_least(3, bonus=2))
    assert ref.last_log() == (
        "Morgan Ironwolf misses Goblin 2 with the sword: d20 10, STR +2 = 12 against 13 "
        "(THAC0 19 against AC 6)"
    )
    assert ref.hp()["Goblin 2"] == "3/3"
    assert ref.notice() == ""

    # Sister Rebecca closes on Goblin 4 and hits it with her mace for 1.
    ref.next_turn()
    ref.centre("Sister Rebecca")
    assert ref.drag("Goblin 4", "melee 5 ft") == 5
    seen = ref.act("Attack with mace", "Goblin 4", (15, 1))
    # §4 needs 13, STR 12 adds nothing: naturals 13–20, 8 in 20; 1d6 kills on 3+.
    assert seen.chance == odds(hit(19, 6, 0), "Goblin 4", at_least(3))
    assert seen.chance == "Chance of success: 40.0 %\nGoblin 4 killed: 26.7 %"
    assert ref.hp()["Goblin 4"] == "2/3"
    assert ref.last_log() == (
        "Sister Rebecca hits Goblin 4 with the mace for 1: d20 15, STR +0 = 15 against 13 "
        "(THAC0 19 against AC 6); damage 1d6 (1) = 1"
    )

    # Lirra slings a stone at Goblin 3, 40' away: short range.
    ref.next_turn()
    assert ref.turn() == "Lirra"
    seen = ref.act("Attack with sling", "Goblin 3", (9, 5))
    # §1 DEX 17 +2 to missiles, §9 short +1: needs 13 − 3 = 10, naturals 10–20, 11 in 20.
    assert (
        seen.preview.splitlines()[0] == "d20 DEX +2 short range +1 needs 13 (THAC0 19 against AC 6)"
    )
    assert seen.chance == odds(hit(19, 6, 3), "Goblin 3", at_least(3))
    assert seen.chance == "Chance of success: 55.0 %\nGoblin 3 killed: 36.7 %"
    assert ref.last_log() == (
        "Lirra misses Goblin 3 with the sling: d20 9, DEX +2, short range +1 = 12 against 13 "
        "(THAC0 19 against AC 6)"
    )
    assert ref.hp()["Goblin 3"] == "3/3"

    # The goblins' turn: the dead one takes no turn (0 hp is dead, seed 003), then morale
    # first (§8 step a).
    ref.next_turn()
    assert ref.turn() == "Goblin 2"
    assert ref.status()[1].startswith("Monsters act: a. morale · b. movement")
    seen = ref.act("Morale check for the Monsters", None, (3, 4))
    assert seen.preview == "Monsters: 2d6 ≤ ML 7 holds, above it flees or surrenders"
    assert seen.chance == odds(holds(7))  # §11, §14.12: 21/36
    assert ref.last_log() == "Monsters morale: 2d6 (3, 4) = 7 against ML 7 — holds"  # 7 ≤ 7 holds
    assert not any("check morale" in line for line in ref.status())
    assert ref.notice() == ""
    # Goblin 2 strikes back at Morgan: THAC0 19 − AC 3 needs 16, naturals 16–20, 5 in 20
    # (§4; a monster adds no STR). Morgan has 6 hp: only a 6 on the 1d6 (§5) kills him.
    seen = ref.act("Attack with weapon (1d6)", "Morgan Ironwolf", (16, 3))
    assert seen.preview.splitlines()[0] == "d20 needs 16 (THAC0 19 against AC 3)"
    assert seen.chance == odds(hit(19, 3, 0), "Morgan Ironwolf", at_least(6))
    assert seen.chance == "Chance of success: 25.0 %\nMorgan Ironwolf killed: 4.2 %"
    assert ref.hp()["Morgan Ironwolf"] == "3/6"
    assert ref.last_log() == (
        "Goblin 2 hits Morgan Ironwolf with the weapon for 3: d20 16 against 16 (THAC0 19 "
        "against AC 3); damage 1d6 (3) = 3"
    )
    # Goblin 3 runs 20' at Silverleaf (its whole encounter move, 60' (20'), §5) and misses.
    ref.next_turn()
    assert ref.turn() == "Goblin 3"
    assert ref.centre("Goblin 3")[:2] == ["melee 5 ft", "move 20 ft"]
    assert ref.drag("Silverleaf", "melee 5 ft") == 5
    seen = ref.act("Attack with weapon (1d6)", "Silverleaf", (3, 6))
    assert seen.chance == odds(hit(19, 4, 0), "Silverleaf", at_least(4))  # needs 15: 6 in 20
    assert ref.last_log() == (
        "Goblin 3 misses Silverleaf with the weapon: d20 3 against 15 (THAC0 19 against AC 4)"
    )
    ref.next_turn()
    seen = ref.act("Attack with weapon (1d6)", "Sister Rebecca", (14, 6))
    assert seen.chance == odds(hit(19, 2, 0), "Sister Rebecca", at_least(5))  # needs 17
    assert seen.chance == "Chance of success: 20.0 %\nSister Rebecca killed: 6.7 %"
    assert ref.last_log() == (
        "Goblin 4 misses Sister Rebecca with the weapon: d20 14 against 17 (THAC0 19 against AC 2)"
    )

    # == Round 2: Silverleaf declares Sleep, Sister Rebecca a retreat; goblins win 5–2. ==
    ref.next_turn()
    assert document.encounter.round == 2 and ref.turn() == ""
    assert ref.declare("Silverleaf", "cast: Sleep") == [
        "none",
        "cast: Sleep",
        "fighting withdrawal",
        "retreat",
    ]
    assert ref.last_log() == "Silverleaf declares: casts Sleep"
    assert ref.declare("Sister Rebecca", "retreat") == ["none", "fighting withdrawal", "retreat"]
    assert ref.last_log() == "Sister Rebecca declares: retreat"
    assert ref.text("Silverleaf", "declared") == "cast: Sleep"
    assert ref.text("Sister Rebecca", "declared") == "retreat"
    ref.type_d6("Silverleaf", 2)
    ref.type_d6("Goblin 4", 5)
    assert ref.status()[0] == (
        "Round 2: initiative Monsters (5) → Party (2). Declared: "
        "Silverleaf casts Sleep; Sister Rebecca retreat."
    )
    # The party's turn order: the retreat moves (b), the spell (d), then melee (e).
    assert [row.combatant.name for row in ref.model.rows][4:] == [
        "Sister Rebecca",
        "Silverleaf",
        "Morgan Ironwolf",
        "Lirra",
    ]
    # The pointer passes over the dead goblin by itself (it sat on Goblin 1, and "Now:" with
    # it, until the referee pressed Next Turn).
    assert ref.turn() == "Goblin 2"
    ref.act("Attack with weapon (1d6)", "Morgan Ironwolf", (4, 6))
    assert ref.last_log() == (
        "Goblin 2 misses Morgan Ironwolf with the weapon: d20 4 against 16 (THAC0 19 against AC 3)"
    )
    # Goblin 3 hits Silverleaf before she casts, her side having lost the initiative: the
    # spell is lost (§10, §14.18), and the app says so as it happens.
    ref.next_turn()
    seen = ref.act("Attack with weapon (1d6)", "Silverleaf", (17, 2))
    assert seen.chance == odds(hit(19, 4, 0), "Silverleaf", at_least(4))
    assert seen.chance == "Chance of success: 30.0 %\nSilverleaf killed: 15.0 %"
    lost = (
        "Silverleaf loses Sleep: hit before casting, and its side lost the initiative. "
        "The spell is gone from memory."
    )
    assert ref.notice() == lost
    assert ref.last_log() == lost
    assert ref.hp()["Silverleaf"] == "2/4"
    assert ref.text("Silverleaf", "declared") == ""
    assert ref.sleep_cast()
    assert ref.status()[0] == (
        "Round 2: initiative Monsters (5) → Party (2). Declared: Sister Rebecca retreat."
    )
    # One undo takes the blow back whole: hit points, the declaration and the spell.
    document.undo_stack.undo()
    assert ref.hp()["Silverleaf"] == "4/4"
    assert ref.text("Silverleaf", "declared") == "cast: Sleep"
    assert not ref.sleep_cast()
    assert ref.last_log() == (
        "Goblin 2 misses Morgan Ironwolf with the weapon: d20 4 against 16 (THAC0 19 against AC 3)"
    )
    document.undo_stack.redo()
    assert ref.hp()["Silverleaf"] == "2/4" and ref.last_log() == lost
    ref.dismiss()
    # Goblin 4 at the retreating cleric: +2, and her shield does not count (§9): AC 2
    # becomes 3, needs 16 − 2: naturals 14–20, 7 in 20 (§14.5's rule), not 4 in 20.
    ref.next_turn()
    seen = ref.act("Attack with weapon (1d6)", "Sister Rebecca", (14, 2))
    assert (
        seen.preview.splitlines()[0]
        == "d20 retreating target +2 its shield ignored needs 16 (THAC0 19 against AC 3)"
    )
    assert seen.chance == odds(hit(19, 3, 2), "Sister Rebecca", at_least(5))
    assert seen.chance == "Chance of success: 35.0 %\nSister Rebecca killed: 11.7 %"
    assert ref.hp()["Sister Rebecca"] == "3/5"
    assert ref.last_log() == (
        "Goblin 4 hits Sister Rebecca with the weapon for 2: d20 14, retreating target +2, "
        "its shield ignored = 16 against 16 (THAC0 19 against AC 3); damage 1d6 (2) = 2"
    )

    # The party: Sister Rebecca retreats her full 20' and cannot attack (§9).
    ref.next_turn()
    assert ref.turn() == "Sister Rebecca"
    assert ref.status()[2] == (
        "Sister Rebecca retreats: up to 20 ft (the full encounter "
        "movement), no attack; attackers get +2 and ignore its shield "
        "this round."
    )
    seen = ref.act("Attack with mace", "Goblin 4")
    assert seen.problem == "Sister Rebecca declared a retreat: no attack this round."
    ref.centre("Sister Rebecca")  # her ring is the retreat's now
    assert ref.drag("Goblin 4", "retreat 20 ft") == 20
    assert ref.last_log() == "Sister Rebecca ↔ Goblin 4: 20 ft"
    # Silverleaf has no spell left and a goblin at 5': no bow in melee (§9); the sword.
    ref.next_turn()
    assert ref.turn() == "Silverleaf"
    seen = ref.act("Attack with short bow", "Goblin 3")
    assert "Cast Sleep" not in seen.actions
    assert (
        seen.problem == "The short bow is a missile weapon: it needs more than 5 ft to the target."
    )
    seen = ref.act("Attack with sword", "Goblin 3", (2, 6))
    # STR 13 +1 (§1): naturals 12–20, 9 in 20; 1d6+1 kills a 3 hp goblin on 2+ (5 of 6).
    assert seen.chance == odds(hit(19, 6, 1), "Goblin 3", at_least(3, bonus=1))
    assert seen.chance == "Chance of success: 45.0 %\nGoblin 3 killed: 37.5 %"
    assert ref.last_log() == (
        "Silverleaf misses Goblin 3 with the sword: d20 2, STR +1 = 3 against 13 (THAC0 19 "
        "against AC 6)"
    )
    # Morgan cuts down Goblin 2: 11 + 2 = 13 just hits, 1 + 2 = 3 damage: 0 hp is dead.
    # Two of four goblins down is half the side: morale again (§11).
    ref.next_turn()
    seen = ref.act("Attack with sword", "Goblin 2", (11, 1))
    assert seen.chance == odds(hit(19, 6, 2), "Goblin 2", at_least(3, bonus=2))
    assert ref.hp()["Goblin 2"] == "0/3"
    assert ref.last_log() == (
        "Morgan Ironwolf hits Goblin 2 with the sword for 3: d20 11, STR +2 = 13 against 13 "
        "(THAC0 19 against AC 6); damage 1d6 (1), STR 16 +2 = 3; Goblin 2 is dead"
    )
    assert ref.notice() == "The Monsters' half down: check morale (ML 7, holds 58.3 %)."
    assert ref.status()[-1] == (
        "Monsters: half down — check morale (ML 7, holds 58.3 %) in step a of their turn."
    )
    ref.dismiss()
    ref.next_turn()
    assert ref.turn() == "Lirra"

    # == Round 3: the goblins win 6–3 and check morale first: 8 > 7, they break. ========
    ref.next_turn()
    assert document.encounter.round == 3
    ref.type_d6("Lirra", 3)
    ref.type_d6("Goblin 4", 6)
    assert ref.status()[0] == "Round 3: initiative Monsters (6) → Party (3)."
    # The two dead goblins take no turn (0 hp is dead, seed 003): the pointer starts past them.
    assert ref.turn() == "Goblin 3"
    # A referee may count the goblins as losing (−1, §11): ML 6 holds on 15 of 36.
    seen = ref.act("Morale check for the Monsters, losing −1")
    assert seen.preview == "Monsters: 2d6 ≤ ML 6 holds, above it flees or surrenders"
    assert seen.chance == odds(holds(6)) == "Chance of success: 41.7 %"
    seen = ref.act("Morale check for the Monsters", None, (4, 4))
    assert seen.chance == odds(holds(7))
    assert ref.last_log() == "Monsters morale: 2d6 (4, 4) = 8 against ML 7 — breaks"  # flees
    assert ref.notice() == "Monsters break: they flee or surrender."
    assert "Goblin 3 is fleeing." in ref.status()
    assert [n for n in ("Goblin 3", "Goblin 4") if ref.combatant(n).fleeing] == [
        "Goblin 3",
        "Goblin 4",
    ]
    assert ref.hp() == {
        "Morgan Ironwolf": "3/6",
        "Silverleaf": "2/4",
        "Sister Rebecca": "3/5",
        "Lirra": "3/3",
        "Goblin 1": "\u22121/3",
        "Goblin 2": "0/3",
        "Goblin 3": "3/3",
        "Goblin 4": "2/3",
    }
