"""Table rules of any game, as one form generated from its options model.

Every field of the game's options model becomes one row of its section (the field's own
:class:`~m3desk.core.options.Option` words: label, reason, choices in words, section): an
editor picked by the field's type (:mod:`.editors`) or the game's own for an option no type
describes (:attr:`m3desk.ui.games.GameParts.option_editors`: Monsters & Magic's difficulty
ladder), with the reason beneath it in a grey that stays readable (:mod:`.caption_label`).
pydantic decides what is valid: while the values do not make the model, the problem is said
in the options' words above the buttons and OK is disabled; otherwise the status line says
whether these are the defaults, a profile of the game's (``option_profiles``: "Book
Example") or how many options differ. "Defaults" puts back the game's own defaults.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from m3desk.core.options import option_of
from m3desk.core.system import GameSystem
from m3desk.ui import dialogs
from m3desk.ui.games import parts_of
from m3desk.ui.table_rules.caption_label import CaptionLabel
from m3desk.ui.table_rules.editors import editor_for
from m3desk.ui.table_rules.parts import OptionEditor, OptionsProfile

__all__ = [
    "OptionsDialog",
    "ask_game_options",
    "ask_options",
    "make_options_dialog",
    "option_label",
]

_COLUMN_CHARS = 44
"""Each column's width in average characters: a label and its editor side by side, or
the editor under its label where the two do not fit."""
_MAX_COLUMNS = 3
"""The form takes another column of sections while it is taller than the screen allows."""


def option_label(system: GameSystem, name: str) -> str:
    """The option's label as its field declares it (``m3desk.core.options.Option``)."""
    return option_of(system.options_model, name).label


def _sentence(message: str) -> str:
    text = message.removeprefix("Value error, ").strip()
    return text[:1].upper() + text[1:]


