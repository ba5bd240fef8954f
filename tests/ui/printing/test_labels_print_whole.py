"""Every game's sample sheets read whole on paper: no label of the form is cut short with
"…", each prints on one line as the form names it, and no section's title is printed twice;
and so does each game's encounter sheet of a fight of ten.

What must be on the page is worked out from the game's own form (its sections, fields,
derived labels, its print description), never from the printer's blocks, and read back from
the PDF with ``pdftotext -layout`` (a label cut or wrapped over two lines is not found whole
on a line).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.sheet_form import SheetForm, display_value, get_path
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.encounter.new_document import new_encounter_document
from m3desk.ui.printing.export import export_documents_pdf
from tests.ui.printing.conftest import pdftotext
from tests.ui.printing.every_game import words

ELLIPSIS = "\u2026"
SAMPLES = [
    (system.id, path.stem) for system in registry.systems() for path in sample_files(system.id)
]


def _sheet(game: str, stem: str) -> BaseModel:
    path = next(p for p in sample_files(game) if p.stem == stem)
    return load_sheet(path).model


def _shown_in_combat_box(form: SheetForm) -> set[str]:
    """The keys and paths the form's combat box prints (not printed again below)."""
    box = form.printed.combat
    if box is None:
        return set()
    shown = {*box.hit_points, *box.replaces, *box.saves}
    shown |= {f"max_{path}" for path in box.hit_points}
    if box.tally:
        shown.add(box.tally)
    for stat in box.stats:
        shown |= {stat.key, *stat.beside, *stat.together}
    return shown


def _labels(sheet: BaseModel, form: SheetForm) -> list[str]:
    """The labels the page must print whole: the header's fields and their values, the
    combat box's lines (and a pool's long name), and every field and derived value of the
    sections printed as boxes."""
    derived = form.derive(sheet, None)
    fields = {spec.path: spec for section in form.sections for spec in section.fields}
    shown = _shown_in_combat_box(form)
    unused = form.printed.unused(sheet)
    labels: list[str] = []
    box = form.printed.combat
    assert box is not None
    for stat in box.stats:
        for key in (stat.key, *stat.beside):
            value = get_path(sheet, key) if key in fields else None
            if key in derived:
                labels.append(stat.label if key == stat.key and stat.label else derived[key].label)
            elif value is not None and display_value(fields[key], value):  # a value written
                labels.append(stat.label if key == stat.key and stat.label else fields[key].label)
    for path in box.hit_points:
        spec = fields[path]
        labels.append(spec.label)
        if spec.kind == "pool" and spec.help:  # "PHP" and what it stands for
            labels.append(spec.help)
    labels += [derived[key].label for key in box.saves if key in derived]
    first, *rest = [section for section in form.sections if section.title not in unused]
    for spec in (*first.fields, *form.printed.header):
        if spec.path == "name" or spec.path in shown or spec.kind in ("long_text", "picture"):
            continue
        labels.append(spec.label)
        if spec.kind in ("text", "choice", "list"):  # words in the header, as typed
            labels.append(display_value(spec, get_path(sheet, spec.path)))
    for section in rest:
        if section.title in form.printed.as_text or section.abilities is not None:
            continue
        keys = [key for key in section.derived if key in derived and key not in shown]
        boxed = [
            spec
            for spec in section.fields
            if spec.path not in shown
            and spec.kind not in ("long_text", "picture")
            and not (section.wide and spec.kind in ("list", "text"))
        ]
        if not boxed and all(derived[key].value == 0 for key in keys):
            continue  # a section of nothing but zeros (a fighter's thief skills): off paper
        labels += [spec.label for spec in boxed]
        labels += [derived[key].label for key in keys]
    return [label for label in dict.fromkeys(labels) if label.strip()]


