"""Every game's character and monster sheets, its party and its encounter sheet, on A4 and
Letter, read as real sheets of that game: a combat box (AC, THAC0 or attack bonus, movement,
hit points current and maximum over pencil boxes), saving throws, ability modifiers,
attacks with their numbers, equipment and spells, each on as few pages as a table wants.

What must be on the paper is worked out from the game itself (its derive, its form's
print description, its sheets' fields), never from the printer's own code, and read back
from the PDF with pdftotext.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pydantic import BaseModel
from PySide6.QtGui import QPageSize

from m3desk.assets import sample_files
from m3desk.core import registry
from m3desk.core.numbers import MINUS
from m3desk.core.sheet_form import SheetForm, display_value, get_path
from m3desk.storage.sheet_files import load_sheet
from m3desk.ui.games import parts_of
from m3desk.ui.printing.export import export_documents_pdf
from tests.ui.printing.conftest import pdftotext
from tests.ui.printing.every_game import assert_encounter_text, encounter_file, words

SIZES = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
GAMES = [system.id for system in registry.systems()]


def _number(value: int) -> str:
    """A number as a regular expression: signed or plain, with a hyphen or a real minus."""
    return r"[+\-" + MINUS + r"]?" + str(abs(value)) + r"\b"


def _near(label: str, value: str, gap: int = 2) -> str:
    """``label`` followed by ``value`` (a pattern) within ``gap`` words."""
    return re.escape(words(label)) + r"\s(?:\S+\s){0," + str(gap) + r"}?" + value


def _form_expectations(sheet: BaseModel, form: SheetForm) -> tuple[str, list[str]]:
    """The combat box's title and the patterns a form game's sheet must show."""
    derived = form.derive(sheet, None)
    fields = {spec.path: spec for section in form.sections for spec in section.fields}

    def value(key: str) -> tuple[str, str] | None:
        if key in derived:
            return derived[key].label, _number(derived[key].value)
        spec = fields.get(key)
        if spec is None:
            return None
        shown = display_value(spec, get_path(sheet, key))
        if not shown:
            return None
        if isinstance(get_path(sheet, key), int) and not isinstance(get_path(sheet, key), bool):
            return spec.label, _number(get_path(sheet, key))
        return spec.label, re.escape(words(shown))

    combat = form.printed.combat
    assert combat is not None, "every game describes its printed combat box"
    patterns = []
    for stat in combat.stats:
        main = value(stat.key)
        if main is None:
            continue
        patterns.append(_near(stat.label or main[0], main[1]))
        for key in stat.beside:
            part = value(key)
            # a field left unset is no companion: its blank is the editor's word for none
            if part is not None and (key in derived or get_path(sheet, key) is not None):
                patterns.append(_near(*part))
    for path in combat.hit_points:  # now and at most, then the boxes to pencil into
        pool = get_path(sheet, path)
        if hasattr(pool, "current"):  # one field holding a pool (PHP)
            patterns.append(
                _near(
                    fields[path].label,
                    "current " + _number(pool.current) + r"\s+maximum " + _number(pool.maximum),
                    gap=3,
                )
            )
            continue
        head, _dot, last = path.rpartition(".")
        maximum = get_path(sheet, f"{head}.max_{last}" if head else f"max_{last}")
        patterns.append(
            _near(
                fields[path].label, "current " + _number(pool) + r"\s+maximum " + _number(maximum)
            )
        )
    for key in combat.saves:  # every saving throw with its number
        patterns.append(_near(derived[key].label, _number(derived[key].value)))
    for section in form.sections:  # abilities with their modifiers
        if section.abilities is not None:  # an ability table: each score in its box
            patterns += [
                re.escape(row.label) + r"\b.*?" + _number(get_path(sheet, row.path))
                for row in section.abilities.rows
            ]
        for spec in section.fields:
            if spec.kind == "int" and spec.derived and spec.path.startswith("abilities."):
                patterns.append(
                    re.escape(words(derived[spec.derived].label))
                    + r"\s"
                    + _number(derived[spec.derived].value)
                )
        table = section.table
        if table is None:
            continue
        for index, row in enumerate(get_path(sheet, table.path)):  # attacks, spells
            named = next(spec for spec in table.columns if spec.kind == "text")
            row_name = words(str(get_path(row, named.path)))
            if section.title in form.printed.as_text:  # words in a box: a name may wrap
                patterns.append(r"\s(?:.*?\s)?".join(map(re.escape, row_name.split())))
                continue
            columns = [c for c in form.printed.columns if c.table == table.path]
            numbers = [
                derived[c.key.format(index=index)]
                for c in columns
                if c.key.format(index=index) in derived
            ]
            if numbers:  # the row's own to-hit (and damage, THAC0) on its line
                patterns.append(
                    re.escape(row_name)
                    + r"\s.*?"
                    + r"\s".join(_number(n.value) for n in numbers[-1:])
                )
            else:  # a long name wraps in its cell, the next cells' words between
                patterns.append(r"\s(?:.*?\s)?".join(map(re.escape, row_name.split())))
    patterns += [re.escape(title.upper()) for title in form.printed.write_in]
    for spec in fields.values():  # spells kept as a list of words
        if spec.kind == "list" and "spell" in spec.path and get_path(sheet, spec.path):
            patterns += [re.escape(words(str(name))) for name in get_path(sheet, spec.path)]
    return combat.title.upper(), patterns


def _expectations(sheet: BaseModel) -> tuple[str, list[str]]:
    system = registry.system_of(sheet)
    form = system.sheet_forms.get(str(getattr(sheet, "kind", "")))
    assert form is not None, "every game's sheets print from their form"
    return _form_expectations(sheet, form)


def _export(documents: list[BaseModel], out: Path, size: str) -> tuple[str, int]:
    pages = export_documents_pdf(documents, out, SIZES[size])
    return words(pdftotext(out)), pages


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_of_every_game_prints_a_combat_box_saves_and_attacks_on_one_page(
    qapp: object, tmp_path: Path, game: str, size: str
) -> None:
    for source in sample_files(game):
        sheet = load_sheet(source).model
        text, pages = _export([sheet], tmp_path / f"{source.stem}.pdf", size)
        assert pages == 1, f"{source.stem} on {size}: {pages} pages"
        title, patterns = _expectations(sheet)
        assert title in text and "HIT POINTS" in text, f"{source.stem}: no combat box"
        assert "pencil each change in a box" in text
        for pattern in patterns:
            assert re.search(pattern, text), f"{game} {source.stem} {size}: {pattern}"


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_every_games_party_prints_one_sheet_a_member(
    qapp: object, tmp_path: Path, game: str, size: str
) -> None:
    party = [
        sheet
        for sheet in (load_sheet(p).model for p in sample_files(game))
        if str(getattr(sheet, "kind", "")) == "character"
    ]
    assert len(party) >= 2
    text, pages = _export(party, tmp_path / "party.pdf", size)
    assert pages == len(party)  # each member's sheet on its own page, none spilling over
    for sheet in party:
        title, patterns = _expectations(sheet)
        assert text.count(title) >= len(party)
        for pattern in patterns:
            assert re.search(pattern, text), f"{game} party {size}: {pattern}"


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_every_games_encounter_sheet_lists_each_combatants_numbers(
    qapp: object, tmp_path: Path, game: str, size: str
) -> None:
    """The referee's sheet: the order with the tracker's numbers, the distances, and what
    the sheets would be looked up for in a fight: each combatant's movement and the rest of
    its combat box, its attacks with their dice, its saving throws."""
    _path, encounter = encounter_file(tmp_path, game)
    out = tmp_path / "encounter.pdf"
    pages = export_documents_pdf([encounter], out, SIZES[size])
    assert pages <= 2  # every sample of the game at once (up to nine)
    raw = pdftotext(out)
    assert_encounter_text(raw, encounter)
    text = words(raw)
    system = registry.get(game)
    for combatant in encounter.combatants:
        sheet = combatant.sheet
        form = system.sheet_forms.get(str(getattr(sheet, "kind", "")))
        if (
            form is None
            or form.printed.combat is None
            or parts_of(system).printed_pages is not None
        ):
            continue  # a game with its own encounter sheet: checked above
        assert "COMBATANTS' NUMBERS" in text
        derived = form.derive(sheet, None)
        saves = [derived[key].value for key in form.printed.combat.saves]
        attacks = (
            get_path(sheet, form.printed.combat.attacks) if form.printed.combat.attacks else ()
        )
        row = re.escape(combatant.name) + r"\s.*?"
        if attacks:
            row += re.escape(words(str(attacks[0].name)).split()[0]) + r".*?"
        if saves:
            row += r"\s".join(_number(value) for value in saves)
        assert re.search(row, text), f"{game} {size}: {row}"


def _colours(pdf: Path) -> set[tuple[int, int, int]]:
    """Every colour on the PDF's pages, rendered at a low resolution by poppler."""
    tool = shutil.which("pdftoppm")
    if tool is None:
        pytest.skip("poppler-utils (pdftoppm) is not installed")
    found: set[tuple[int, int, int]] = set()
    subprocess.run([tool, "-r", "40", str(pdf), str(pdf.with_suffix(""))], check=True)
    for page in sorted(pdf.parent.glob(f"{pdf.stem}-*.ppm")):
        data = page.read_bytes()
        header = data.split(maxsplit=4)  # P6, width, height, 255, pixels
        pixels = header[4]
        found |= {(pixels[i], pixels[i + 1], pixels[i + 2]) for i in range(0, len(pixels) - 2, 3)}
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_games_paper_is_black_and_white(qapp: object, tmp_path: Path, game: str) -> None:
    """Nothing on a sheet, a party or an encounter sheet depends on colour: every pixel is a
    grey (a photocopy keeps everything)."""
    _path, encounter = encounter_file(tmp_path, game)
    out = tmp_path / "all.pdf"
    export_documents_pdf([encounter, *(load_sheet(p).model for p in sample_files(game))], out)
    colours = _colours(out)
    assert len(colours) > 2  # text, rules and fills were drawn
    assert all(r == g == b for r, g, b in colours), sorted(c for c in colours if len(set(c)) > 1)[
        :5
    ]
