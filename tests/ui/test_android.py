"""Android store readiness and the safe area's layout logic (no Kivy, no device)."""

from __future__ import annotations

import configparser
import struct
from pathlib import Path

import pytest

from runtime.app import safearea
from runtime.app.safearea import Insets
from runtime.app.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "runtime" / "app" / "data"


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_buildozer_spec_is_store_ready() -> None:
    spec = configparser.ConfigParser(interpolation=None)
    spec.read(ROOT / "buildozer.spec")
    app = spec["app"]
    assert app["android.api"] == "35"
    assert 21 <= int(app["android.minapi"]) <= 26
    assert app["android.accept_sdk_license"] == "True"
    assert app["p4a.branch"].startswith("v20")  # a release tag, not master or develop
    assert app["android.ndk"]
    assert "png" in app["source.include_exts"].split(",")
    for key, name in (("icon.filename", "icon.png"), ("presplash.filename", "presplash.png")):
        assert app[key].endswith(f"runtime/app/data/{name}")
    assert _png_size(DATA / "icon.png") == (512, 512)
    assert _png_size(DATA / "presplash.png")[0] >= 512


def test_insets_on_android_and_desktop() -> None:
    reported = Insets(72, 144, 0, 0)
    # The desktop: none, unless asked for.
    assert safearea.resolve("linux", 3.0) == safearea.NONE
    assert safearea.resolve("linux", 3.0, env="24,48") == Insets(72, 144, 0, 0)
    # Android: what the system reports; a setting overrides it; the fallback when unread.
    assert safearea.resolve("android", 3.0, system=lambda: reported) == reported
    assert safearea.resolve("android", 2.0, setting=(10, 20, 0, 5)) == Insets(20, 40, 0, 10)
    assert safearea.resolve("android", 2.0, system=lambda: None) == Insets(48, 96, 0, 0)
    # A bad override is ignored.
    assert safearea.resolve("android", 1.0, env="lots", system=lambda: reported) == reported


@pytest.mark.parametrize("text", ["", "1", "1,2,3", "a,b", "-1,0", "999,0"])
def test_bad_padding_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        safearea.parse_dp(text)


def test_safe_rect_keeps_toolbar_out_of_the_bars() -> None:
    # A 1080 x 2340 phone with a 24 dp status bar and a 48 dp navigation bar at 3 px/dp.
    x, y, w, h = safearea.safe_rect(1080, 2340, Insets(72, 144, 0, 0))
    assert (x, y, w, h) == (0, 144, 1080, 2340 - 72 - 144)
    assert y + h == 2340 - 72  # the toolbar's top edge is the status bar's bottom edge
    # Landscape with the cutout on the left and the navigation bar on the right.
    assert safearea.safe_rect(2340, 1080, Insets(0, 0, 90, 144)) == (90, 0, 2340 - 234, 1080)
    # Absurd insets never take more than a quarter of a side.
    x, y, w, h = safearea.safe_rect(400, 400, Insets(1000, 1000, 0, 0))
    assert (y, h) == (100, 200)


def test_safe_area_setting_round_trips_and_old_files_load() -> None:
    settings = Settings(safe_area=(24.0, 48.0, 0.0, 0.0), card_design="four")
    again = Settings.from_json(settings.to_json())
    assert again.safe_area == (24.0, 48.0, 0.0, 0.0) and again.card_design == "four"
    old = Settings.from_json({"format": "helpdeck-settings/1", "animations": False})
    assert old.safe_area is None and old.card_design == "classic"
    assert Settings.from_json({"card_design": "from-a-newer-version"}).card_design == "classic"
    with pytest.raises(ValueError):
        Settings.from_json({"safe_area": [1, 2, 3]})


def test_card_back_setting_round_trips_and_old_files_load() -> None:
    assert Settings.from_json(Settings(card_back="red").to_json()).card_back == "red"
    assert Settings.from_json({"format": "helpdeck-settings/1"}).card_back == "blue"
    assert Settings.from_json({"card_back": "from-a-newer-version"}).card_back == "blue"
    with pytest.raises(ValueError):
        Settings.from_json({"card_back": 3})
