"""The Table Rules dialog: every house-rule option, each with its one-line explanation.

The form is generated from ``TableRules.model_fields`` (:mod:`.rule_fields`): a spin box for
each number within its bounds, a check box for each switch, a combo for each choice, and
the difficulty ladder as a small table. pydantic decides what is valid: while the values do
not make a :class:`TableRules` (costs that do not rise, two difficulties with one name) its
message is shown above the buttons and OK is disabled. "Strict Rules" and "Book Example"
load the two profiles the rules core defines.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
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

from m3desk.systems.monsters_and_magic.table_rules import TableRules
from m3desk.ui import dialogs
from m3desk.ui.games.monsters_and_magic.table_rules.caption_label import CaptionLabel
from m3desk.ui.games.monsters_and_magic.table_rules.ladder_editor import LadderEditor
from m3desk.ui.games.monsters_and_magic.table_rules.rule_editor import RuleEditor
from m3desk.ui.games.monsters_and_magic.table_rules.rule_fields import (
    LADDER_FIELD,
    SECTIONS,
    EditorKind,
    RuleField,
    field_label,
    rule_fields,
    validation_messages,
)

__all__ = ["TableRulesDialog", "profile_summary"]

_COLUMNS = 1 + max(SECTIONS.values())
_COLUMN_CHARS = 38
"""Each column's width in average characters: a label and its editor side by side."""


def profile_summary(rules: TableRules) -> str:
    """Which profile ``rules`` is, or how far it is from the strict rules."""
    if rules == TableRules():
        return "These are the strict rules: the rules text as written."
    if rules == TableRules.book_example():
        return "These are the book example's rules: the Example of Play's choices."
    strict = TableRules()
    differ = sum(1 for name in TableRules.model_fields
                 if getattr(rules, name) != getattr(strict, name))
    options = "option differs" if differ == 1 else "options differ"
    return f"House rules: {differ} {options} from the strict rules."


def _book_example_tip() -> str:
    """What "Book Example" changes from the strict rules, from the two profiles themselves."""
    book, strict = TableRules.book_example(), TableRules()
    changes = []
    for name in TableRules.model_fields:
        value = getattr(book, name)
        if value != getattr(strict, name):
            shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
            changes.append(f"{field_label(name)}: {shown}")
    return "The choices of the book's Example of Play: " + "; ".join(changes)


