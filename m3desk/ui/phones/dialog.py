"""The GM's window on the players' phones: on or off, the address, its QR code and the join
code, the phones that joined with the characters they play, and the dice they sent.

The server (:class:`m3desk.table_server.server.TableServer`) runs on a thread of its own; it
is started and stopped here, fed a new players' copy after every change of the document
(:func:`m3desk.core.players.players_copy`, the player view's own), and tells this window what
the phones did through a queued signal, so nothing here runs on its thread. Nothing a phone
sends changes the encounter: a claim waits for Confirm, a roll waits here until the GM puts it
where he would type it (the tracker's initiative cell, the action dialog's dice) and applies
it there.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass

import segno
from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QFont, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from m3desk.core import registry
from m3desk.core.players import players_copy
from m3desk.core.system import ActionOption
from m3desk.table_server.messages import ROLL_KINDS
from m3desk.table_server.network import ANY, AddressRefused, describe, lan_address
from m3desk.table_server.server import Event, TableServer
from m3desk.ui.action.action_view import ActionView
from m3desk.ui.documents.encounter_document import EncounterDocument
from m3desk.ui.encounter import action_launcher
from m3desk.ui.encounter.widget import EncounterWidget

__all__ = ["PhonesDialog", "Sent", "show_phones"]


class _Bridge(QObject):
    """Carries the server's events from its thread to this one (a queued connection)."""

    heard = Signal(object)


@dataclass(frozen=True)
class Sent:
    """Dice a phone sent, waiting for the GM."""

    device: str
    device_name: str
    combatant: str
    kind: str
    faces: tuple[int, ...]
    action: str = ""
    """The action the player chose for them (its id as the game names it), if any."""
    target: str = ""