class OptionsDialog(QDialog):
    """The game's options as a form; :meth:`options` is what it holds now (None if invalid)."""

    def __init__(
        self,
        system: GameSystem,
        current: BaseModel,
        title: str,
        intro: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("options_dialog")
        self._system = system
        self._model = type(current)
        self._defaults = self._model()
        parts = parts_of(system)
        self._own = parts.option_editors
        self.profiles: tuple[OptionsProfile, ...] = parts.option_profiles()
        self.editors: dict[str, OptionEditor] = {}
        self.captions: dict[str, CaptionLabel] = {}
        self._chosen: BaseModel | None = current
        self._loading = False
        self._column_width = self.fontMetrics().averageCharWidth() * _COLUMN_CHARS

        self.intro = QLabel(intro)
        self.intro.setWordWrap(True)
        self.intro.setTextFormat(Qt.TextFormat.PlainText)
        self.intro.setVisible(bool(intro))

        self.form_area = QScrollArea()
        self.form_area.setObjectName("options_scroll")
        self.form_area.setWidgetResizable(True)
        self.form_area.setFrameShape(QFrame.Shape.NoFrame)
        self.form_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # No tab stop of its own: Tab goes to the first option, and the area scrolls to
        # whichever option has the focus.
        self.form_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.form_area.setWidget(self._build_form())

        self.status_icon = QLabel()
        self.status = QLabel()
        self.status.setObjectName("options_status")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setAccessibleName("Table rules status")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        status_row = QHBoxLayout()
        status_row.addWidget(self.status_icon, 0, Qt.AlignmentFlag.AlignTop)
        status_row.addWidget(self.status, 1)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.profile_buttons: dict[str, QPushButton] = {}
        if not any(profile.make() == self._defaults for profile in self.profiles):
            self.defaults_button = QPushButton("&Defaults")
            self.defaults_button.setToolTip(f"Put back {system.name}'s own defaults")
            self._add_button(self.defaults_button, self._model_defaults)
        for profile in self.profiles:
            button = QPushButton(profile.button)
            button.setToolTip(profile.tip)
            self.profile_buttons[profile.button.replace("&", "")] = button
            self._add_button(button, profile.make)
            if profile.make() == self._defaults:
                self.defaults_button = button
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.form_area, 1)
        layout.addLayout(status_row)
        layout.addWidget(self.buttons)

        self.show_options(current)
        self._initial_size()

    def _model_defaults(self) -> BaseModel:
        return self._defaults

    def _add_button(self, button: QPushButton, make: Any) -> None:
        button.setAutoDefault(False)
        self.buttons.addButton(button, QDialogButtonBox.ButtonRole.ResetRole)
        button.clicked.connect(lambda: self.show_options(make()))

    # -- building ---------------------------------------------------------------------------

    def _build_form(self) -> QWidget:
        sections: dict[str, list[str]] = {}
        for name in self._model.model_fields:
            sections.setdefault(option_of(self._model, name).section, []).append(name)
        width = self._column_width
        boxes = [self._section(title, names) for title, names in sections.items()]
        # A fixed width: wrapped reasons are measured at the width they get.
        width = max([width, *(box.minimumSizeHint().width() for box in boxes)])
        heights = []
        for box in boxes:
            box.setFixedWidth(width)
            layout = box.layout()
            heights.append(
                layout.totalHeightForWidth(width)
                if layout is not None and layout.hasHeightForWidth()
                else box.sizeHint().height()
            )
        columns = self._columns(heights, width)
        body = QWidget()
        row = QHBoxLayout(body)
        for column in columns:
            stack = QVBoxLayout()
            stack.setContentsMargins(0, 0, 0, 0)
            for index in column:
                stack.addWidget(boxes[index])
            stack.addStretch(1)
            row.addLayout(stack)
        row.addStretch(1)
        return body

    def _columns(self, heights: list[int], width: int) -> list[list[int]]:
        """The sections (by index) in as few columns as fit the screen's height, at most
        three and as many as fit its width (``width`` each); each section goes to the
        shortest column so far, so the columns come out even and the sections keep their
        order down each column."""
        screen = self.screen() or QApplication.primaryScreen()
        room, across = 600, _MAX_COLUMNS
        if screen is not None:
            available = screen.availableGeometry()
            room = int(available.height() * 0.7)
            across = max(1, (int(available.width() * 0.95) - 60) // (width + 12))
        columns: list[list[int]] = []
        for count in range(1, min(_MAX_COLUMNS, across, len(heights)) + 1):
            columns = [[] for _ in range(count)]
            filled = [0] * count
            for index, height in enumerate(heights):
                shortest = filled.index(min(filled))
                columns[shortest].append(index)
                filled[shortest] += height
            if max(filled) <= room:
                break
        return [column for column in columns if column] or [[]]

    def _editor(self, name: str) -> OptionEditor | None:
        own = self._own.get(name)
        if own is not None:
            return own(self)
        return editor_for(self._model.model_fields[name], option_of(self._model, name))

    def _section(self, title: str, names: list[str]) -> QGroupBox:
        box = QGroupBox(title)
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        grid.setVerticalSpacing(2)
        row = 0
        for name in names:
            editor = self._editor(name)
            if editor is None:
                continue
            words = option_of(self._model, name)
            self.editors[name] = editor
            widget = editor.widget
            widget.setObjectName(f"option:{name}")
            widget.setAccessibleName(words.label)
            widget.setAccessibleDescription(words.reason)
            editor.describe(words.reason)
            editor.changed.connect(self._validate)
            caption = CaptionLabel(words.reason)
            caption.setObjectName(f"reason:{name}")
            self.captions[name] = caption
            if editor.wide:
                heading = QLabel(words.label + ":")
                heading.setBuddy(widget)
                grid.addWidget(heading, row, 0, 1, 2)
                grid.addWidget(caption, row + 1, 0, 1, 2)
                grid.addWidget(widget, row + 2, 0, 1, 2)
                grid.setRowMinimumHeight(row + 3, 6)
                row += 4
                continue
            if editor.labelled:
                grid.addWidget(widget, row, 0, 1, 2)
                caption.setContentsMargins(self._check_indent(), 0, 0, 0)
            else:
                label = QLabel(words.label + ":")
                label.setBuddy(widget)
                label.setToolTip(words.reason)
                widget.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
                side_by_side = (
                    label.sizeHint().width()
                    + widget.sizeHint().width()
                    + 4 * self.fontMetrics().averageCharWidth()
                    <= self._column_width
                )
                if side_by_side:
                    grid.addWidget(label, row, 0)
                    grid.addWidget(widget, row, 1, Qt.AlignmentFlag.AlignLeft)
                else:  # the editor under its label, as wide as it needs
                    grid.addWidget(label, row, 0, 1, 2)
                    row += 1
                    grid.addWidget(widget, row, 0, 1, 2, Qt.AlignmentFlag.AlignLeft)
            grid.addWidget(caption, row + 1, 0, 1, 2)
            grid.setRowMinimumHeight(row + 2, 6)  # a little air before the next option
            row += 3
        return box

    def _check_indent(self) -> int:
        """Reasons under a check box line up with its text, not its box."""
        style = self.style()
        return style.pixelMetric(
            QStyle.PixelMetric.PM_IndicatorWidth, None, self
        ) + style.pixelMetric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing, None, self)

    def natural_size(self) -> QSize:
        """The size that shows the whole form without scrolling."""
        body = self.form_area.widget()
        wanted = body.sizeHint() if body is not None else self.sizeHint()
        chrome = self.sizeHint() - self.form_area.sizeHint()
        scroll_bar = self.form_area.verticalScrollBar().sizeHint().width()
        return QSize(
            wanted.width() + chrome.width() + scroll_bar, wanted.height() + chrome.height()
        )

    def _initial_size(self) -> None:
        """Everything in view when the screen allows; otherwise the form scrolls."""
        size = self.natural_size()
        width, height = size.width(), size.height()
        screen = self.screen() or QApplication.primaryScreen()
        if screen is not None:
            available = screen.availableGeometry()
            width = min(width, int(available.width() * 0.95))
            height = min(height, int(available.height() * 0.9))
        self.resize(width, height)

    # -- values -----------------------------------------------------------------------------

    def show_options(self, options: BaseModel) -> None:
        """Show ``options`` in every editor (Defaults and the profiles use this too)."""
        self._loading = True
        try:
            for name, editor in self.editors.items():
                editor.set_value(getattr(options, name))
        finally:
            self._loading = False
        self._validate()

    def values(self) -> dict[str, Any]:
        """What the form holds, as input for the options model's ``model_validate``."""
        return {name: editor.value() for name, editor in self.editors.items()}

    def options(self) -> BaseModel | None:
        """The options the form shows, or None while they are not valid."""
        return self._chosen

    def problems(self) -> list[str]:
        """Why OK is disabled (empty when the options are valid)."""
        return [] if self._chosen is not None else self.status.text().splitlines()

    def _messages(self, error: ValidationError) -> list[str]:
        """The problems in the options' words: "Tier costs must rise: …", "Difficulty 3: …"."""
        messages = []
        for problem in error.errors(include_url=False, include_input=False, include_context=False):
            location = problem.get("loc", ())
            text = _sentence(str(problem.get("msg", "invalid value")))
            name = str(location[0]) if location else ""
            if name in self._model.model_fields:
                label = option_of(self._model, name).label
                editor = self.editors.get(name)
                where = editor.where(label, tuple(location[1:])) if editor else label
                text = f"{where}: {text[:1].lower()}{text[1:]}"
            if text not in messages:
                messages.append(text)
        return messages

    def _summary(self, options: BaseModel) -> str:
        """Which profile ``options`` is, or how far it is from the defaults."""
        for profile in self.profiles:
            if options == profile.make():
                return f"These are {profile.name}."
        if options == self._defaults:
            return "These are the defaults."
        differ = sum(
            1
            for name in self._model.model_fields
            if getattr(options, name) != getattr(self._defaults, name)
        )
        which = "option differs" if differ == 1 else "options differ"
        return f"House rules: {differ} {which} from the defaults."

    def _validate(self, *_args: object) -> None:
        if self._loading:
            return
        try:
            self._chosen = self._model.model_validate(self.values())
        except ValidationError as error:
            self._chosen = None
            self._show_status("\n".join(self._messages(error)), error=True)
        else:
            self._show_status(self._summary(self._chosen), error=False)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._chosen is not None)
        ok.setToolTip("" if self._chosen is not None else "Fix the problem shown first")

    def _show_status(self, text: str, *, error: bool) -> None:
        self.status.setText(text)
        font = self.status.font()
        font.setBold(error)
        self.status.setFont(font)
        if error:
            icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
            size = self.status.fontMetrics().height()
            self.status_icon.setPixmap(icon.pixmap(size, size))
            self.status_icon.show()
        else:
            self.status_icon.clear()
            self.status_icon.hide()

    @staticmethod
    def show_modal(dialog: OptionsDialog) -> int:
        """Run the dialog modally; tests replace this to drive it instead."""
        return dialog.exec()


