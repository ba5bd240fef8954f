"""Reading a stat block as OSE books print it into a monster sheet.

Three layouts: the one line of modules (``AC 6 [13], HD 1-1 (3hp), Att 1 × weapon (1d6),
THAC0 19 [0], MV 60' (20'), SV D14 W15 P16 B17 S18 (NH), ML 7, AL Chaotic, XP 5``), the
SRD's table rows ("Armour Class 6 [13]", "Hit Dice 1-1 (3hp)" … one per line) and blocks
that offer variants ("HD 8 / 12 / 16", "HD 1 to 3"), read one variant at a time. Every
field that is read fills the sheet; every part that is not, or that the sheet cannot hold,
is said in plain words. Bad input never raises, and the work grows with the text's length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from m3desk.core.routines import MAX_ROUTINES, Damage, DamageError, effect_in, split_alternatives
from m3desk.core.stat_block_text import (
    at_most,
    heading_name,
    pick_variant,
    quoted,
    read_fields,
    validated,
    variant_names,
)
from m3desk.systems.ose.derive import derive
from m3desk.systems.ose.sheet import MonsterAttack, MonsterSheet
from m3desk.systems.ose.tables import Save

__all__ = [
    "PrintedAttack",
    "parse_stat_block",
    "read_attack_line",
    "stat_block_variants",
    "with_attack_line",
]

_SHORT = {
    "AC": "AC",
    "HD": "HD",
    "Att": "ATT",
    "THAC0": "THAC0",
    "MV": "MV",
    "SV": "SV",
    "ML": "ML",
    "AL": "AL",
    "XP": "XP",
    "NA": "NA",
    "TT": "TT",
}
_LONG = {
    "Armour Class": "AC",
    "Armor Class": "AC",
    "Hit Dice": "HD",
    "Attacks": "ATT",
    "Attacks Usable Per Round": "ATT",
    "Movement": "MV",
    "Movement Rate": "MV",
    "Saving Throws": "SV",
    "Saving Throw Values": "SV",
    "Saves": "SV",
    "Morale": "ML",
    "Alignment": "AL",
    "Experience Points": "XP",
    "Experience": "XP",
    "Number Appearing": "NA",
    "No. Appearing": "NA",
    "Treasure Type": "TT",
    "Treasure": "TT",
}
_LABELS = {
    "armour_class": "AC",
    "hit_dice": "Hit Dice",
    "hit_dice_modifier": "Hit Dice bonus",
    "hit_points": "hit points",
    "max_hit_points": "hit points",
    "xp": "XP",
    "morale": "morale",
    "movement": "movement",
}
_MAX_ATTACKS = 20


def stat_block_variants(text: str) -> tuple[str, ...]:
    """The variants a block offers ("HD 8", "HD 12", "HD 16"); empty when it has one."""
    return variant_names(read_fields(text, _SHORT, _LONG).values)


@dataclass(frozen=True)
class PrintedAttack:
    """One attack as an attack line prints it, before it becomes a sheet's row."""

    name: str
    count: int
    count_high: int
    """The top of a range ("5 to 12 × bite"); ``count`` otherwise."""
    damage: tuple[Damage, ...]
    """The damage, one per variant ("1d8 / 2d8 / 3d8"); empty when none is printed."""
    effect: str = ""
    by_weapon: bool = False
    """"or by weapon": a weapon in hand deals its own damage."""


_PIECE = re.compile(
    r"(?:([^\d()×\[\],][^()×\[\],]{0,39}?)\s{1,3})?(\d{1,3})(?:\s{0,3}to\s{0,3}"
    r"(\d{1,3}))?\s{0,3}[×xX*]\s{0,3}([^()\s][^()]{0,79}?)\s{0,3}"
    r"(?:\(([^()]{0,200})\))?",
    re.IGNORECASE,
)
_BARE = re.compile(r"([^\d()\s][^()]{0,79}?)\s{0,3}(?:\(([^()]{0,200})\))?")
_PER_HD = re.compile(
    r"(\d{1,2})?\s{0,3}d\s{0,3}(\d{1,3})\s{0,3}per\s{0,3}(?:hit\s{0,3}dice|hd)", re.IGNORECASE
)
_PLAIN_DAMAGE = re.compile(
    r"\s{0,3}(?:\d{0,2}\s{0,3}d\s{0,3})?\d{1,3}"
    r"(?:\s{0,3}[+-]\s{0,3}\d{1,3})?\s{0,3}(?:hp)?\s{0,3}",
    re.IGNORECASE,
)
_DAMAGE_START = re.compile(r"\s{0,3}\d")
_MAX_LINE = 600


