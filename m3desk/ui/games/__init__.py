"""Widgets of a game's own, where the game truly differs: one package per game, one seam.

Every game is rendered by the generic widgets from what its package describes (sheet forms,
options, :class:`~m3desk.core.system.EncounterRules`). A game that needs a widget no
description can hold puts it in ``m3desk/ui/games/<system id>/`` and exports ``PARTS``, a
:class:`GameParts` saying WHAT it provides: an action dialog (Monsters & Magic's effect-point
spending), a set-up panel, tracker commands, an initiative roll with dice the GM may type,
an editor for a table-rules option no type describes, its self-test checks, its own
printed pages. The generic UI asks
:func:`parts_of` for a part and uses it when there is one; it never names a game, and only
this package imports a game's modules (an import-linter contract in ``pyproject.toml``, checked by
``tests/test_architecture.py``).

A game's package is found by its system id and loaded on first use, so start-up pays for
none of them.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from pathlib import Path

    from pydantic import BaseModel
    from PySide6.QtCore import QObject
    from PySide6.QtWidgets import QWidget

    from m3desk.core.system import GameSystem
    from m3desk.ui.documents.encounter_document import EncounterDocument
    from m3desk.ui.documents.sheet_document import SheetDocument
    from m3desk.ui.encounter.encounter_actions import EncounterActions
    from m3desk.ui.printing.pages import PrintJob
    from m3desk.ui.table_rules.parts import OptionEditor, OptionsProfile

__all__ = ["GameParts", "game_ui_packages", "parts_of", "parts_of_encounter"]


class GameParts(NamedTuple):
    """What a game's own widgets provide; every part is optional (None: the generic one).

    - ``action_dialog(document, parent, roller, actor_id, action_id) -> bool``: the dialog
      that resolves one action (True when one was applied), instead of the generic
      :class:`~m3desk.ui.action.system_action_dialog.SystemActionDialog`.
    - ``setup_panel(document, parent) -> QWidget``: the encounter's set-up panel, instead of
      the generic set-up steps (``EncounterRules.setup_steps``).
    - ``tracker_commands(document, actions, host) -> QObject``: drives the tracker's
      game commands of :meth:`EncounterActions.game_specific` (shown only then).
    - ``roll_initiative(document, ids, host, roller) -> None``: rolls the initiative of
      ``ids`` the game's own way (asking for dice), instead of the rules' roll.
    - ``option_editors``: option field name → ``factory(parent) -> OptionEditor``, the
      editor of an option the generic Table Rules form cannot edit by its type (a table of
      difficulties); ``option_profiles() ->`` the named sets of options the form loads
      with a button (:mod:`m3desk.ui.table_rules.parts`).
    - ``self_test(window) -> list[str]``: what ``m3desk --self-test`` checks of these
      widgets (what was exercised, in words), instead of the generic fight of its samples.
    - ``printed_pages(document, options) -> PrintJob``: the game's own printed sheet or
      encounter sheet (``options``: the table's rules for a sheet, None for an encounter
      or the game's defaults), instead of the pages printed from its ``SheetForm`` and
      ``EncounterRules``.
    - ``sheet_document(sheet, path, rules, parent) -> SheetDocument``: the document of one
      of its sheets, following the default table rules ``rules`` (Edit → Table Rules…),
      instead of a :class:`~m3desk.ui.documents.form_sheet_document.FormSheetDocument`
      that follows the game's own options.
    - ``new_sheet(kind, name, rules, choice) -> BaseModel``: a new ``kind`` sheet made the
      game's own way (``choice``: what File → New Character chose, None for a monster),
      instead of its form's ``new_sheet``.
    """

    action_dialog: Callable[..., bool] | None = None
    setup_panel: Callable[[EncounterDocument, QWidget], QWidget] | None = None
    tracker_commands: Callable[[EncounterDocument, EncounterActions, QWidget], QObject] | None = (
        None
    )
    roll_initiative: Callable[[EncounterDocument, list[str], QWidget, Any], None] | None = None
    option_editors: Mapping[str, Callable[[QWidget], OptionEditor]] = MappingProxyType({})
    option_profiles: Callable[[], tuple[OptionsProfile, ...]] = tuple
    self_test: Callable[[Any], list[str]] | None = None
    printed_pages: Callable[[BaseModel, BaseModel | None], PrintJob] | None = None
    sheet_document: (
        Callable[[BaseModel, Path | None, BaseModel, QObject | None], SheetDocument] | None
    ) = None
    new_sheet: Callable[[str, str, BaseModel, Any], BaseModel] | None = None


NO_PARTS = GameParts()
_CACHE: dict[str, GameParts] = {}


def _module_name(system_id: str) -> str:
    return f"{__name__}.{system_id}"


def parts_of(system: GameSystem) -> GameParts:
    """The parts ``system``'s own UI package provides (none when it has no package)."""
    cached = _CACHE.get(system.id)
    if cached is not None:
        return cached
    name = _module_name(system.id)
    parts = NO_PARTS
    if system.id.isidentifier() and importlib.util.find_spec(name) is not None:
        found = getattr(importlib.import_module(name), "PARTS", NO_PARTS)
        if isinstance(found, GameParts):
            parts = found
    _CACHE[system.id] = parts
    return parts


def parts_of_encounter(encounter: object) -> GameParts:
    from m3desk.core import registry

    return parts_of(registry.system_of(encounter))


def game_ui_packages() -> tuple[str, ...]:
    """The system ids that have a package here (packaging lists them as hidden imports)."""
    import pkgutil

    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg))
