"""No test module writes a list of games by hand (issue 31): a test that loops over a tuple of
game ids skips every game not written there without a word (the toy's three dead options and
Skirmish's closing moves were found only once the lists went). Loops derive their games from
the registry (``registry.systems()``, filtered by what the seam says: a game of distances,
one that resolves actions…); the tests' own games are registered in ``tests/games.py``.

A literal tuple, list or set naming two or more installed games is a hand-written list, and
so is a dict keyed by two or more, unless the module reads it with ``.get(`` (data about
some games beside a default for every other, as the option probe's extra situations). Code
in a string (a script a test runs in a fresh process) is read the same way."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from m3desk.core import registry

TESTS = Path(__file__).resolve().parent
REGISTRY = TESTS / "games.py"


def _named(items: list[ast.expr | None], games: set[str]) -> list[str]:
    return [
        item.value
        for item in items
        if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value in games
    ]


def _read_with_get(tree: ast.AST) -> set[str]:
    return {
        node.func.value.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
    }


def _dict_names(tree: ast.AST) -> dict[int, str]:
    """The name each dict literal is assigned to, by the dict's node id."""
    names = {}
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        value = getattr(node, "value", None)
        if isinstance(value, ast.Dict):
            for target in targets:
                if isinstance(target, ast.Name):
                    names[id(value)] = target.id
    return names


def game_lists(source: str, games: set[str]) -> Iterator[tuple[int, list[str]]]:
    """Each hand-written list of games in the module's code: its line and the games named."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    looked_up, names = _read_with_get(tree), _dict_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            named = _named(list(node.elts), games)
        elif isinstance(node, ast.Dict):
            named = _named(list(node.keys), games)
            if names.get(id(node)) in looked_up:
                continue
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and "\n" in node.value
            and "import " in node.value
        ):
            for line, inner in game_lists(node.value, games):
                yield node.lineno + line - 1, inner
            continue
        else:
            continue
        if len(named) >= 2:
            yield node.lineno, named


_BOOK_DATA = (
    "per game, what its book prints and the screen must then show; to derive: loop "
    "over the games whose seam offers the feature and fail on one without data"
)
NOT_YET_DERIVED: dict[str, str] = {
    "tests/benchmarks/test_stat_block_bench.py": "the stat-block readers by module; to derive: "
    "every form's parse",
    "tests/systems/test_stat_block_readers.py": "each reader with its alphabet; to derive: every "
    "form's parse, the alphabet by .get",
    "tests/ui/sheet/test_read_stat_block.py": _BOOK_DATA,
    "tests/ui/sheet/test_form_sheets_every_game.py": _BOOK_DATA,
    "tests/ui/window/test_new_character_generation.py": _BOOK_DATA,
    "tests/ui/window/test_new_character_hit_points.py": _BOOK_DATA,
}
"""Modules whose list of games is still to be derived, each with why it is hard; the test
fails when one of them no longer has a list (the entry goes) or a module not listed has one."""


def _modules() -> Iterator[Path]:
    for path in sorted(TESTS.rglob("*.py")):
        if path not in (REGISTRY, Path(__file__).resolve()):
            yield path


def test_no_test_module_writes_a_list_of_games() -> None:
    games = set(registry.ids())
    assert {"toy", "skirmish"} <= games  # the tests' games are installed (tests/games.py)
    found: dict[str, list[str]] = {}
    for path in _modules():
        name = path.relative_to(TESTS.parent).as_posix()
        for line, named in game_lists(path.read_text(encoding="utf-8"), games):
            found.setdefault(name, []).append(f"{name}:{line}: {', '.join(named)}")
    unlisted = [
        where for name, wheres in found.items() if name not in NOT_YET_DERIVED for where in wheres
    ]
    assert not unlisted, (
        "lists of games written by hand (derive them from the registry):\n" + "\n".join(unlisted)
    )
    assert not set(NOT_YET_DERIVED) - set(found), "derived now: take them off NOT_YET_DERIVED"


def test_the_check_sees_a_list_in_code_and_in_a_script() -> None:
    """It finds what it is for (and lets per-game data read with a default pass)."""
    games = {"ose", "adnd2e", "apparatus"}
    assert [line for line, _ in game_lists('GAMES = ("ose", "adnd2e")\n', games)] == [1]
    assert list(game_lists('X = {"ose": 1, "apparatus": 2}\n', games))
    assert not list(game_lists('X = {"ose": 1, "apparatus": 2}\nX.get(game, 0)\n', games))
    script = 'S = r"""\nimport json\nfor g in ["ose", "adnd2e"]:\n    pass\n"""\n'
    assert [line for line, _ in game_lists(script, games)] == [3]
    assert not list(game_lists('registry.get("ose")\nrun("adnd2e")\n', games))