def _top_level(text: str, mark: str) -> list[str]:
    """``text`` cut at each ``mark`` outside parentheses and brackets."""
    pieces, depth, start = [], 0, 0
    for at, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif char == mark and depth == 0:
            pieces.append(text[start:at])
            start = at + 1
    pieces.append(text[start:])
    return [p.strip() for p in pieces if p.strip()]


def _inside(
    piece: str, inside: str, hit_dice: int | None, problems: list[str]
) -> tuple[tuple[Damage, ...], str, bool]:
    """What an attack's brackets say: its damage (one per variant), its effect and whether
    a weapon's own damage may replace it."""
    alternatives = split_alternatives(inside)
    by_weapon = any(re.match(r"by\s+weapon", a, re.IGNORECASE) for a in alternatives[1:])
    first = alternatives[0] if alternatives else ""
    variants = [v.strip() for v in first.split("/")]
    # "2 or 4hp": the alternatives are damage too (not "or by weapon", "or 1d10 hull damage")
    variants += [a for a in alternatives[1:] if _PLAIN_DAMAGE.fullmatch(a)]
    damages: list[Damage] = []
    effects: list[str] = []
    for variant in variants:
        dice_parts, words = [], []
        for term in re.split(r"\s{0,3}\+\s{0,3}", variant):
            term = term.strip()
            if per := _PER_HD.fullmatch(term):
                if hit_dice is None:
                    problems.append(
                        f"“{piece}”: the damage grows with the Hit Dice, which "
                        "the block does not give: left empty"
                    )
                    continue
                dice_parts.append(
                    f"{min(20, max(1, hit_dice)) * int(per.group(1) or 1)}d{per.group(2)}"
                )
            elif dice := re.fullmatch(
                r"(\d{0,2}\s{0,3}d\s{0,3}\d{1,3}(?:\s{0,3}[×xX*]\s{0,3}"
                r"\d{1,3})?|\d{1,3})\s{0,3}(?:hp)?\s{0,3}([^\d].*)?",
                term,
                re.IGNORECASE,
            ):
                dice_parts.append(dice.group(1))
                if dice.group(2):
                    words.append(dice.group(2).strip())
            elif term:
                words.append(term)
        if dice_parts:
            try:
                damages.append(Damage.parse(" + ".join(dice_parts)))
            except DamageError as error:
                problems.append(f"could not read the damage of “{piece}” ({error})")
        effects += words
    effect_words = ", ".join(dict.fromkeys(effects))
    return tuple(damages), effect_in(effect_words) or effect_words[:80], by_weapon


