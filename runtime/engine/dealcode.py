"""Short deal codes a player can share: ``saratoga-1234`` or, with options, ``saratoga-1234-01``.

The optional last part gives each option's value (1 on, 0 off) in the order the game declares
its options.
"""

from __future__ import annotations

from dataclasses import dataclass

from runtime.engine.rules import GameDefinition
from runtime.engine.shuffle import MAX_SEED


class DealCodeError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class DealCode:
    game_id: str
    seed: int
    options: dict[str, bool] | None  # None: the game's defaults


def format_deal_code(game: GameDefinition, seed: int, option_values: tuple[bool, ...]) -> str:
    code = f"{game.id}-{seed}"
    if game.options:
        code += "-" + "".join("1" if v else "0" for v in option_values)
    return code


def parse_deal_code(code: str, game: GameDefinition | None = None) -> DealCode:
    """Read a deal code; with ``game`` given, also check its options part against it."""
    parts = code.strip().split("-")
    seed_text = parts[1] if len(parts) in (2, 3) else ""
    # ASCII digits only ('²' passes str.isdigit), and no more than a 64-bit seed needs.
    if not (seed_text.isascii() and seed_text.isdigit() and len(seed_text) <= 20):
        shown = repr(code) if len(code) <= 40 else repr(code[:37] + "...")
        raise DealCodeError(f"not a deal code: {shown} (expected e.g. 'saratoga-1234-01')")
    seed = int(parts[1])
    if seed > MAX_SEED:
        raise DealCodeError(f"deal code {code!r}: seed too large")
    options: dict[str, bool] | None = None
    if len(parts) == 3:
        bits = parts[2]
        if game is None:
            raise DealCodeError(f"deal code {code!r}: options need the game to be known")
        if len(bits) != len(game.options) or set(bits) - {"0", "1"}:
            raise DealCodeError(
                f"deal code {code!r}: options part must be {len(game.options)} digits of 0/1"
            )
        options = {o.id: b == "1" for o, b in zip(game.options, bits, strict=True)}
    return DealCode(parts[0], seed, options)
