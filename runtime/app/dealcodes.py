"""Deal codes a player types or pastes: read leniently, refused with a message that says what
is wrong and shows a good code (no Kivy)."""

from __future__ import annotations

from runtime.app.i18n import _
from runtime.engine import State
from runtime.engine.catalog import game_ids, load_game
from runtime.engine.dealcode import DealCodeError, parse_deal_code


def read_deal_code(text: str, example: str) -> State | str:
    """The deal ``text`` names, or a message saying why it names none. ``example`` is a code
    to show as a model (the deal on the table). Case, spaces around and inside, and a
    "#" in front (as in "#saratoga-42-01") are forgiven."""
    code = "".join(text.split()).lower().lstrip("#")
    if not code:
        return _("Type or paste a deal code, such as {example}.").format(example=example)
    game_id = code.split("-", 1)[0]
    if game_id not in game_ids():
        return _(
            "There is no game called “{name}”. A deal code starts with the game, such as {example}."
        ).format(name=game_id, example=example)
    game = load_game(game_id)
    try:
        parsed = parse_deal_code(code, game)
    except DealCodeError:
        if game.options and code.count("-") == 2:
            return _(
                "After the number, {game} takes {n} digits of 0 or 1 (its options), "
                "such as {example}."
            ).format(game=game.title, n=len(game.options), example=example)
        return _("“{code}” is not a deal code. It looks like {example}.").format(
            code=code, example=example
        )
    try:
        return State.new(game, parsed.options, parsed.seed)
    except ValueError:  # e.g. two options of one exclusive group both on
        return _("These options cannot go together: {code}.").format(code=code)