def read_attack_line(
    text: str, hit_dice: int | None = None
) -> tuple[list[list[PrintedAttack]], list[str]]:
    """An attack line as the SRD prints it, as routines: "[2 × claw (1d4), 1 × bite (2d8)] or
    breath" is two; each routine's attacks happen together. What cannot be read is said."""
    problems: list[str] = []
    text = " ".join(text[:_MAX_LINE].replace("**", "").split())
    text = re.sub(r"^(?:(?:Att|Attacks)\b\s*)+", "", text, flags=re.IGNORECASE).strip(" ,;.")
    if not text or text.lower() in ("none", "—", "-", "nil"):
        return [], problems
    pieces = split_alternatives(text)
    merged: list[str] = []
    for piece in pieces:
        if merged and re.fullmatch(r"\d{1,3}", merged[-1]) and _PIECE.match(piece):
            merged.append(merged.pop() + " or " + piece)  # "2 or 4 × weapon": a choice of counts
        elif (
            merged
            and "(" not in merged[-1]
            and "×" in merged[-1]
            and "," not in piece
            and "×" not in piece
            and not _DAMAGE_START.match(piece)
        ):
            merged.append(merged.pop() + " or " + piece)  # "1 × talons or beak (1d6)"
        else:
            merged.append(piece)
    merged = _head_alternatives(merged)
    routines: list[list[PrintedAttack]] = []
    for alternative in merged:
        counts = re.fullmatch(r"(\d{1,3}) or (\d{1,3})(\s{0,3}[×xX*].*)", alternative)
        variants = (
            [counts.group(1) + counts.group(3), counts.group(2) + counts.group(3)]
            if counts
            else [alternative]
        )
        for variant in variants:
            attacks = [
                a
                for part in _top_level(variant, ",")
                if (a := _one_attack(part, hit_dice, problems)) is not None
            ]
            if attacks:
                routines.append(attacks)
    if len(routines) > MAX_ROUTINES:
        problems.append(f"kept the first {MAX_ROUTINES} of {len(routines)} routines")
        routines = routines[:MAX_ROUTINES]
    return routines, problems


_HEAD = re.compile(r"([^\d()×\[\],:]{1,40}):\s")
"""A head's label before its attacks: the chimera's "dragon: 1 × bite (3d4)"."""


def _head_alternatives(pieces: list[str]) -> list[str]:
    """ "…, lion: 1 × bite (2d4), dragon: 1 × bite (3d4) or 1 × breath (3d6)": where the
    last attack before an "or" belongs to a head (its label) and the alternative is one
    attack of no head of its own, the alternative is that head's: the other heads attack in
    the same round (the SRD's chimera breathes with its dragon head while the lion bites)."""
    found: list[str] = []
    for piece in pieces:
        parts = _top_level(found[-1], ",") if found else []
        head = _HEAD.match(parts[-1]) if len(parts) > 1 else None
        if head is not None and len(_top_level(piece, ",")) == 1 and not _HEAD.match(piece):
            piece = ", ".join([*parts[:-1], f"{head.group(1).strip()}: {piece}"])
        found.append(piece)
    return found


def _one_attack(part: str, hit_dice: int | None, problems: list[str]) -> PrintedAttack | None:
    part = part.strip(" ,;[]")
    if not part:
        return None
    if (match := _PIECE.fullmatch(part)) is not None:
        label, low, high, name, inside = match.groups()
        count = int(low)
        count_high = max(count, int(high)) if high else count
        if high:
            problems.append(
                f"“{part}”: kept {count} attacks of {count} to {count_high}; set "
                "the count the fight has by hand"
            )
        name = f"{label.strip(' :')} {name}" if label else name
    elif (bare := _BARE.fullmatch(part)) is not None:
        name, inside = bare.groups()
        count = count_high = 1
    else:
        problems.append(f"could not read the attack {quoted(part)}")
        return None
    if not 1 <= count <= 20:
        problems.append(f"could not read the attack “{part}”: 1 to 20 a round, please")
        return None
    name = " ".join(name.split())[:80] or "attack"
    damage, effect, by_weapon = (
        _inside(part, inside, hit_dice, problems) if inside else ((), "", False)
    )
    if len(damage) > 1:
        problems.append(
            f"“{part}” prints {len(damage)} variants of its damage: kept {damage[0]}, the first"
        )
    return PrintedAttack(name, count, count_high, damage, effect, by_weapon)


