"""What the app says about the share of a game's deals that can be won: the game chooser
under each game's name, the Options dialog under the options ticked (both in the UI
language, from the published surveys, `runtime.solver.winnability`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from runtime.app.i18n import _
from runtime.solver import winnability


def band_text(band: winnability.Band) -> str:
    """The share of deals that can be won, in the UI language."""
    low = _("{pct}%").format(pct=band.low)
    if band.low == band.high:
        return _("about {share} of deals can be won").format(share=low)
    if band.high >= 100:
        return _("at least {share} of deals can be won").format(share=low)
    high = _("{pct}%").format(pct=band.high)
    return _("between {low} and {high} of deals can be won").format(low=low, high=high)


def options_text(
    game_id: str, options: Mapping[str, bool], figures: Iterable[winnability.Figure]
) -> str:
    """Under the Options dialog's boxes: what the survey of the ticked options says, or that
    there is none yet ("" where one says too little to tell: under 1 % won). A line of its
    own, so it starts with a capital."""
    figures = list(figures)
    if not winnability.surveyed(game_id, options, figures):
        return _("How many deals can be won with these options is not known yet.")
    band = winnability.winnable_band(game_id, options, figures)
    if band is None:
        return ""
    text = band_text(band)
    return text[:1].upper() + text[1:]
