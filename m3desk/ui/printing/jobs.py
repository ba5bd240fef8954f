"""Which printed document a sheet or an encounter becomes: the one place printing asks the game.

Every print command (PDF, paper, preview, the window's and ``m3desk export-pdf``) turns each
document into a :class:`~m3desk.ui.printing.pages.PrintJob` here. The game is found by the
document's class (:func:`m3desk.core.registry.system_of`) and asked what it describes: a sheet
prints from its game's ``SheetForm``, an encounter from its game's ``EncounterRules``. The one
game whose own widgets provide printed pages (``GameParts.printed_pages``, :mod:`m3desk.ui.games`)
prints those instead. A document no installed game describes raises
:class:`NotPrintableError` with a sentence for the user, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel

from m3desk.core import registry
from m3desk.core.encounter import Encounter
from m3desk.core.expedition import Expedition
from m3desk.core.system import GameSystem
from m3desk.ui.games import parts_of
from m3desk.ui.printing.pages import PrintError, PrintJob

__all__ = [
    "NotPrintableError",
    "OptionsFor",
    "by_game",
    "check_printable",
    "document_job",
    "game_of",
    "is_encounter",
]

OptionsFor = Callable[[GameSystem], BaseModel]
"""A game's table rules as the table set them (sheets print the numbers the screen shows)."""


class NotPrintableError(PrintError):
    """A document that no installed game knows how to print; the message says which."""


def is_encounter(document: object) -> bool:
    return isinstance(document, Encounter)


def _title_of(document: object) -> str:
    name = getattr(document, "name", "")
    return f"“{name}”" if isinstance(name, str) and name.strip() else "This document"


def game_of(document: object) -> GameSystem:
    """The installed game ``document`` belongs to, or NotPrintableError saying so."""
    try:
        return registry.system_of(document)
    except registry.UnknownSystemError:
        raise NotPrintableError(
            f"{_title_of(document)} is of a game this m3desk does not have, so it cannot "
            "be printed."
        ) from None


def check_printable(document: object) -> GameSystem:
    """The game that prints ``document``; NotPrintableError with a sentence if none does.

    Cheap (nothing is laid out), so callers ask before opening a file or printer dialog.
    """
    system = game_of(document)
    own_pages = parts_of(system).printed_pages is not None
    if isinstance(document, Expedition):
        if system.exploration is None:
            raise NotPrintableError(
                f"{_title_of(document)}: {system.name} has no exploration to print."
            )
        return system
    if is_encounter(document):
        if system.encounter is None and not own_pages:
            raise NotPrintableError(
                f"{_title_of(document)}: {system.name} has no encounter sheet to print."
            )
    elif str(getattr(document, "kind", "")) not in system.sheet_forms and not own_pages:
        raise NotPrintableError(
            f"{_title_of(document)} is not a character or monster sheet "
            f"or an encounter of {system.name}."
        )
    return system


def document_job(document: BaseModel, options_for: OptionsFor | None = None) -> PrintJob:
    """``document`` as one document of a print run, laid out as its game describes it.

    An encounter prints with its own table rules; a sheet with its game's table rules from
    ``options_for`` (None: the game's defaults). The game's own description (a sheet form,
    encounter rules) is printed unless the game's own widgets provide printed pages.
    """
    system = check_printable(document)
    if isinstance(document, Expedition):  # the referee's log and the party's supplies
        from m3desk.ui.printing.expedition_print import expedition_job

        return expedition_job(document)
    own_pages = parts_of(system).printed_pages
    if is_encounter(document):
        if own_pages is not None:
            return own_pages(document, None)
        from m3desk.ui.printing.form_print import system_encounter_job

        return system_encounter_job(document)  # type: ignore[arg-type]
    options = options_for(system) if options_for is not None else None
    if own_pages is not None:  # its own page comes first
        return own_pages(document, options)
    from m3desk.ui.printing.form_print import form_sheet_job

    return form_sheet_job(document, options)


def by_game(documents: Sequence[BaseModel]) -> list[BaseModel]:
    """The documents with each game's together, games in the order they first appear.

    A party of several games prints as one section per game; within a game the order
    given is kept. A document of no installed game raises NotPrintableError.
    """
    order: dict[str, list[BaseModel]] = {}
    for document in documents:
        order.setdefault(game_of(document).id, []).append(document)
    return [document for group in order.values() for document in group]