def with_attack_line(sheet: MonsterSheet, line: str) -> tuple[MonsterSheet, list[str]]:
    """``sheet`` with the routines of an attack line as the SRD prints it. Where the line
    prints a range or variants ("5 to 12 × bite", "1d8 / 2d8 / 3d8") and the sheet already
    has that attack with a count or damage among them (a 7-headed hydra, a greater
    elemental), or the sheet's damage is the line's with a flat bonus (a king's +1), the
    sheet's own stands."""
    routines, problems = read_attack_line(line, sheet.hit_dice)
    known = {a.name.lower(): a for a in sheet.attacks}
    chosen: list[list[PrintedAttack]] = []
    rules: dict[tuple[int, int], MonsterAttack] = {}
    """The breath weapons the sheet has, by routine and place: their rules are kept."""
    for routine in routines:
        kept: list[PrintedAttack] = []
        breaths: dict[int, MonsterAttack] = {}
        for printed in routine:
            old = known.get(printed.name.lower())
            if old is not None and printed.count <= old.count <= printed.count_high:
                printed = replace(printed, count=old.count, count_high=old.count)
            if old is not None and old.breath:
                breaths[len(kept)] = old  # its rules (the errata's quotes) stand
            if (
                old is not None
                and old.damage is not None
                and any(
                    old.damage == damage
                    or (old.damage.dice, old.damage.times) == (damage.dice, damage.times)
                    for damage in printed.damage
                )
            ):
                # one of the printed damages, or one with the bonus the sheet adds (a king's
                # "+1 bonus to damage" the SRD gives in a sentence, not the line)
                printed = replace(printed, damage=(old.damage,))
            kept.append(printed)
        rules.update({(len(chosen) + 1, place): old for place, old in breaths.items()})
        chosen.append(kept)
    notes: list[str] = []
    attacks = _rows(chosen, notes, [])
    attacks = tuple(
        _with_breath(a, rules[(a.routine, place)])
        if (a.routine, place := _place(attacks, a)) in rules
        else a
        for a in attacks
    )
    return sheet.model_copy(update={"attacks": attacks}), problems