def _titles(form: SheetForm) -> list[str]:
    """Every title the page may print: the combat box's parts and each section's."""
    titles = [section.title for section in form.sections]
    titles += [section.table.label for section in form.sections if section.table is not None]
    box = form.printed.combat
    if box is not None:
        titles += [box.title, "Hit points", "Saving throws"]
    if form.printed.as_text_title:
        titles.append(form.printed.as_text_title)
    titles += list(form.printed.write_in)
    return list(dict.fromkeys(title for title in titles if title))


def _headings(text: str, title: str) -> int:
    """How often ``title`` stands as a heading: in capitals, alone in its column (two
    spaces or a line's end on each side, as pdftotext lays columns out)."""
    pattern = r"(?:^|\s{2})" + re.escape(title.upper()) + r"(?=\s{2}|\s*$)"
    return len(re.findall(pattern, text, flags=re.MULTILINE))


@pytest.mark.parametrize(("game", "stem"), SAMPLES)
def test_every_label_of_a_sample_sheet_prints_whole_and_every_title_once(
    qapp: object, tmp_path: Path, game: str, stem: str
) -> None:
    sheet = _sheet(game, stem)
    form = registry.get(game).sheet_forms[str(getattr(sheet, "kind", ""))]
    out = tmp_path / f"{stem}.pdf"
    export_documents_pdf([sheet], out)
    text = pdftotext(out)
    lines = [words(line) for line in text.splitlines()]
    cut = [line for line in lines if ELLIPSIS in line]
    typed = sheet.model_dump_json().count(ELLIPSIS) + sheet.model_dump_json().count("\\u2026")
    assert len(cut) <= typed, f"{game} {stem}: cut short: {cut}"
    for label in _labels(sheet, form):
        assert any(words(label) in line for line in lines), f"{game} {stem}: {label!r} not whole"
    for title in _titles(form):
        assert _headings(text, title) <= 1, f"{game} {stem}: {title!r} printed twice"


FIGHT = 10
"""Combatants of a real table's fight: the samples, copied (numbered) to ten."""


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_an_encounter_sheet_of_ten_cuts_no_name_or_attack(
    qapp: object, tmp_path: Path, game: str
) -> None:
    """The referee's sheet of a fight of ten: every name, heading and attack whole (a
    column heading on up to three lines, an attack's name on its lines), no "…" but the
    log's own line saying that earlier lines are in the file."""
    files = list(sample_files(game))
    document = new_encounter_document(
        [files[n % len(files)] for n in range(FIGHT)], name=f"Crypt of {game}"
    )
    encounter = document.encounter
    document.deleteLater()
    out = tmp_path / "fight.pdf"
    export_documents_pdf([encounter], out)
    text = pdftotext(out)
    cut = [
        words(line)
        for line in text.splitlines()
        if ELLIPSIS in line and "earlier lines are in the saved log" not in line
    ]
    assert not cut, f"{game}: cut short: {cut}"
    flat = words(text)
    for combatant in encounter.combatants:
        assert combatant.name in flat, combatant.name


LONG = "Sworn to the Grey Order of Hollowmere"
"""A value the header's row cannot hold beside the others: it runs on to a row of its own."""


@pytest.mark.parametrize("game", [system.id for system in registry.systems()])
def test_a_long_value_in_the_header_prints_whole(qapp: object, tmp_path: Path, game: str) -> None:
    path = next(
        p for p in sample_files(game) if getattr(load_sheet(p).model, "kind", "") == "character"
    )
    sheet = load_sheet(path).model
    form = registry.get(game).sheet_forms["character"]
    texts = [
        spec.path
        for spec in form.sections[0].fields
        if spec.kind == "text" and spec.path != "name" and "." not in spec.path
    ]
    if not texts:
        pytest.skip(f"{game}: no words typed in its sheet's first section")
    sheet = type(sheet).model_validate({**sheet.model_dump(), **dict.fromkeys(texts, LONG)})
    out = tmp_path / "long.pdf"
    export_documents_pdf([sheet], out)
    lines = [words(line) for line in pdftotext(out).splitlines()]
    whole = sum(line.count(LONG) for line in lines)
    assert whole >= len(texts), f"{game}: {whole} of {len(texts)} whole"
