"""Light and dark appearance: the Fusion style with an explicit palette.

Why explicit palettes: on bare X11, offscreen and many Linux desktops Qt's
``setColorScheme(Dark)`` is a no-op (the palette stays light), so relying on the
platform would give a dark-mode user a light window, or a half-dark one where
only some widgets follow. Fusion draws every widget from the palette, so one
complete palette (every role, every colour group) gives the same result on every
platform. "system" follows ``QStyleHints.colorScheme()`` when the platform knows
it and falls back to light when it does not.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QToolBar,
    QToolButton,
    QToolTip,
    QWidget,
)

__all__ = [
    "THEMES",
    "ThemeChoice",
    "ThemeStyle",
    "apply_theme",
    "dark_palette",
    "light_palette",
    "resolve_theme",
]

ThemeChoice = Literal["system", "light", "dark"]
THEMES: tuple[ThemeChoice, ...] = ("system", "light", "dark")

_CHOICE_PROPERTY = "m3desk_theme_choice"
_FOLLOWING_PROPERTY = "m3desk_theme_following_system"

Role = QPalette.ColorRole
Group = QPalette.ColorGroup

# Colours chosen for contrast (text on base ≈ 11:1, disabled text ≥ 4.5:1) rather
# than to imitate any one desktop. Base (fields, tables) is a little *lighter* than
# Window, as in macOS's dark mode: Fusion outlines fields and check boxes with a
# darkened Window colour, which is invisible on a Base darker than the window.
_DARK: dict[QPalette.ColorRole, str] = {
    Role.Window: "#2b2d30",
    Role.WindowText: "#e8e8e8",
    Role.Base: "#35373b",
    Role.AlternateBase: "#3b3d42",
    Role.Text: "#e8e8e8",
    Role.Button: "#393b40",
    Role.ButtonText: "#e8e8e8",
    Role.BrightText: "#ff6b6b",
    Role.Light: "#55585e",
    Role.Midlight: "#45484d",
    Role.Mid: "#2f3135",
    Role.Dark: "#18191b",
    Role.Shadow: "#0b0b0c",
    Role.Highlight: "#3574d4",
    Role.HighlightedText: "#ffffff",
    Role.Link: "#78b4ff",
    Role.LinkVisited: "#c39bff",
    Role.ToolTipBase: "#3c3f44",
    Role.ToolTipText: "#f2f2f2",
    Role.PlaceholderText: "#9a9da3",
}
_DARK_DISABLED: dict[QPalette.ColorRole, str] = {
    Role.WindowText: "#8a8d93",
    Role.Text: "#8a8d93",
    Role.ButtonText: "#8a8d93",
    Role.Base: "#303236",
    Role.Button: "#303236",
    Role.Highlight: "#4a4d52",
    Role.HighlightedText: "#b4b6ba",
    Role.PlaceholderText: "#6c6f75",
    Role.Link: "#5a7fa8",
    Role.LinkVisited: "#8a74a8",
}


def dark_palette() -> QPalette:
    """A complete dark palette: every role in every colour group is set.

    Setting the Inactive group too matters: otherwise unfocused windows and
    dialogs fall back to the light defaults.
    """
    palette = QPalette()
    for group in (Group.Active, Group.Inactive, Group.Disabled):
        for role, colour in _DARK.items():
            palette.setColor(group, role, QColor(colour))
    for role, colour in _DARK_DISABLED.items():
        palette.setColor(Group.Disabled, role, QColor(colour))
    if hasattr(Role, "Accent"):
        for group in (Group.Active, Group.Inactive):
            palette.setColor(group, Role.Accent, QColor(_DARK[Role.Highlight]))
        palette.setColor(Group.Disabled, Role.Accent, QColor(_DARK_DISABLED[Role.Highlight]))
    return palette


_GLYPH_SIZES = (16, 24, 32, 48)


def _glyph_pixmap(glyph: str, size: int, colour: QColor) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(colour, max(1.5, size / 9))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    side = size * 0.56
    box = QRectF(0, 0, side, side)
    box.moveCenter(QPointF(size / 2, size / 2))
    if glyph == "close":
        painter.drawLine(box.topLeft(), box.bottomRight())
        painter.drawLine(box.topRight(), box.bottomLeft())
    elif glyph in ("more_right", "more_down"):  # a toolbar's overflow: "»"
        if glyph == "more_down":
            painter.translate(size / 2, size / 2)
            painter.rotate(90)
            painter.translate(-size / 2, -size / 2)
        half = side / 2
        for shift in (-side * 0.22, side * 0.22):
            tip = QPointF(box.center().x() + shift + half * 0.3, box.center().y())
            painter.drawLine(QPointF(tip.x() - half * 0.55, tip.y() - half * 0.7), tip)
            painter.drawLine(QPointF(tip.x() - half * 0.55, tip.y() + half * 0.7), tip)
    else:  # "float": two overlapping windows
        offset = side * 0.3
        painter.drawRect(box.adjusted(offset, 0, 0, -offset))
        painter.drawRect(box.adjusted(0, offset, -offset, 0))
    painter.end()
    return pixmap


_glyph_icons: dict[tuple[str, int, int], QIcon] = {}


def _glyph_icon(glyph: str, palette: QPalette) -> QIcon:
    """The glyph in the palette's text colours (cached: docks ask for it often)."""
    normal = palette.color(Group.Active, Role.WindowText)
    disabled = palette.color(Group.Disabled, Role.WindowText)
    key = (glyph, normal.rgba(), disabled.rgba())
    if key in _glyph_icons:
        return _glyph_icons[key]
    icon = QIcon()
    _glyph_icons[key] = icon
    for size in _GLYPH_SIZES:
        icon.addPixmap(_glyph_pixmap(glyph, size, normal), QIcon.Mode.Normal)
        icon.addPixmap(_glyph_pixmap(glyph, size, disabled), QIcon.Mode.Disabled)
    return icon