_WORDS_COUNT = {"once": 1, "twice": 2, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_BREATH_USES = re.compile(
    r"\b(once|twice|(?:one|two|three|four|five|[1-9])\s{1,3}times?)"
    r"\s{1,3}(?:per|a|each)\s{1,3}day",
    re.IGNORECASE,
)
_BREATH_SAVE = re.compile(
    r"save\s{1,3}(?:versus|vs\.?)\s{1,3}(breath|death|poison|paraly\w*|"
    r"petrif\w*|spells?|wands?)",
    re.IGNORECASE,
)
_SAVE_WORDS = {
    "breath": Save.BREATH,
    "death": Save.DEATH,
    "poison": Save.DEATH,
    "paraly": Save.PARALYSIS,
    "petrif": Save.PARALYSIS,
    "spell": Save.SPELLS,
    "wand": Save.WANDS,
}
_BREATH_CHANCE = re.compile(
    r"\b([1-5])-in-6\s{1,3}chance|(50\s{0,2}%\s{1,3}chance\s{1,3}of\s{1,3}"
    r"breath|equal\s{1,3}chance\s{1,3}of\s{1,3}either)",
    re.IGNORECASE,
)
_BREATH_OWN_HP = re.compile(
    r"damage\s{1,3}equal\s{1,3}to\s{1,3}the\s{1,3}[\w’' ]{1,40}?"
    r"current\s{1,3}hit\s{1,3}points",
    re.IGNORECASE,
)
_BREATH_FIRST = re.compile(r"attacks?\s{1,3}first\s{1,3}with\s{1,3}its\s{1,3}breath", re.IGNORECASE)


def breath_rules(text: str) -> dict[str, object]:
    """A breath weapon's rules as the SRD's sentences write them, read from ``text`` (a
    pasted entry, or the errata's quotes): uses a day ("up to three times per day"), the
    save ("save versus breath for half"), damage equal to the monster's current hit points,
    "always attacks first with its breath weapon" and the chance a round ("2-in-6 chance",
    "50% chance of breath", "equal chance of either"). Only what is written is returned.
    Linear in the text's length (bounded)."""
    text = " ".join(text[:20_000].replace("**", "").split())
    found: dict[str, object] = {}
    if uses := _BREATH_USES.search(text):
        word = uses.group(1).split()[0].lower()
        found["uses"] = int(word) if word.isdigit() else _WORDS_COUNT[word]
    if save := _BREATH_SAVE.search(text):
        word = save.group(1).lower()
        found["save"] = next(v for k, v in _SAVE_WORDS.items() if word.startswith(k))
    if _BREATH_OWN_HP.search(text):
        found["own_hit_points"] = True
    if _BREATH_FIRST.search(text):
        found["opens"] = True
    if chance := _BREATH_CHANCE.search(text):
        found["chance"] = int(chance.group(1)) if chance.group(1) else 3
    return found


def with_breath_rules(
    attacks: tuple[MonsterAttack, ...], text: str, problems: list[str]
) -> tuple[MonsterAttack, ...]:
    """A pasted block's breath weapons with the rules a bestiary monster's have: no attack
    roll, and what the block's sentences say (:func:`breath_rules`); what they do not say is
    said in words (no uses a day written: every round; no save named: none)."""
    if not any("breath" in a.name.lower() for a in attacks):
        return attacks
    rules = breath_rules(text)
    rules.setdefault("uses", 0)
    found = []
    for attack in attacks:
        if "breath" not in attack.name.lower():
            found.append(attack)
            continue
        breath = attack.model_copy(update={"breath": True, **rules})
        missing = []
        if not rules["uses"]:
            missing.append("no uses a day (every round)")
        if "save" not in rules and not breath.effect:
            missing.append("no save (none applied)")
        if breath.damage is None and not breath.own_hit_points and not breath.effect:
            missing.append("no damage (type its dice, or “own hp” in its rules)")
        problems.append(
            f"“{attack.name}” is a breath weapon (no attack roll)"
            + (f": {_rules_words(breath)}" if _rules_words(breath) else "")
            + (f"; the block writes {', '.join(missing)}" if missing else "")
        )
        found.append(breath)
    return tuple(found)


def _rules_words(breath: MonsterAttack) -> str:
    """ "3 a day, damage equal to its hit points, save B, first, 3 in 6 a round"."""
    words = [
        f"{breath.uses} a day" if breath.uses else "",
        "damage equal to its hit points" if breath.own_hit_points else "",
        f"save {breath.save.value}" if breath.save is not None else "",
        "used first" if breath.opens else "",
        f"{breath.chance} in 6 a round" if breath.chance else "",
    ]
    return ", ".join(w for w in words if w)


def _place(attacks: tuple[MonsterAttack, ...], attack: MonsterAttack) -> int:
    """Where ``attack`` stands in its routine (counted from 0)."""
    return [a for a in attacks if a.routine == attack.routine].index(attack)


def _with_breath(attack: MonsterAttack, old: MonsterAttack) -> MonsterAttack:
    """``attack`` as the line prints it, with the breath rules the sheet held for it."""
    return attack.model_copy(
        update={
            key: getattr(old, key)
            for key in ("breath", "own_hit_points", "save", "opens", "chance", "uses")
        }
    )


def _attacks(
    text: str, notes: list[str], problems: list[str], hit_dice: int | None = None
) -> tuple[MonsterAttack, ...]:
    routines, found = read_attack_line(text, hit_dice)
    problems += found
    return _rows(routines, notes, problems)


def _rows(
    routines: list[list[PrintedAttack]], notes: list[str], problems: list[str]
) -> tuple[MonsterAttack, ...]:
    attacks: list[MonsterAttack] = []
    for number, routine in enumerate(routines, start=1):
        for printed in routine:
            if len(attacks) == _MAX_ATTACKS:
                problems.append(f"kept the first {_MAX_ATTACKS} attacks")
                return tuple(attacks)
            uses = 3 if "breath" in printed.name.lower() else 0
            attacks.append(
                MonsterAttack(
                    name=printed.name,
                    count=printed.count,
                    routine=number,
                    uses=uses,
                    damage=printed.damage[0] if printed.damage else None,
                    effect=printed.effect,
                )
            )
            if printed.by_weapon:
                notes.append(f"Att {printed.name}: or by weapon (a weapon's own damage)")
            if not printed.damage and not printed.effect and uses == 0:  # a breath: said
                # by with_breath_rules
                problems.append(
                    f"the block gives no damage for “{printed.name}”: left "
                    "empty (its description says what it does)"
                )
    return tuple(attacks)


def _leftover(label: str, rest: str, notes: list[str]) -> None:
    """Text after a field's value that the sheet has no place for goes to the notes."""
    rest = rest.strip(" ,;.")
    if rest:
        notes.append(f"{label} {rest}")


# Possessive spaces: no space run is ever given back, so a padded text is read in one pass.
_HIT_DICE = re.compile(
    r"\s*+(\d{1,2}|½|1/2)\s*+(?:([+\-−])\s*+(\d{1,2}))?\s*+(\**+)\s*+"
    r"(?:\(\s*+(\d{1,3})\s*+hp\s*+\))?",
    re.IGNORECASE,
)


def read_hit_dice(text: str) -> tuple[int, int, int, int | None, int] | None:
    """Hit Dice as printed at the start of ``text`` ("1-1", "½", "3+2*", "4 (18hp)"): the
    dice (½ is 0), the modifier, the asterisks, the hit points in brackets (or None) and
    where the reading ended; None when no Hit Dice start the text. The stat-block reader
    and the public ``parse_hit_dice`` read with it."""
    match = _HIT_DICE.match(text)
    if not match or not match.group(0).strip():
        return None
    dice = 0 if match.group(1) in ("½", "1/2") else int(match.group(1))
    modifier = int(match.group(3) or 0) * (-1 if match.group(2) in ("-", "−") else 1)
    points = int(match.group(5)) if match.group(5) else None
    return dice, modifier, len(match.group(4)), points, match.end()


def _hit_dice(hd: str, values: dict[str, object], problems: list[str]) -> None:
    if fixed := re.fullmatch(r"\s*(\d{1,3})\s*(?:hp|hit\s+points?)\s*", hd, re.IGNORECASE):
        points = max(1, int(fixed.group(1)))
        values.update(hit_dice=0, hit_points=points, max_hit_points=points)
        problems.append(
            f"HD {quoted(hd)} is a fixed number of hit points: the sheet keeps it "
            f"as ½ HD with {points} hp"
        )
        return
    read = read_hit_dice(hd)
    if read is None:
        problems.append(f"could not read the Hit Dice {quoted(hd)}")
        return
    dice, modifier, asterisks, bracketed, end = read
    values["hit_dice"] = dice
    values["hit_dice_modifier"] = modifier
    values["hit_dice_asterisks"] = min(asterisks, 6)
    if bracketed is not None:
        values["hit_points"] = values["max_hit_points"] = max(bracketed, 1)
    if rest := hd[end:].strip(" ,;."):
        problems.append(f"could not read {quoted(rest)} after the Hit Dice")


def _saves(text: str, values: dict[str, object], problems: list[str]) -> None:
    if re.fullmatch(
        r"\s*(?:as\s+)?(NH|MU\s*\d{1,2}|[FCDEHT]\s*\d{1,2}|\d{1,2})\s*", text, re.IGNORECASE
    ):
        values["saves_as"] = re.sub(r"(?i)as|\s", "", text).upper()
        return
    saves = {
        save: int(m.group(1))
        for save in Save
        if (m := re.search(rf"\b{save.value}\s*(\d{{1,2}})\b", text))
    }
    if len(saves) == len(Save):
        values["saves"] = saves
    else:
        problems.append(f"could not read all five saves in {quoted(text)}")
    if match := re.search(r"\(([^)]{1,200})\)", text):
        values["saves_as"] = match.group(1).strip()


def _whole(
    key: str, label: str, parts: dict[str, str], problems: list[str], pattern: str = r"(-?\d{1,2})"
) -> re.Match[str] | None:
    if key not in parts:
        return None
    match = re.match(pattern, parts[key])
    if match is None:
        problems.append(f"could not read the {label} {quoted(parts[key])}")
    return match


def parse_stat_block(
    text: str, name: str = "Monster", variant: int = 0
) -> tuple[MonsterSheet, list[str]]:
    """The monster the stat block describes (its ``variant``-th variant when it offers
    several), and what could not be read.

    A printed THAC0 that differs from the one its Hit Dice give is kept as the referee's
    override (visible on the sheet), so the stat block wins and the difference shows."""
    fields = read_fields(text, _SHORT, _LONG)
    problems = fields.problems
    notes: list[str] = []
    name = name.strip()[:80] if isinstance(name, str) else ""
    if heading_name(fields):  # a name line above the stats ("Goblin") names the monster
        name = heading_name(fields)
    values: dict[str, object] = {"name": name or "Monster"}
    parts = pick_variant(fields.values, variant, problems)
    variants = variant_names(fields.values)
    if variants:
        # Which variant the sheet is, said in its notes: the block offers several ("HD 8 /
        # 12 / 16") or a range ("HD 1 to 3"), and the sheet holds one.
        chosen = variants[variant if 0 <= variant < len(variants) else 0]
        printed = " ".join(fields.values["HD"].split())
        how = "a range" if re.search(r"\bto\b", printed) else f"{len(variants)} variants"
        notes.append(
            f"Read as {chosen}: the block's HD {printed[:80]} offers {how} ({', '.join(variants)})"
        )
    if match := _whole("AC", "AC", parts, problems):
        values["armour_class"] = int(match.group(1))
    if "HD" in parts:
        _hit_dice(parts["HD"], values, problems)
    if "ATT" in parts:
        hit_dice = values.get("hit_dice")
        values["attacks"] = with_breath_rules(
            _attacks(
                parts["ATT"], notes, problems, hit_dice if isinstance(hit_dice, int) else None
            ),
            text,
            problems,
        )
    printed_thac0: int | None = None
    if match := _whole("THAC0", "THAC0", parts, problems, r"(\d{1,2})"):
        printed_thac0 = int(match.group(1))
    if match := _whole(
        "MV", "movement", parts, problems, r"(\d{1,3})\s*['’′]*\s*(?:\(\s*\d+\s*['’′]*\s*\))?(.*)"
    ):
        values["movement"] = int(match.group(1))
        values["movement_other"] = match.group(2).strip(" ,;/")[:200]
    if "SV" in parts:
        _saves(parts["SV"], values, problems)
    if match := _whole("ML", "morale", parts, problems, r"(\d{1,2})(.*)"):
        if 2 <= int(match.group(1)) <= 12:
            values["morale"] = int(match.group(1))
        else:
            problems.append(f"the morale {match.group(1)} is not 2 to 12: left as it was")
        _leftover("ML", match.group(2), notes)
    if "AL" in parts:
        values["alignment"] = parts["AL"].split("(")[0].strip()[:200]
    if match := _whole("XP", "XP", parts, problems, r"(\d[\d,]{0,8})(.*)"):
        values["xp"] = int(match.group(1).replace(",", ""))
        _leftover("XP", match.group(2), notes)
    if "NA" in parts:
        values["number_appearing"] = parts["NA"][:200]
    if "TT" in parts:
        values["treasure"] = parts["TT"][:200]
    if notes:
        values["notes"] = "\n".join(notes)[:100_000]
    if not parts:
        problems.append("no stat block fields (AC, HD, Att, THAC0, MV, SV, ML …) were found")
    sheet = validated(MonsterSheet, values, problems, _LABELS)
    if "hit_points" not in values and "hit_dice" in values:
        average = max(1, derive(sheet)["hp.average"].value)
        sheet = sheet.model_copy(update={"hit_points": average, "max_hit_points": average})
    if printed_thac0 is not None:
        sheet = _keep_printed_thac0(sheet, printed_thac0)
    return sheet, at_most(problems)


def _keep_printed_thac0(sheet: MonsterSheet, printed: int) -> MonsterSheet:
    if printed == 20 and sheet.hit_dice <= 1 and sheet.hit_dice_modifier <= 0:
        sheet = sheet.model_copy(update={"normal_human": True})
    if derive(sheet)["thac0"].computed != printed:
        sheet = sheet.model_copy(update={"overrides": {**sheet.overrides, "thac0": printed}})
    return sheet
