"""The sidecar's ``aisleriot:`` block: what `helpdeck diff` cannot derive, as data.

It never reaches the generated rules: `generator.spec.sidecar` sets it aside before the
sidecar's values become facts. See docs/spec/aisleriot.md.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr, StringConstraints

# The named quantities of a position a Scheme variable may be set from.
QUANTITIES = (
    "free_reserves",
    "redeals_used",
    "base_rank",
    "base_chosen",
    "base_choices_left",
    "stock_locked",
    "score",
)
_VALUE = (
    r"^(free_reserves|redeals_used|base_rank|base_chosen|base_choices_left|stock_locked|score"
    r"|(not )?option:[a-z][a-z0-9_]*)$"
)
_SCHEME_NAME = r"^[A-Za-z*][A-Za-z0-9*+!?<>=/_-]*$"
_FILE = r"^[a-z][a-z0-9_-]*$"
_PILE = r"^(s|w|f[1-9][0-9]?|t[1-9][0-9]?|r[1-9][0-9]?)$"

SchemeName = Annotated[str, StringConstraints(pattern=_SCHEME_NAME, max_length=60)]


class AisleriotVariable(BaseModel):
    """A Scheme variable set from the position before each comparison: Aisleriot's game
    keeps it instead of looking at the cards (a pass counter, a count of free cells)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    module: Literal["api", "game"]
    name: SchemeName
    value: Annotated[str, StringConstraints(pattern=_VALUE)] = Field(
        description=(
            "free_reserves, redeals_used, base_rank, base_chosen, base_choices_left, stock_locked, "
            "score, "
            "option:ID or not option:ID"
        )
    )


class AisleriotConfig(BaseModel):
    """``aisleriot:`` in a sidecar."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    # Aisleriot's file name (``bakers-dozen`` for ``bakers-dozen.go``); default: the game id
    # with ``_`` written as ``-``.
    scheme: Annotated[str, StringConstraints(pattern=_FILE, max_length=60)] | None = None
    # Helpdeck option id -> the label of that option in Aisleriot's options menu.
    options: dict[StrictStr, StrictStr] = Field(default_factory=dict)
    variables: tuple[AisleriotVariable, ...] = ()
    # Helpdeck pile name -> Aisleriot slot id, only where matching by the deal cannot tell.
    slots: dict[Annotated[str, StringConstraints(pattern=_PILE)], int] = Field(default_factory=dict)
    # Helpdeck pile name -> the column of one-card slots Aisleriot keeps that pile in, bottom
    # card first (Backbone's reserve stacks: each slot covered by the next).
    stacks: dict[
        Annotated[str, StringConstraints(pattern=_PILE)],
        Annotated[tuple[int, ...], Field(min_length=2, max_length=52)],
    ] = Field(default_factory=dict)

    def scheme_file(self, game_id: str) -> str:
        return self.scheme or game_id.replace("_", "-")


def option_value(value: str) -> tuple[str, bool] | None:
    """``option:ID`` -> (ID, True), ``not option:ID`` -> (ID, False), a quantity -> None."""
    match = re.fullmatch(r"(not )?option:([a-z][a-z0-9_]*)", value)
    return None if match is None else (match.group(2), match.group(1) is None)


def without_aisleriot(text: bytes) -> bytes:
    """A sidecar's bytes without its top-level ``aisleriot:`` block (the key's line and the
    indented or blank lines under it): what the generated rules' source digest covers, so
    adding or editing the block leaves ``generated/`` unchanged."""
    kept: list[bytes] = []
    inside = False
    for line in text.splitlines(keepends=True):
        if line.startswith(b"aisleriot:"):
            inside = True
            continue
        if inside and (line[:1] in (b" ", b"\t") or not line.strip()):
            continue
        inside = False
        kept.append(line)
    return b"".join(kept)