class TableRulesDialog(QDialog):
    """Edits a :class:`TableRules`; :meth:`rules` is the result (None while invalid)."""

    def __init__(self, rules: TableRules, parent: QWidget | None = None, *,
                 title: str = "Table Rules", intro: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("table_rules_dialog")
        self.setWindowTitle(title)
        self._rules: TableRules | None = rules
        self._loading = False
        self.fields = rule_fields()
        self.editors: dict[str, RuleEditor] = {}
        self.captions: dict[str, CaptionLabel] = {}
        self.ladder = LadderEditor(rules.difficulty_ladder)
        self.ladder.model.ladder_changed.connect(self._validate)

        self.intro = QLabel(intro)
        self.intro.setWordWrap(True)
        self.intro.setVisible(bool(intro))

        self.form_area = QScrollArea()
        self.form_area.setObjectName("table_rules_scroll")
        self.form_area.setWidgetResizable(True)
        self.form_area.setFrameShape(QFrame.Shape.NoFrame)
        self.form_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # No tab stop of its own: Tab goes to the first rule, and the area scrolls to
        # whichever rule has the focus.
        self.form_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.form_area.setWidget(self._build_form())

        self.status_icon = QLabel()
        self.status = QLabel()
        self.status.setObjectName("table_rules_status")
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Table rules status")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        status_row = QHBoxLayout()
        status_row.addWidget(self.status_icon, 0, Qt.AlignmentFlag.AlignTop)
        status_row.addWidget(self.status, 1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.strict_button = QPushButton("&Strict Rules")
        self.strict_button.setToolTip("Every option as the rules text says (the defaults)")
        self.book_button = QPushButton("&Book Example")
        self.book_button.setToolTip(_book_example_tip())
        for button in (self.strict_button, self.book_button):
            button.setAutoDefault(False)
            self.buttons.addButton(button, QDialogButtonBox.ButtonRole.ResetRole)
        self.strict_button.clicked.connect(lambda: self.set_rules(TableRules()))
        self.book_button.clicked.connect(lambda: self.set_rules(TableRules.book_example()))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.form_area, 1)
        layout.addLayout(status_row)
        layout.addWidget(self.buttons)

        self.set_rules(rules)
        self._initial_size()

    # -- building ---------------------------------------------------------------------------

    def _build_form(self) -> QWidget:
        by_section: dict[str, list[RuleField]] = {}
        for field in self.fields:
            by_section.setdefault(field.section, []).append(field)
        columns = [QVBoxLayout() for _column in range(_COLUMNS)]
        for section, number in SECTIONS.items():
            if section in by_section:
                columns[number].addWidget(self._section(section, by_section[section]))
        body = QWidget()
        row = QHBoxLayout(body)
        width = self.fontMetrics().averageCharWidth() * _COLUMN_CHARS
        for column in columns:
            column.addStretch(1)
            column.setContentsMargins(0, 0, 0, 0)
            holder = QWidget()
            holder.setLayout(column)
            # A fixed width: wrapped captions are measured at the width they get.
            holder.setFixedWidth(max(width, holder.minimumSizeHint().width()))
            row.addWidget(holder)
        row.addStretch(1)
        return body

    def _section(self, title: str, fields: list[RuleField]) -> QGroupBox:
        box = QGroupBox(title)
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        grid.setVerticalSpacing(2)
        row = 0
        for field in fields:
            caption = CaptionLabel(field.explanation)
            caption.setObjectName(f"caption_{field.name}")
            self.captions[field.name] = caption
            if field.kind is EditorKind.LADDER:
                grid.addWidget(caption, row, 0, 1, 2)
                grid.addWidget(self.ladder, row + 1, 0, 1, 2)
                self.ladder.view.setToolTip(field.explanation)
                row += 2
                continue
            editor = RuleEditor(field, self)
            editor.changed.connect(self._validate)
            self.editors[field.name] = editor
            if field.kind is EditorKind.BOOL:
                grid.addWidget(editor.widget, row, 0, 1, 2)
                indent = self._check_indent()
                caption.setContentsMargins(indent, 0, 0, 0)
            else:
                label = QLabel(field.label + ":")
                label.setBuddy(editor.widget)
                label.setToolTip(field.explanation)
                grid.addWidget(label, row, 0)
                editor.widget.setSizePolicy(QSizePolicy.Policy.Maximum,
                                            QSizePolicy.Policy.Fixed)
                grid.addWidget(editor.widget, row, 1, Qt.AlignmentFlag.AlignLeft)
            grid.addWidget(caption, row + 1, 0, 1, 2)
            grid.setRowMinimumHeight(row + 2, 6)  # a little air before the next field
            row += 3
        return box

    def _check_indent(self) -> int:
        """Captions under a check box line up with its text, not its box."""
        style = self.style()
        return (style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, self)
                + style.pixelMetric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing, None, self))

    def natural_size(self) -> QSize:
        """The size that shows the whole form without scrolling."""
        body = self.form_area.widget()
        wanted = body.sizeHint() if body is not None else self.sizeHint()
        chrome = self.sizeHint() - self.form_area.sizeHint()
        scroll_bar = self.form_area.verticalScrollBar().sizeHint().width()
        return QSize(wanted.width() + chrome.width() + scroll_bar,
                     wanted.height() + chrome.height())

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

    def rules(self) -> TableRules | None:
        """The rules the form shows, or None while they are not valid."""
        return self._rules

    def values(self) -> dict[str, Any]:
        """What the form holds, as input for ``TableRules.model_validate``."""
        data: dict[str, Any] = {name: editor.value() for name, editor in self.editors.items()}
        data[LADDER_FIELD] = self.ladder.model.as_data()
        return data

    def set_rules(self, rules: TableRules) -> None:
        """Show ``rules`` in every field (the profile buttons use this too)."""
        self._loading = True
        try:
            for name, editor in self.editors.items():
                editor.set_value(getattr(rules, name))
            self.ladder.set_rungs(rules.difficulty_ladder)
        finally:
            self._loading = False
        self._validate()

    def problems(self) -> list[str]:
        """Why OK is disabled (empty when the rules are valid)."""
        return [] if self._rules is not None else self.status.text().splitlines()

    def _validate(self) -> None:
        if self._loading:
            return
        try:
            self._rules = TableRules.model_validate(self.values())
        except ValidationError as exc:
            self._rules = None
            self._show_status("\n".join(validation_messages(exc)), error=True)
        else:
            self._show_status(profile_summary(self._rules), error=False)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._rules is not None)
        ok.setToolTip("" if self._rules is not None else "Fix the problem shown first")

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
    def show_modal(dialog: TableRulesDialog) -> int:
        """Run the dialog modally; tests replace this to drive it instead."""
        return dialog.exec()


def ask_table_rules(parent: QWidget | None, rules: TableRules, title: str = "Table Rules",
                    intro: str = "") -> TableRules | None:
    """The Table Rules editor, filled with ``rules``; the edited rules, or None if cancelled.

    The dialog runs through ``TableRulesDialog.show_modal``, which a test can replace to
    click through the real dialog.
    """
    if dialogs.is_non_interactive():
        return None
    dialog = TableRulesDialog(rules, parent, title=title, intro=intro)
    try:
        accepted = TableRulesDialog.show_modal(dialog) == QDialog.DialogCode.Accepted
        return dialog.rules() if accepted else None
    finally:
        dialog.deleteLater()