def ask_options(
    parent: QWidget | None, system: GameSystem, current: BaseModel, title: str, intro: str
) -> BaseModel | None:
    """The game's options as the user leaves them; None when cancelled."""
    if dialogs.is_non_interactive():
        return None
    dialog = OptionsDialog(system, current, title, intro, parent)
    try:
        accepted = OptionsDialog.show_modal(dialog) == QDialog.DialogCode.Accepted
        return dialog.options() if accepted else None
    finally:
        dialog.deleteLater()


def _intro(system: GameSystem, intro: str) -> str:
    """The game in a line (``GameSystem.summary``) above what the rules are for."""
    return "\n\n".join(
        part
        for part in (f"{system.name}: {system.summary}" if system.summary else "", intro)
        if part
    )


def ask_game_options(
    parent: QWidget | None, system: GameSystem, current: BaseModel, title: str, intro: str = ""
) -> BaseModel | None:
    """The game's table rules edited in the form, the game in a line above them; None when
    cancelled."""
    return ask_options(parent, system, current, title, _intro(system, intro))


def make_options_dialog(
    parent: QWidget | None, system: GameSystem, current: BaseModel, title: str, intro: str = ""
) -> OptionsDialog:
    """The dialog :func:`ask_game_options` runs, built but not shown (screenshots, tests)."""
    return OptionsDialog(system, current, title, _intro(system, intro), parent)