class ThemeStyle(QProxyStyle):
    """Fusion, with the dock title-bar buttons and a toolbar's overflow button ("»")
    drawn in the palette's text colour.

    Fusion's own close/float/overflow buttons are dark-grey bitmaps that all but vanish
    on a dark window. Only ``standardIcon`` is overridden, so painting never calls
    into Python.
    """

    _GLYPHS: ClassVar[dict[QStyle.StandardPixmap, str]] = {
        QStyle.StandardPixmap.SP_TitleBarCloseButton: "close",
        QStyle.StandardPixmap.SP_DockWidgetCloseButton: "close",
        QStyle.StandardPixmap.SP_TitleBarNormalButton: "float",
        QStyle.StandardPixmap.SP_ToolBarHorizontalExtensionButton: "more_right",
        QStyle.StandardPixmap.SP_ToolBarVerticalExtensionButton: "more_down",
    }

    _CHECKS: ClassVar[tuple[QStyle.PrimitiveElement, ...]] = (
        QStyle.PrimitiveElement.PE_IndicatorCheckBox,
        QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
    )

    def __init__(self) -> None:
        super().__init__(QStyleFactory.create("Fusion"))

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        """Fusion outlines a check box with a darkened window colour, which all but vanishes
        on a dark palette: an unticked box then looks like no box. On a dark palette the
        box gets a frame in the text colour (half strength), ticked or not."""
        super().drawPrimitive(element, option, painter, widget)
        if element not in self._CHECKS:
            return
        palette = option.palette
        if palette.color(QPalette.ColorRole.Window).lightness() >= 128:
            return
        frame = QColor(palette.color(QPalette.ColorRole.Text))
        frame.setAlpha(150)
        rect = option.rect.adjusted(0, 0, -1, -1)
        side = min(rect.width(), rect.height())
        box = rect.adjusted((rect.width() - side) // 2, (rect.height() - side) // 2, 0, 0)
        box.setWidth(side)
        box.setHeight(side)
        painter.save()
        painter.setPen(frame)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(box)
        painter.restore()

    def standardIcon(
        self,
        standard_icon: QStyle.StandardPixmap,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> QIcon:
        glyph = self._GLYPHS.get(standard_icon)
        if glyph is None:
            return super().standardIcon(standard_icon, option, widget)
        # The application palette, not option.palette: during a theme switch the
        # widget's own palette is updated only after the docks have asked for icons.
        return _glyph_icon(glyph, QApplication.palette())


def light_palette(app: QApplication) -> QPalette:
    """Fusion's own light palette (whatever the desktop's colours are)."""
    return app.style().standardPalette()


TOOLBAR_EXTENSION = "qt_toolbar_ext_button"
"""The object name Qt gives a toolbar's overflow ("»") button."""


def _refresh_dock_buttons(app: QApplication) -> None:
    """Docks fetch their button icons only when their features change, and a toolbar's
    overflow button only when it is made; give them the new palette's icons.

    The walk goes from the open windows down (``findChildren``), not over
    ``allWidgets()``: that list also holds every hidden widget waiting for deletion, and
    wrapping thousands of those for Python once crashed the interpreter in CI.
    """
    floatable = QDockWidget.DockWidgetFeature.DockWidgetFloatable
    for top in app.topLevelWidgets():
        docks = top.findChildren(QDockWidget)
        if isinstance(top, QDockWidget) and top.parentWidget() is None:
            docks.append(top)  # a floating dock is found under its window already
        for dock in docks:
            features = dock.features()
            dock.setFeatures(features ^ floatable)
            dock.setFeatures(features)
        for button in top.findChildren(QToolButton, TOOLBAR_EXTENSION):
            bar = button.parentWidget()
            vertical = isinstance(bar, QToolBar) and bar.orientation() == Qt.Orientation.Vertical
            which = (
                QStyle.StandardPixmap.SP_ToolBarVerticalExtensionButton
                if vertical
                else QStyle.StandardPixmap.SP_ToolBarHorizontalExtensionButton
            )
            button.setIcon(button.style().standardIcon(which, None, button))


def _platform_scheme(app: QGuiApplication) -> Qt.ColorScheme:
    return app.styleHints().colorScheme()


def resolve_theme(app: QGuiApplication, choice: str) -> Literal["light", "dark"]:
    """The palette a choice means now; unknown choices and schemes count as light."""
    if choice == "dark":
        return "dark"
    if choice == "system" and _platform_scheme(app) == Qt.ColorScheme.Dark:
        return "dark"
    return "light"


def _request_scheme(app: QGuiApplication, choice: str) -> None:
    """Tell the platform too (Qt 6.8+), so native parts such as title bars match.

    Best effort: where the platform ignores it the explicit palette still applies.
    """
    hints = app.styleHints()
    if choice == "system":
        if hasattr(hints, "unsetColorScheme"):
            hints.unsetColorScheme()
    elif hasattr(hints, "setColorScheme"):
        scheme = Qt.ColorScheme.Dark if choice == "dark" else Qt.ColorScheme.Light
        hints.setColorScheme(scheme)


def _on_scheme_changed(_scheme: Qt.ColorScheme) -> None:
    app = QApplication.instance()
    if isinstance(app, QApplication) and app.property(_CHOICE_PROPERTY) == "system":
        _set_palette(app, resolve_theme(app, "system"))


def _set_palette(app: QApplication, resolved: str) -> None:
    palette = dark_palette() if resolved == "dark" else light_palette(app)
    app.setPalette(palette)
    QToolTip.setPalette(palette)
    _refresh_dock_buttons(app)


def apply_theme(app: QApplication, choice: str) -> Literal["light", "dark"]:
    """Use Fusion with the palette ``choice`` stands for; returns "light" or "dark".

    With "system", later changes of the desktop's scheme are followed too.
    """
    if choice not in THEMES:
        choice = "system"
    if not isinstance(app.style(), ThemeStyle):
        app.setStyle(ThemeStyle())
    app.setProperty(_CHOICE_PROPERTY, choice)
    _request_scheme(app, choice)
    resolved = resolve_theme(app, choice)
    _set_palette(app, resolved)
    if not app.property(_FOLLOWING_PROPERTY):
        app.styleHints().colorSchemeChanged.connect(_on_scheme_changed)
        app.setProperty(_FOLLOWING_PROPERTY, True)
    return resolved