def _qr_pixmap(text: str, scale: int) -> QPixmap:
    buffer = io.BytesIO()
    # Dark on white whatever the theme: phone cameras read that best.
    segno.make(text, error="m").save(
        buffer, kind="png", scale=scale, border=3, dark="#000000", light="#ffffff"
    )
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class PhonesDialog(QDialog):
    def __init__(self, widget: EncounterWidget) -> None:
        super().__init__(widget, Qt.WindowType.Window)
        self.setObjectName("phones_dialog")
        self.widget = widget
        self.document: EncounterDocument = widget.document
        self.setWindowTitle(f"Players' Phones — {self.document.name()}")
        self.bridge = _Bridge(self)
        self.bridge.heard.connect(self._heard, Qt.ConnectionType.QueuedConnection)
        self.server = TableServer(self.bridge.heard.emit)
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(50)
        self._refresh.timeout.connect(self._fill_devices)
        self.sent: list[Sent] = []

        self._make_sharing()
        self._make_devices()
        self._make_rolls()
        self._lay_out()
        self.document.encounter_changed.connect(self._publish)
        self._following = True
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)
        self._show_off()
        self._fit_to_screen(widget)

    # -- the window's parts -----------------------------------------------------------------

    def _make_sharing(self) -> None:
        """Where to listen, Start/Stop, what is reachable, and the address, QR code and code."""
        self.where = QComboBox(self)
        self.where.setAccessibleName("Listen on")
        lan = lan_address()
        self.where.addItem(f"The local network ({lan})", lan)
        if lan != "127.0.0.1":
            self.where.addItem("This computer only (127.0.0.1)", "127.0.0.1")
        self.where.addItem("Every network this computer is on (0.0.0.0)", ANY)
        self.share_button = QPushButton("&Start Sharing", self)
        self.share_button.setCheckable(True)
        self.share_button.toggled.connect(self._share)
        self.state_label = QLabel("Off: no phone can reach this computer.", self)
        self.state_label.setTextFormat(Qt.TextFormat.PlainText)
        self.state_label.setWordWrap(True)
        self.address_label = QLabel("", self)
        self.address_label.setObjectName("phones_address")
        self.address_label.setTextFormat(Qt.TextFormat.PlainText)
        self.address_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_label = QLabel("", self)
        self.code_label.setObjectName("phones_code")
        self.code_label.setTextFormat(Qt.TextFormat.PlainText)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.code_label.setFont(big)
        self.address_label.setFont(big)
        self.qr_label = QLabel(self)
        self.qr_label.setObjectName("phones_qr")
        self.qr_label.setAccessibleName("QR code of the address")
        self.qr_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.new_code_button = QPushButton("New &Code", self)
        self.new_code_button.setToolTip("A new join code; phones that joined stay")
        self.new_code_button.clicked.connect(self._new_code)

    def _make_devices(self) -> None:
        """The phones that joined, with Confirm, Refuse and Drop Phone."""
        self.devices = QTreeWidget(self)
        self.devices.setObjectName("phones_devices")
        self.devices.setHeaderLabels(["Phone", "Plays", "Asks to play"])
        self.devices.setRootIsDecorated(False)
        self.devices.header().setStretchLastSection(True)
        for column in (0, 1):
            self.devices.header().setSectionResizeMode(
                column, QHeaderView.ResizeMode.ResizeToContents
            )
        self.devices.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.devices.itemSelectionChanged.connect(self._update_buttons)
        self.confirm_button = QPushButton("C&onfirm", self)
        self.confirm_button.setToolTip("The phone plays the character it asks for")
        self.confirm_button.clicked.connect(lambda: self._answer(True))
        self.refuse_button = QPushButton("&Refuse", self)
        self.refuse_button.clicked.connect(lambda: self._answer(False))
        self.drop_button = QPushButton("&Drop Phone", self)
        self.drop_button.setToolTip("Forget the phone: it must join with the code again")
        self.drop_button.clicked.connect(self._drop)

    def _make_rolls(self) -> None:
        """The dice the players sent, with Put Where It Goes and Discard."""
        self.rolls = QListWidget(self)
        self.rolls.setObjectName("phones_rolls")
        self.rolls.itemSelectionChanged.connect(self._update_buttons)
        self.rolls.itemActivated.connect(lambda _item: self.put_selected())
        self.put_button = QPushButton("&Put Where It Goes", self)
        self.put_button.setToolTip(
            "Initiative: into the tracker's cell; an action, an attack, "
            "damage or a saving throw: into the action dialog's dice. "
            "You apply it there."
        )
        self.put_button.clicked.connect(self.put_selected)
        self.discard_button = QPushButton("Dis&card", self)
        self.discard_button.clicked.connect(self._discard)

    def _lay_out(self) -> None:
        top = QGridLayout()
        top.addWidget(QLabel("Listen on:", self), 0, 0)
        top.addWidget(self.where, 0, 1)
        top.addWidget(self.share_button, 0, 2)
        top.addWidget(self.state_label, 1, 0, 1, 3)
        join = QGroupBox("Join", self)
        join_layout = QHBoxLayout(join)
        join_layout.addWidget(self.qr_label)
        words = QVBoxLayout()
        words.addWidget(QLabel("On the same Wi-Fi, scan the code or open:", self))
        words.addWidget(self.address_label)
        words.addWidget(QLabel("Join code:", self))
        words.addWidget(self.code_label)
        words.addWidget(self.new_code_button, 0, Qt.AlignmentFlag.AlignLeft)
        words.addStretch(1)
        join_layout.addLayout(words, 1)
        phones = QGroupBox("Phones", self)
        phones_layout = QVBoxLayout(phones)
        phones_layout.addWidget(self.devices)
        row = QHBoxLayout()
        for button in (self.confirm_button, self.refuse_button, self.drop_button):
            row.addWidget(button)
        row.addStretch(1)
        phones_layout.addLayout(row)
        rolls = QGroupBox("Dice the players sent", self)
        rolls_layout = QVBoxLayout(rolls)
        rolls_layout.addWidget(self.rolls)
        row = QHBoxLayout()
        row.addWidget(self.put_button)
        row.addWidget(self.discard_button)
        row.addStretch(1)
        rolls_layout.addLayout(row)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(join)
        layout.addWidget(phones, 1)
        layout.addWidget(rolls, 1)

    def _fit_to_screen(self, widget: QWidget) -> None:
        size = QSize(640, 720)
        screen = widget.screen()
        if screen is not None:  # never taller than the screen (150 % leaves 666 lines)
            area = screen.availableGeometry()
            size = size.boundedTo(QSize(area.width() * 9 // 10, area.height() * 9 // 10))
        self.resize(size)

    # -- on and off --------------------------------------------------------------------------

    def _share(self, on: bool) -> None:
        if on:
            self.start()
        else:
            self.stop()

    def start(self, host: str | None = None, port: int = 0) -> bool:
        """Start serving on ``host`` (the chosen address by default); False, with the reason
        shown, when it cannot."""
        if self.server.running:
            return True
        chosen = host if host is not None else str(self.where.currentData())
        try:
            self.server.start(chosen, port, allow_any=chosen == ANY)
        except (AddressRefused, OSError) as error:
            self.state_label.setText(f"Could not start: {error}")
            self._set_checked(False)
            return False
        self._publish()
        self._set_checked(True)
        self.where.setEnabled(False)
        self.state_label.setText(describe(self.server.host))
        self._show_join()
        return True

    def stop(self) -> None:
        self.server.stop()
        self._set_checked(False)
        self.where.setEnabled(True)
        self._show_off()
        self._fill_devices()

    def _set_checked(self, on: bool) -> None:
        self.share_button.blockSignals(True)
        self.share_button.setChecked(on)
        self.share_button.setText("&Stop Sharing" if on else "&Start Sharing")
        self.share_button.blockSignals(False)

    def _show_off(self) -> None:
        self.state_label.setText("Off: no phone can reach this computer.")
        self.address_label.setText("—")
        self.code_label.setText("—")
        self.qr_label.clear()
        self.qr_label.setText("(off)")
        self.new_code_button.setEnabled(False)

    def _show_join(self) -> None:
        address = self.server.address()
        shown_host = lan_address() if self.server.host == ANY else self.server.host
        address = f"http://{shown_host}:{self.server.port}/"
        self.address_label.setText(address)
        self.code_label.setText(self.server.code)
        # The code rides in the address's fragment, which the browser never sends: a
        # phone that scans the QR code finds it typed for it.
        self.qr_label.setPixmap(_qr_pixmap(f"{address}#{self.server.code}", 5))
        self.new_code_button.setEnabled(True)

    def _new_code(self) -> None:
        self.server.new_code()
        self._show_join()

    # -- following the document -------------------------------------------------------------

    def _publish(self, *_args: object) -> None:
        if self.server.running:
            self.server.publish_copy(players_copy(self.document.encounter))

    # -- what the phones did ----------------------------------------------------------------

    def _heard(self, event: Event) -> None:
        if event.kind == "roll":
            sent = Sent(
                event.device,
                event.device_name,
                event.combatant,
                event.roll,
                event.faces,
                event.action,
                event.target,
            )
            self.sent.append(sent)
            item = QListWidgetItem(self._roll_words(sent))
            self.rolls.addItem(item)
            self.rolls.setCurrentItem(item)
        # Phones coming and going in a burst refresh the list once.
        if not self._refresh.isActive():
            self._refresh.start()

    def _name_of(self, combatant_id: str) -> str:
        ids = {c.id: c.name for c in self.document.encounter.combatants}
        return ids.get(combatant_id, "(not in the fight)") if combatant_id else ""

    def _option(self, sent: Sent) -> ActionOption | None:
        """The action the dice were sent for, as the game offers it now (None: none chosen,
        or no longer one the character has): for a saving throw sent without one, the
        character's first action that rolls a save."""
        rules = registry.system_of(self.document.encounter).encounter
        encounter = self.document.encounter
        if rules is None or sent.combatant not in {c.id for c in encounter.combatants}:
            return None
        options = rules.actions(encounter, sent.combatant)
        if sent.action:
            return next((o for o in options if str(o.id) == sent.action), None)
        if sent.kind == "save":
            return next(
                (
                    o
                    for o in options
                    if o.group == "check" and any(spec.label == "save" for spec in o.dice)
                ),
                None,
            )
        return None

    def _roll_words(self, sent: Sent) -> str:
        faces = " ".join(str(face) for face in sent.faces)
        option = self._option(sent)
        what = ROLL_KINDS.get(sent.kind, sent.kind)
        if option is not None:  # the action chosen, or the save it will open on
            what = option.label if sent.action else f"{what} ({option.label})"
        if option is not None and option.needs_target and sent.target:
            what += f" on {self._name_of(sent.target)}"
        return f"{self._name_of(sent.combatant)} ({sent.device_name}): {what}, rolled {faces}"

    def _fill_devices(self) -> None:
        selected = self._selected_device()
        self.devices.clear()
        for device in self.server.devices() if self.server.running else []:
            item = QTreeWidgetItem(
                [device.name, self._name_of(device.character) or "—", self._name_of(device.asked)]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, device.id)
            self.devices.addTopLevelItem(item)
            if device.id == selected:
                self.devices.setCurrentItem(item)
        self._update_buttons()

    def _selected_device(self) -> str:
        item = self.devices.currentItem()
        return str(item.data(0, Qt.ItemDataRole.UserRole)) if item is not None else ""

    def _update_buttons(self) -> None:
        item = self.devices.currentItem()
        asks = item is not None and bool(item.text(2))
        self.confirm_button.setEnabled(asks)
        self.refuse_button.setEnabled(asks)
        self.drop_button.setEnabled(item is not None)
        has_roll = self.rolls.currentRow() >= 0
        self.put_button.setEnabled(has_roll)
        self.discard_button.setEnabled(has_roll)

    def _answer(self, yes: bool) -> None:
        device = self._selected_device()
        if device:
            (self.server.confirm_claim if yes else self.server.refuse_claim)(device)

    def _drop(self) -> None:
        device = self._selected_device()
        if device:
            self.server.drop(device)

    def _discard(self) -> None:
        row = self.rolls.currentRow()
        if row >= 0:
            self.rolls.takeItem(row)
            del self.sent[row]
        self._update_buttons()

    # -- putting dice where the GM types them -------------------------------------------------

    def put_selected(self) -> None:
        row = self.rolls.currentRow()
        if row < 0:
            return
        sent = self.sent[row]
        self._discard()
        option = self._option(sent)
        if sent.kind == "initiative":
            self.put_initiative(sent)
        elif option is not None or sent.kind in ("attack", "damage", "action"):
            self.put_in_action_dialog(sent, option)
        else:
            self.widget.show_message(
                f"{self._roll_words(sent)}: this game's action dialog "
                "has no saving throw: roll it from the sheet's Roll… "
                "with these faces."
            )

    def put_initiative(self, sent: Sent) -> None:
        """The total in the tracker's initiative cell, open for editing: Enter applies it."""
        tracker = self.widget.tracker
        model = tracker.tracker_model
        column = model.column_of("initiative")
        row = model.row_of(sent.combatant)
        if column < 0 or row < 0:
            self.widget.show_message("That character has no initiative cell in this fight.")
            return
        index = model.index(row, column)
        self.widget.window().activateWindow()
        tracker.setFocus()
        tracker.setCurrentIndex(index)
        tracker.edit(index)
        editor = self.initiative_editor()
        total = str(sum(sent.faces))
        if isinstance(editor, QLineEdit):
            editor.setText(total)
            editor.selectAll()
        elif isinstance(editor, QSpinBox):
            editor.setValue(sum(sent.faces))
        if editor is not None:
            editor.setFocus()

    def initiative_editor(self) -> QLineEdit | QSpinBox | None:
        """The tracker's open cell editor (the initiative cell :meth:`put_initiative` opened)."""
        for editor in self.widget.tracker.findChildren(QWidget):
            if isinstance(editor, QLineEdit | QSpinBox) and editor.isVisible():
                return editor
        return None

    def put_in_action_dialog(self, sent: Sent, option: ActionOption | None = None) -> None:
        """The action dialog for the character, its dice typed with the faces sent: on the
        action (and target) the player chose, or the saving throw sent, every die from the
        first; else an attack's from the first die, damage's after the attack die. The GM
        applies."""
        first = 0 if sent.kind != "damage" or option is not None else 1

        def type_faces(tries: int = 50) -> None:
            dialog = QApplication.activeModalWidget()
            if not isinstance(dialog, ActionView):
                if tries:
                    QTimer.singleShot(20, lambda: type_faces(tries - 1))
                return
            if sent.target and option is not None and option.needs_target:
                index = dialog.target.findData(sent.target)
                if index >= 0:
                    dialog.target.setCurrentIndex(index)
            fields = list(dialog.dice)[first:]
            for field, face in zip(fields, sent.faces, strict=False):
                if isinstance(field, QSpinBox):
                    field.setValue(face)
                elif isinstance(field, QLineEdit):
                    field.setText(str(face))
                    field.editingFinished.emit()

        QTimer.singleShot(0, type_faces)
        action_launcher.open_action_dialog(
            self.document,
            self.widget,
            self.widget.turns.roller,
            actor_id=sent.combatant,
            action_id=option.id if option is not None else None,
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window keeps sharing (the GM stops it with Stop Sharing)."""
        super().closeEvent(event)

    def detach(self) -> None:
        """The tab closes: stop serving and stop following the document."""
        self.stop()
        if self._following:
            self._following = False
            with contextlib.suppress(RuntimeError, TypeError):
                self.document.encounter_changed.disconnect(self._publish)


def show_phones(widget: EncounterWidget) -> PhonesDialog:
    """Encounter → Share with Players' Phones…: the tab's one window, shown."""
    dialog = widget.findChild(PhonesDialog, "phones_dialog")
    if not isinstance(dialog, PhonesDialog):
        dialog = PhonesDialog(widget)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
