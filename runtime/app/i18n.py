"""UI translations: gettext catalogues in ``runtime/locale/<lang>/LC_MESSAGES/helpdeck.mo``.

Every UI string goes through `_`. In .kv files write ``_('Back', app.lang)``: the second
argument is ignored, but naming ``app.lang`` makes Kivy re-evaluate the expression when the
language changes, so every visible string updates live (the showcase's pattern).
Extract with ``pybabel extract -F runtime/locale/babel.cfg`` (see runtime/locale/README.md).
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "helpdeck"
SOURCE = "en"


def N_(text: str) -> str:
    """Mark ``text`` for extraction; translate it later, where it is shown."""
    return text


# Each language named in itself, as a player looks for it. The names are in the catalogues
# (unchanged) only so the Japanese font subset keeps their characters.
LANGUAGES: dict[str, str] = {
    # Translators: a language's name in itself: copy it unchanged.
    "en": N_("English"),
    # Translators: a language's name in itself: copy it unchanged.
    "de": N_("Deutsch"),
    # Translators: a language's name in itself: copy it unchanged.
    "es": N_("Español"),
    # Translators: a language's name in itself: copy it unchanged.
    "fr": N_("Français"),
    # Translators: a language's name in itself: copy it unchanged.
    "ja": N_("日本語"),
    # Translators: a language's name in itself: copy it unchanged.
    "ru": N_("Русский"),
    # Translators: a language's name in itself: copy it unchanged.
    "sv": N_("Svenska"),
}
SYSTEM = "system"  # the setting that follows the device's language

_catalog: gettext.NullTranslations = gettext.NullTranslations()
_current = SOURCE


def _(text: str, *_bound: object) -> str:
    """``text`` in the current language; extra arguments only make .kv rules re-evaluate."""
    return _catalog.gettext(text)


def current() -> str:
    return _current


def use(lang: str) -> str:
    """Switch `_` to ``lang`` (a code from `LANGUAGES`); returns the language now in use."""
    global _catalog, _current
    code = lang if lang in LANGUAGES else SOURCE
    if code == SOURCE:
        _catalog = gettext.NullTranslations()
    else:
        _catalog = gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True)
    _current = code
    return code


def resolve(setting: str) -> str:
    """The language a setting means: itself, or the system's for `SYSTEM` (or anything
    unknown)."""
    return setting if setting in LANGUAGES else system_language()


def system_language() -> str:
    """The device's language if we have it, else English."""
    for tag in _system_tags():
        code = tag.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
        if code and code not in ("c", "posix"):
            return SOURCE
    return SOURCE


def _system_tags() -> list[str]:
    from kivy.utils import platform

    if platform == "android":
        try:
            from jnius import autoclass  # type: ignore[import-not-found]

            return [str(autoclass("java.util.Locale").getDefault().getLanguage())]
        except Exception:  # pyjnius missing or the JVM not reachable: use the environment
            pass
    if platform in ("macosx", "ios"):
        tags = _apple_languages()
        if tags:
            return tags
    tags = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        tags += [part for part in value.split(":") if part]
    if not tags and platform == "win":
        import locale

        tags = [locale.getlocale()[0] or ""]
    return tags


def _apple_languages() -> list[str]:
    try:
        import subprocess

        out = subprocess.run(
            ["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True, timeout=2
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [part.strip(' ",()\n') for part in out.split(",") if part.strip(' ",()\n')]


def help_language(lang: str) -> str:
    """The help directory for a UI language (English help is the source, ``C``)."""
    return "C" if lang == SOURCE else lang


# -- fonts --------------------------------------------------------------------------------

CJK_FONT = "HelpdeckCJK"  # runtime/fonts/HelpdeckCJK.ttf, registered by the App
DEFAULT_FONT = "Roboto"  # Kivy's own: Latin, Greek, Cyrillic, no Japanese
FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"


def font_for(text: str, lang: str) -> str:
    """The font a label needs: the CJK face for Japanese text, and for every label of the
    Japanese UI that it covers (ASCII); Roboto for the rest (e.g. "Français" in a Japanese
    menu, which the CJK subset cannot draw)."""
    wide = any(ord(ch) >= 0x2E80 for ch in text)
    if wide or (lang == "ja" and text.isascii()):
        return CJK_FONT
    return DEFAULT_FONT
