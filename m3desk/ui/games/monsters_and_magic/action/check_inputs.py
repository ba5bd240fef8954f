"""The left half of the worksheet: steps 1–3, and the cascade of defaults between them.

Choosing an actor refills its weapons, attributes and traits; choosing an action or a weapon
changes who the target can be and what resists; choosing a target changes the resistance
and the conditions that count. This class owns that cascade (and the per-actor memory), so
the panels stay simple lists and the dialog only sees one ``changed`` signal and one
:class:`~m3desk.systems.monsters_and_magic.check_request.CheckRequest`.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from m3desk.systems.monsters_and_magic import (
    Attribute,
    CheckSpec,
    Item,
    MonsterAttack,
    ResistanceKind,
    Spell,
    TableRules,
)
from m3desk.systems.monsters_and_magic.action_defaults import (
    default_actor_id,
    default_attribute,
    default_resistance,
    default_target_id,
    is_surprised,
    resistance_reason,
    target_candidates,
    target_note,
    ticked_by_default,
)
from m3desk.systems.monsters_and_magic.action_kind import ActionKind, TargetRole
from m3desk.systems.monsters_and_magic.check_request import CheckRequest
from m3desk.systems.monsters_and_magic.encounter import Combatant, Encounter, conditions_in_force
from m3desk.systems.monsters_and_magic.weapon_choice import weapon_for
from m3desk.ui.action.combo_items import select_data
from m3desk.ui.games.monsters_and_magic.action.action_memory import ActionMemory, ActorChoices
from m3desk.ui.games.monsters_and_magic.action.actor_panel import NO_WEAPON, ActorPanel
from m3desk.ui.games.monsters_and_magic.action.situation_panel import SituationPanel
from m3desk.ui.games.monsters_and_magic.action.target_panel import TargetPanel

__all__ = ["CheckInputs"]

Weapon = Item | Spell | MonsterAttack


class CheckInputs(QWidget):
    """Actor, target and situation panels, kept consistent with each other."""

    changed = Signal()

    def __init__(
        self,
        encounter: Encounter,
        memory: ActionMemory,
        *,
        selected: str = "",
        actor_id: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._encounter = encounter
        self._memory = memory
        self._selected = selected
        self._loading = False
        self._resistance_kind: ResistanceKind | None = None
        self._picked_target: str | None = None
        self._target_picked = False
        """The GM chose the target (or nobody) for this actor; until then defaults follow
        the action and the weapon."""
        self.actor_panel = ActorPanel(self)
        self.target_panel = TargetPanel(self)
        self.situation = SituationPanel(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.actor_panel)
        layout.addWidget(self.target_panel)
        layout.addWidget(self.situation)
        layout.addStretch(1)

        self.target_panel.resistance.set_rules(encounter.options)
        self.actor_panel.set_combatants(
            encounter.combatants, actor_id or default_actor_id(encounter, selected)
        )
        self._load_actor()

        self.actor_panel.actor_changed.connect(self._on_actor)
        self.actor_panel.action_changed.connect(self._on_action)
        self.actor_panel.weapon_changed.connect(self._on_weapon)
        self.actor_panel.changed.connect(self._emit)
        self.target_panel.target_changed.connect(self._on_target)
        self.target_panel.changed.connect(self._on_resistance)
        self.situation.changed.connect(self._emit)

    # -- the encounter and the request -------------------------------------------------

    @property
    def encounter(self) -> Encounter:
        return self._encounter

    def set_encounter(self, encounter: Encounter) -> None:
        """The encounter changed under the dialog (undo elsewhere): reload, keep choices."""
        self.remember()
        actor = self.actor_panel.actor_id()
        self._encounter = encounter
        ids = [c.id for c in encounter.combatants]
        self.target_panel.resistance.set_rules(encounter.options)
        self.actor_panel.set_combatants(
            encounter.combatants,
            actor if actor in ids else default_actor_id(encounter, self._selected),
        )
        self._load_actor()
        self._emit()

    def actor(self) -> Combatant | None:
        actor_id = self.actor_panel.actor_id()
        return self._encounter.combatant(actor_id) if actor_id else None

    def target(self) -> Combatant | None:
        target_id = self._target_id()
        return self._encounter.combatant(target_id) if target_id else None

    def _target_id(self) -> str | None:
        if self.actor_panel.current_action().target_role is TargetRole.NONE:
            return None
        return self.target_panel.target_id()

    def request(self) -> CheckRequest | None:
        actor_id = self.actor_panel.actor_id()
        if actor_id is None:
            return None
        actor_hidden, target_hidden = self.situation.concealments()
        cover, extent = self.situation.cover_choice()
        return CheckRequest(
            actor_id=actor_id,
            action=self.actor_panel.current_action(),
            label=self.actor_panel.check_name.text(),
            attribute=self.actor_panel.current_attribute(),
            trait_names=self.actor_panel.traits.checked_names(),
            weapon_key=self.actor_panel.weapon_key(),
            mental=self.actor_panel.mental.isChecked(),
            target_id=self._target_id(),
            resistance=self.target_panel.resistance.choice(),
            actor_condition_ids=self.situation.actor_condition_ids(),
            target_condition_ids=self.situation.target_condition_ids(),
            actor_concealment=actor_hidden,
            target_concealment=target_hidden,
            cover=cover,
            cover_extent=extent,
            help_bonus=self.situation.extra_help.value(),
            gear_names=self.situation.gear_names(),
            other_bonus=self.situation.other_bonus(),
            gm_check=self.situation.gm_check.value(),
            gm_resistance=self.situation.gm_resistance.value(),
            gm_effect_points=self.situation.gm_effect_points.value(),
            size_applies=self.target_panel.size_applies.isChecked(),
            damage_cap=self.situation.damage_cap_override(),
        )

    def show_spec(self, spec: CheckSpec | None) -> None:
        """Let the panels show what the rules core made of the inputs (size, maximum damage)."""
        self.situation.set_computed_cap(spec.damage_cap_computed if spec is not None else None)
        self.actor_panel.show_gm_cap(self.situation.damage_cap_override())
        actor, target = self.actor(), self.target()
        if actor is not None:
            resisting = self.actor_panel.current_action() is not ActionKind.HELP
            self.target_panel.show_size(
                actor.sheet, target.sheet if target and resisting else None, spec
            )

    # -- memory ------------------------------------------------------------------------

    def choices(self) -> ActorChoices:
        resistance = self.target_panel.resistance.choice()
        return ActorChoices(
            action=self.actor_panel.current_action(),
            attribute=self.actor_panel.current_attribute(),
            trait_names=self.actor_panel.traits.checked_names(),
            weapon_name=self.actor_panel.weapon_name(),
            resistance_kind=resistance.kind,
            resistance_attribute=resistance.attribute,
            difficulty=resistance.difficulty,
            gear_names=self.situation.gear_names(),
            mental=self.actor_panel.mental.isChecked(),
        )

    def remember(self) -> None:
        actor_id = self.actor_panel.actor_id()
        if actor_id is not None and not self._loading:
            self._memory.remember(actor_id, self.choices())

    def _recalled(self, action: ActionKind | None = None) -> ActorChoices | None:
        actor_id = self.actor_panel.actor_id()
        remembered = self._memory.recall(actor_id) if actor_id else None
        if remembered is None or (action is not None and remembered.action is not action):
            return None
        return remembered

    # -- the cascade -------------------------------------------------------------------

    def _load_actor(self) -> None:
        actor = self.actor()
        if actor is None:
            return
        self._loading = True
        try:
            remembered = self._recalled()
            action = remembered.action if remembered is not None else ActionKind.ATTACK
            self.actor_panel.set_current_action(action)
            self.actor_panel.set_sheet(actor.sheet, action, self._encounter.options)
            self._load_action(self._recalled(action))
        finally:
            self._loading = False

    def _load_action(self, remembered: ActorChoices | None) -> None:
        actor = self.actor()
        if actor is None:
            return
        action = self.actor_panel.current_action()
        self.actor_panel.set_action_lists(action, self._encounter.options)
        if remembered is not None:
            self.actor_panel.select_weapon_named(remembered.weapon_name)
        self._load_weapon(remembered)

    def _weapon(self) -> Weapon | None:
        actor = self.actor()
        return weapon_for(actor.sheet, self.actor_panel.weapon_key()) if actor else None

    def _load_weapon(self, remembered: ActorChoices | None, *, keep_picks: bool = False) -> None:
        """Attribute, traits and mental for the weapon; ``keep_picks`` keeps the user's ticks."""
        actor = self.actor()
        if actor is None:
            return
        self.actor_panel.weapon_settled()
        action = self.actor_panel.current_action()
        weapon = self._weapon()
        if not keep_picks:
            attribute = (
                remembered.attribute
                if remembered and remembered.attribute
                else default_attribute(actor.sheet, action, weapon)
            )
            self.actor_panel.set_attribute(attribute)
            self.actor_panel.traits.set_checked_names(remembered.trait_names if remembered else ())
        mental = (
            bool(getattr(weapon, "mental", False))
            if weapon is not None
            else bool(remembered and remembered.mental)
        )
        blocked = self.actor_panel.mental.blockSignals(True)
        self.actor_panel.mental.setChecked(mental)
        self.actor_panel.mental.blockSignals(blocked)
        if not keep_picks:
            self.situation.set_gear_names(remembered.gear_names if remembered else ())
        self._load_target(remembered)

    def _load_target(self, remembered: ActorChoices | None) -> None:
        actor = self.actor()
        if actor is None:
            return
        action = self.actor_panel.current_action()
        role = action.target_role
        candidates = target_candidates(self._encounter, actor.id, role)
        # Only a target the GM chose survives a change of action or weapon: a default made
        # for an attack (the mummy) must not stay when the spell is Shield (nobody).
        keep = self._picked_target
        ids = [c.id for c in candidates]
        kept = self._target_picked and (
            keep in ids or (keep is None and role is TargetRole.OPTIONAL)
        )
        target_id = (
            keep
            if kept
            else default_target_id(
                self._encounter, actor.id, action, self._weapon(), self._selected
            )
        )
        notes = (
            {}
            if role is TargetRole.ALLY
            else {
                c.id: target_note(self._encounter, actor.id, c.id, self._weapon())
                for c in candidates
            }
        )
        self.target_panel.set_candidates(role, candidates, target_id, notes)
        self.target_panel.set_resisting(action is not ActionKind.HELP)
        blocked = self.target_panel.size_applies.blockSignals(True)
        self.target_panel.size_applies.setChecked(action.affects_target)
        self.target_panel.size_applies.blockSignals(blocked)
        self._load_resistance(remembered)

    def _load_resistance(self, remembered: ActorChoices | None, *, keep_kind: bool = False) -> None:
        """The resistance for this target: surprise decides rolled; memory or the user the kind."""
        action = self.actor_panel.current_action()
        target = self.target() if action is not ActionKind.HELP else None
        target_id = target.id if target else None
        editor = self.target_panel.resistance
        current = editor.choice()
        editor.set_target(
            target.sheet if target else None, surprised=is_surprised(self._encounter, target_id)
        )
        choice = default_resistance(self._encounter, action, self._weapon(), target_id)
        if keep_kind and (
            current.kind in (ResistanceKind.DIFFICULTY, ResistanceKind.FIXED) or target is not None
        ):
            choice = current.model_copy(update={"rolled": choice.rolled})
        elif remembered is not None and (
            remembered.resistance_kind in (ResistanceKind.DIFFICULTY, ResistanceKind.FIXED)
            or target is not None
        ):
            choice = choice.model_copy(
                update={
                    "kind": remembered.resistance_kind,
                    "attribute": remembered.resistance_attribute or choice.attribute,
                    "difficulty": remembered.difficulty or choice.difficulty,
                }
            )
        editor.set_choice(choice)
        self._resistance_kind = editor.kind()
        self._show_reason()
        self._load_situation()

    def _show_reason(self) -> None:
        """Say why the resistance is the default one, while it still is."""
        action = self.actor_panel.current_action()
        target = self.target() if action is not ActionKind.HELP else None
        target_id = target.id if target else None
        default = default_resistance(self._encounter, action, self._weapon(), target_id)
        current = self.target_panel.resistance.choice()
        same = current.kind is default.kind and (
            current.kind is not ResistanceKind.ATTRIBUTE or current.attribute is default.attribute
        )
        reason = resistance_reason(self._encounter, action, self._weapon(), target_id)
        self.target_panel.set_reason(reason if same else "")
        self.target_panel.reason.setToolTip(
            TableRules.explain("change_range_resistance")
            if action is ActionKind.CHANGE_RANGE
            else ""
        )

    def _load_situation(self) -> None:
        actor = self.actor()
        if actor is None:
            return
        action = self.actor_panel.current_action()
        target = self.target() if action is not ActionKind.HELP else None
        resistance = self.target_panel.resistance.choice()
        actor_ticked, target_ticked = ticked_by_default(
            self._encounter, actor.id, target.id if target else None, resistance
        )
        in_force = {c.id for c in conditions_in_force(self._encounter, actor.id, actor.id)}
        late = [c.id for c in actor.sheet.conditions if c.id not in in_force]
        if target is not None:
            target_in_force = {
                c.id for c in conditions_in_force(self._encounter, target.id, actor.id)
            }
            late += [c.id for c in target.sheet.conditions if c.id not in target_in_force]
        self.situation.set_context(
            actor.sheet,
            target.sheet if target else None,
            actor_ticked=actor_ticked,
            target_ticked=target_ticked,
            not_in_force=late,
        )

    def choose(
        self,
        action: ActionKind,
        weapon_key: str | None,
        attribute: Attribute | None,
        target_id: str | None,
    ) -> None:
        """Put the inputs on one action (the weapon by its key, no key: none or unarmed; the
        attribute, None: the guess; the target, None: the guess) as a fresh choice of it
        makes them: the first guesses of everything else, nothing remembered (what the
        players' phones preview; the dice they send open the dialog on it)."""
        if self.actor() is None:
            return
        panels = (self.actor_panel, self.target_panel)
        blocked = [panel.blockSignals(True) for panel in panels]
        self._loading = True
        try:
            self.actor_panel.set_current_action(action)
            self.actor_panel.set_action_lists(action, self._encounter.options)
            if action.uses_weapon:
                select_data(self.actor_panel.weapon, weapon_key or NO_WEAPON)
            self._picked_target, self._target_picked = target_id, target_id is not None
            self._load_weapon(None)
            if attribute is not None:
                self.actor_panel.set_attribute(attribute)
        finally:
            self._loading = False
            for panel, was in zip(panels, blocked, strict=True):
                panel.blockSignals(was)
        self._emit()

    # -- reactions ---------------------------------------------------------------------

    def _emit(self) -> None:
        if self._loading:
            return
        self.remember()
        self.changed.emit()

    def _on_actor(self, _actor_id: str) -> None:
        self._picked_target, self._target_picked = None, False
        self._load_actor()
        self._emit()

    def _on_action(self) -> None:
        self._loading = True
        try:
            self._load_action(self._recalled(self.actor_panel.current_action()))
        finally:
            self._loading = False
        self._emit()

    def _on_weapon(self) -> None:
        self._loading = True
        try:
            self._load_weapon(None, keep_picks=True)
        finally:
            self._loading = False
        self._emit()

    def _on_target(self) -> None:
        self._picked_target, self._target_picked = self.target_panel.target_id(), True
        self._loading = True
        try:
            self._load_resistance(None, keep_kind=True)
        finally:
            self._loading = False
        self._emit()

    def _on_resistance(self) -> None:
        editor = self.target_panel.resistance
        self._show_reason()
        kind = editor.kind()
        if kind is not self._resistance_kind:
            self._resistance_kind = kind
            self._loading = True
            try:
                target = self.target()
                if (
                    kind in (ResistanceKind.AC, ResistanceKind.ATTRIBUTE)
                    and target is not None
                    and is_surprised(self._encounter, target.id)
                ):
                    # A surprised target must roll whatever it resists with.
                    blocked = editor.rolled.blockSignals(True)
                    editor.rolled.setChecked(True)
                    editor.rolled.blockSignals(blocked)
                self._load_situation()
            finally:
                self._loading = False
        self._emit()
