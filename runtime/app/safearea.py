"""Safe areas: keep the app out of the system bars and the display cutout (no Kivy).

From Android 15 (API 35) an app that targets API 35 is drawn edge to edge: under the status
bar, the navigation bar and any camera cutout. Kivy 2.3.1 does not expose the window insets,
so on Android they are read through pyjnius (`WindowInsets.getInsets(systemBars |
displayCutout)`, in pixels). Where that fails, a configurable padding is used: the
``safe_area`` setting in settings.json (``[top, bottom, left, right]`` in dp), else
`FALLBACK_DP`. ``$HELPDECK_SAFE_AREA`` ("top,bottom,left,right" in dp) overrides both on any
platform, so a desktop window can show the phone layout with its bars.

The App then gives its root widget `safe_rect` of the window: every screen and the toolbar
sit inside it, and the felt (the window's clear colour) fills the bars' area behind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

EDGE_TO_EDGE_API = 35  # Android draws edge to edge from this SDK level on
FALLBACK_DP = (24.0, 48.0, 0.0, 0.0)  # a status bar and a three-button navigation bar
MAX_DP = 200.0  # a padding beyond this is a typo: refused


class Insets(NamedTuple):
    """Pixels kept clear at each edge of the window."""

    top: float = 0.0
    bottom: float = 0.0
    left: float = 0.0
    right: float = 0.0

    def scaled(self, density: float) -> Insets:
        return Insets(*(side * density for side in self))


NONE = Insets()


def parse_dp(text: str) -> Insets:
    """ "top,bottom[,left,right]" in dp; raises ValueError with what is wrong."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) not in (2, 4):
        raise ValueError(f"expected top,bottom or top,bottom,left,right in dp, got {text!r}")
    try:
        sides = [float(part) for part in parts]
    except ValueError:
        raise ValueError(f"not a number in {text!r}") from None
    if not all(0 <= side <= MAX_DP for side in sides):
        raise ValueError(f"each side must be 0 to {MAX_DP:g} dp, got {text!r}")
    return Insets(*sides)


def resolve(
    platform: str,
    density: float,
    env: str | None = None,
    setting: tuple[float, ...] | None = None,
    system: Callable[[], Insets | None] | None = None,
) -> Insets:
    """The insets in pixels: ``$HELPDECK_SAFE_AREA`` (``env``), else on Android what the
    system reports (``system()``, pixels), else the ``safe_area`` setting, else the
    fallback; on a desktop none."""
    if env:
        try:
            return parse_dp(env).scaled(density)
        except ValueError:
            pass  # a bad override is ignored, as a bad Kivy env variable is
    if platform != "android":
        return NONE
    if setting is not None:
        return Insets(*setting).scaled(density)
    reported = system() if system is not None else None
    if reported is not None:
        return reported
    return Insets(*FALLBACK_DP).scaled(density)


def safe_rect(width: float, height: float, insets: Insets) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the window area inside ``insets`` (Kivy's origin: bottom left). A
    window too small for its insets keeps at least half of each side."""
    top = min(insets.top, height / 4)
    bottom = min(insets.bottom, height / 4)
    left = min(insets.left, width / 4)
    right = min(insets.right, width / 4)
    return (left, bottom, width - left - right, height - top - bottom)


def android_insets() -> Insets | None:  # pragma: no cover - Android only
    """The system bars' and cutout's insets in pixels, when the app is drawn edge to edge
    (API 35+); zero before (the system lays the window out between the bars); None when
    they cannot be read (the view not attached yet, an old pyjnius)."""
    try:
        from jnius import autoclass  # type: ignore[import-not-found]

        version = autoclass("android.os.Build$VERSION")
        if version.SDK_INT < EDGE_TO_EDGE_API:
            return NONE
        activity = autoclass("org.kivy.android.PythonActivity").mActivity
        root = activity.getWindow().getDecorView().getRootWindowInsets()
        if root is None:
            return None
        kinds = autoclass("android.view.WindowInsets$Type")
        found = root.getInsets(kinds.systemBars() | kinds.displayCutout())
        return Insets(float(found.top), float(found.bottom), float(found.left), float(found.right))
    except Exception:
        return None
