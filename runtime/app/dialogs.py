"""Modal dialogs built from one kv rule: a title, a message, a row of buttons."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.checkbox import CheckBox
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from runtime.app.i18n import _

Action = Callable[[], None] | None


class Dialog(ModalView):
    """Laid out by the ``<Dialog>`` rule in common.kv."""

    title = StringProperty("")
    message = StringProperty("")


def tell(title: str, message: str, buttons: Sequence[tuple[str, Action]]) -> Dialog:
    dialog = Dialog(title=title, message=message)
    for text, action in buttons:
        add_button(dialog, text, action)
    dialog.open()
    return dialog


def ask(title: str, message: str, on_yes: Callable[[], None]) -> None:
    tell(title, message, [(_("Yes"), on_yes), (_("No"), None)])


def choose_options(
    options: Sequence[object],
    current: Mapping[str, bool],
    apply: Callable[[dict[str, bool]], None],
    labels: Mapping[str, str] | None = None,
    describe: Callable[[dict[str, bool]], str] | None = None,
) -> None:
    """The game's options as check boxes; ``labels`` translates their English labels (the
    terms of the help's Options section, `helpdoc.option_labels`). Under the boxes, what
    ``describe`` says of the options ticked, kept current as they change (the share of
    deals that can be won with them, say)."""
    labels = labels or {}
    dialog = Dialog(title=_("Options"), message="")
    boxes: dict[str, CheckBox] = {}
    for option in options:
        row = BoxLayout(size_hint_y=None, height=dp(48))
        group = getattr(option, "group", None)
        # Options of one group are exclusive (Klondike's deal options): radio buttons.
        box = CheckBox(
            active=current[option.id],  # type: ignore[attr-defined]
            size_hint_x=None,
            width=dp(48),
            group=f"option-group-{group}" if group else None,
            allow_no_selection=not group,
        )
        text = labels.get(option.label) or option.label  # type: ignore[attr-defined]
        label = OptionLabel(text=text, halign="left", valign="middle")
        label.bind(size=lambda widget, size: setattr(widget, "text_size", size))
        # Clicking the label ticks the box too (a radio button is only ever ticked on).
        label.bind(on_release=lambda _l, b=box: setattr(b, "active", bool(b.group) or not b.active))
        row.add_widget(box)
        row.add_widget(label)
        dialog.ids.extra.add_widget(row)
        boxes[option.id] = box  # type: ignore[attr-defined]

    def ticked() -> dict[str, bool]:
        return {k: b.active for k, b in boxes.items()}

    if describe is not None:
        said = Factory.WrapLabel(text=describe(ticked()), halign="center")
        for box in boxes.values():
            # (a radio group's change unticks one box and ticks another: said twice, the
            # second time right)
            box.bind(active=lambda *_args: setattr(said, "text", describe(ticked())))
        dialog.ids.extra.add_widget(said)
    add_button(dialog, _("Apply"), lambda: apply(ticked()))
    add_button(dialog, _("Cancel"), None)
    dialog.open()


def deal_code_dialog(title: str, code: str, play: Callable[[str], str | None]) -> Dialog:
    """The deal on the table, its code to copy, and a box to type or paste another code in.
    ``play(text)`` starts that deal and returns None, or returns why it cannot (shown in
    the dialog, which stays open)."""
    from kivy.core.clipboard import Clipboard
    from kivy.uix.textinput import TextInput

    dialog = Dialog(title=_("Deal code"), message=f"{title}\n{code}")
    tools = BoxLayout(size_hint_y=None, height=dp(48), spacing=dp(8))
    entry = TextInput(
        hint_text=_("Type or paste a deal code"),
        multiline=False,
        size_hint_y=None,
        height=dp(48),
        font_size=dp(16),
        padding=(dp(10), dp(12)),
        write_tab=False,
    )
    error = Label(text="", color=(1, 0.55, 0.5, 1), size_hint_y=None, height=0, halign="center")
    error.bind(
        width=lambda w, width: setattr(w, "text_size", (width, None)),
        texture_size=lambda w, size: setattr(w, "height", size[1] + dp(4) if w.text else 0),
    )

    def copy(_button: Button) -> None:
        Clipboard.copy(code)
        copied.text = _("Copied")

    def paste(_button: Button) -> None:
        entry.text = (Clipboard.paste() or "").strip()

    def submit(*_args: object) -> None:
        problem = play(entry.text)
        if problem is None:
            dialog.dismiss()
        else:
            error.text = problem

    copied = DialogButton(text=_("Copy code"))
    copied.bind(on_release=copy)
    pasted = DialogButton(text=_("Paste"))
    pasted.bind(on_release=paste)
    entry.bind(on_text_validate=submit)
    tools.add_widget(copied)
    tools.add_widget(pasted)
    for widget in (tools, entry, error):
        dialog.ids.extra.add_widget(widget)
    playing = DialogButton(text=_("Play this deal"))
    playing.bind(on_release=submit)
    dialog.ids.buttons.add_widget(playing)
    add_button(dialog, _("Close"), None)
    dialog.open()
    return dialog


class DialogButton(Button):
    pass


class OptionLabel(ButtonBehavior, Label):  # type: ignore[misc]
    pass


def add_button(dialog: object, text: str, action: Action) -> None:
    def pressed(_button: Button) -> None:
        dialog.dismiss()  # type: ignore[attr-defined]
        if action is not None:
            action()

    button = DialogButton(text=text)
    button.bind(on_release=pressed)
    dialog.ids.buttons.add_widget(button)  # type: ignore[attr-defined]
