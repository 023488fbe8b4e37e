"""One game as `helpdeck diff` sees it: its rules, its ``aisleriot:`` data, its slot map.

The rules come from the catalog, or, for a game only in another specs directory, straight
from its spec (generated in memory, nothing written). The piles are matched to Aisleriot's
slots by `slots.match_slots`; the sidecar's data says what cannot be derived.
"""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass
from pathlib import Path

from generator.aisleriot.config import AisleriotConfig, option_value
from runtime.engine import State
from runtime.engine.rules import GameDefinition

# (module, name, value): a Scheme variable to set so Aisleriot's game state matches.
Variable = tuple[str, str, int | bool]


class TargetError(Exception):
    """The game cannot be compared: no such game, a broken spec, a bad slot map."""


@dataclass(frozen=True, slots=True)
class Target:
    game: GameDefinition
    config: AisleriotConfig
    # Helpdeck pile index -> Aisleriot slot id (None: a pile Aisleriot lacks, always empty);
    # for a stack, its first slot
    slots: tuple[int | None, ...] = ()
    # Helpdeck pile index -> the one-card slots holding it, bottom first (() for a plain pile)
    stacks: tuple[tuple[int, ...], ...] = ()

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def scheme(self) -> str:
        return self.config.scheme_file(self.game.id)

    def slot_of(self, pile: int) -> int | None:
        return self.slots[pile]

    def pile_of(self, slot: int) -> int | None:
        if slot in self.slots:
            return self.slots.index(slot)
        return next((p for p, stack in enumerate(self.stacks) if slot in stack), None)

    def top_slot(self, pile: int, height: int, adding: bool = False) -> int | None:
        """The slot a drag starts from (the pile's top card) or, when ``adding``, lands on;
        a stack's top card is in its ``height``-th slot."""
        stack = self.stacks[pile] if self.stacks else ()
        if not stack:
            return self.slots[pile]
        index = height if adding else height - 1
        return stack[min(max(index, 0), len(stack) - 1)]

    def position(self, piles: tuple[tuple[int, ...], ...]) -> dict[int, tuple[int, ...]]:
        """Slot id -> cards, bottom first; a stack's cards one per slot."""
        position: dict[int, tuple[int, ...]] = {}
        for pile, slot in enumerate(self.slots):
            stack = self.stacks[pile] if self.stacks else ()
            if stack:
                cards = piles[pile]
                position.update(
                    (s, cards[i : i + 1] if i < len(cards) else ()) for i, s in enumerate(stack)
                )
            elif slot is not None:
                position[slot] = piles[pile]
        return position

    def variables(self, state: State) -> list[Variable]:
        """The sidecar's variables, each from its named quantity of ``state``."""
        return [(v.module, v.name, quantity(state, v.value)) for v in self.config.variables]

    def option_sets(self) -> list[dict[str, bool]]:
        """Every valid combination of the game's options, the defaults first (one empty set
        for a game without options)."""
        ids = [option.id for option in self.game.options]
        defaults = self.game.option_values(None)
        combinations = sorted(
            self.game.option_combinations(),
            key=lambda values: sum(a != b for a, b in zip(values, defaults, strict=True)),
        )
        return [dict(zip(ids, values, strict=True)) for values in combinations]


def quantity(state: State, name: str) -> int | bool:
    """A named quantity of a position (docs/spec/aisleriot.md lists them)."""
    option = option_value(name)
    if option is not None:
        option_id, on = option
        return state.options[option_id] is on
    if name == "free_reserves":
        return sum(1 for r in state.layout.reserves if not state.piles[r])
    if name == "redeals_used":
        redeals = state.rules.redeals
        return redeals - state.redeals_left if redeals >= 0 else 0
    if name == "base_rank":
        return state.base
    if name == "base_chosen":
        return state.base != 0
    if name == "base_choices_left":  # cards still to turn while the base is open
        return 0 if state.base else state.redeals_left
    if name == "stock_locked":  # with stock.locks_on_space: a deal left a space (Terrace)
        return state.rules.stock_locks_on_space and state.redeals_left > 0
    if name == "score":
        return state.score
    raise ValueError(f"unknown quantity {name!r}")


def load_target(game_id: str, specs_dir: Path | None = None) -> Target:
    """The game's rules and ``aisleriot:`` data (slots still to match).

    Without ``specs_dir`` the rules are the catalog's and the data comes from the project's
    ``specs/``; with it, both come from that directory's spec.
    """
    from generator.diagnostics import SpecError
    from generator.pipeline import GameSources, load_spec, project_root
    from generator.spec.sidecar import load_sidecar

    directory = specs_dir or project_root() / "specs"
    sidecar = directory / f"{game_id}.yaml"
    config = AisleriotConfig()
    if sidecar.exists():
        try:
            config = load_sidecar(sidecar).aisleriot or config
        except SpecError as error:
            raise TargetError("\n".join(d.format() for d in error.diagnostics)) from None
    if specs_dir is None:
        from runtime.engine import UnknownGameError, load_game

        try:
            game = load_game(game_id)
        except UnknownGameError as error:
            raise TargetError(str(error).strip("'\"")) from None
    else:
        if not sidecar.exists():
            raise TargetError(f"no sidecar {sidecar}")
        help_file = sidecar.with_suffix(".xml")
        sources = GameSources(game_id, help_file if help_file.exists() else None, sidecar)
        loaded, diagnostics = load_spec(sources)
        if loaded is None:
            raise TargetError("\n".join(d.format() for d in diagnostics))
        game = _definition(loaded.spec, loaded.digests)
    unknown = sorted(set(config.options) - {option.id for option in game.options})
    if unknown:
        raise TargetError(f"{sidecar}: aisleriot.options names no option of {game_id}: {unknown}")
    return Target(game, config)


def _definition(spec: object, digests: tuple[tuple[str, str], ...]) -> GameDefinition:
    """Render the spec's rules module in memory and take its ``GAME``."""
    from generator.codegen.render import render_rules
    from generator.codegen.view import module_view
    from generator.spec.model import VariantSpec

    assert isinstance(spec, VariantSpec)
    name = f"helpdeck_diff_rules_{spec.id}"
    module = types.ModuleType(name)
    sys.modules[name] = module
    exec(compile(render_rules(module_view(spec, digests)), name, "exec"), module.__dict__)
    game = module.GAME
    assert isinstance(game, GameDefinition)
    return game
