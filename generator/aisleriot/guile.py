"""A long-running Guile process that plays Aisleriot's compiled games for Python.

``scheme/driver.scm`` and ``scheme/aisleriot/interface.scm`` are package data.

Commands are Scheme data, one per line; each answer is one line, ``ok <json>`` or
``err <text>`` (see scheme/driver.scm).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

SCHEME_DIR = Path(__file__).with_name("scheme")
DRIVER = SCHEME_DIR / "driver.scm"
GUILE_SUBDIR = Path("usr/lib/x86_64-linux-gnu/aisleriot/guile/3.0")
# Where .ci/aisleriot.sh extracts the Debian package, then where the package installs.
DEFAULT_ROOTS = (Path("/opt/aisleriot"), Path("/"))


class AisleriotError(RuntimeError):
    """The driver answered ``err`` or died."""


def find_go_dir() -> Path | None:
    """The directory holding api's ``aisleriot/api.go`` and the games' ``.go`` files.

    ``AISLERIOT_GO_DIR`` may name that directory itself or the root the package was
    extracted into.
    """
    configured = os.environ.get("AISLERIOT_GO_DIR")
    roots = (Path(configured),) if configured else DEFAULT_ROOTS
    for root in roots:
        for candidate in (root, root / GUILE_SUBDIR):
            if (candidate / "aisleriot" / "api.go").is_file():
                return candidate
    return None


def find_guile() -> str | None:
    return shutil.which("guile3.0") or shutil.which("guile")


INSTALL = "sudo bash .ci/aisleriot.sh"


def unavailable_reason() -> str | None:
    """Why Aisleriot cannot be run here, or None when it can."""
    if find_guile() is None:
        return (
            f"guile (guile-3.0) is not installed; install it and Aisleriot's rules with: {INSTALL}"
        )
    if find_go_dir() is None:
        return (
            "Aisleriot's compiled rules (aisleriot/api.go and the games' .go files) are not in "
            f"{', '.join(str(r) for r in DEFAULT_ROOTS)} or $AISLERIOT_GO_DIR; extract them "
            f"into /opt/aisleriot with: {INSTALL}"
        )
    return None


def scheme_datum(value: Any) -> str:
    """Python ints, bools, strings, symbols (`Symbol`) and sequences as Scheme text."""
    if isinstance(value, bool):
        return "#t" if value else "#f"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Symbol):
        return value.name
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string of plain text reads as a Scheme string
    return "(" + " ".join(scheme_datum(v) for v in value) + ")"


class Symbol:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class Aisleriot:
    """One driver process; `load` a game, then `set_slots`, `probe` and `act` on it."""

    def __init__(self) -> None:
        guile, go_dir = find_guile(), find_go_dir()
        if guile is None or go_dir is None:
            raise AisleriotError(unavailable_reason())
        env = dict(os.environ)
        env.update(
            GUILE_LOAD_PATH=str(SCHEME_DIR),
            GUILE_LOAD_COMPILED_PATH=str(go_dir),
            GUILE_AUTO_COMPILE="0",
            GUILE_WARN_DEPRECATED="no",
        )
        self._process = subprocess.Popen(
            [guile, "--no-auto-compile", str(DRIVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            text=True,
            bufsize=1,
        )

    def __enter__(self) -> Aisleriot:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        if self._process.poll() is None:
            assert self._process.stdin is not None
            self._process.stdin.close()
            self._process.wait(timeout=10)

    def command(self, *parts: Any) -> Any:
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(scheme_datum([Symbol(parts[0]), *parts[1:]]) + "\n")
        answer = process.stdout.readline()
        if not answer:
            raise AisleriotError(f"guile exited with {process.wait()} on {parts[0]}")
        status, _, payload = answer.partition(" ")
        if status != "ok":
            raise AisleriotError(f"{parts[0]}: {payload.strip()}")
        return json.loads(payload)

    def load(self, game: str, seed: int = 0) -> list[tuple[int, tuple[int, ...]]]:
        """Load the game's .go by bare name, start a deal; its slots as (id, cards)."""
        return [(slot_id, tuple(cards)) for slot_id, _, cards in self.command("load", game, seed)]

    def new_game(self) -> list[tuple[int, tuple[int, ...]]]:
        """The game's new-game again (after option variables were set); its slots."""
        return [(slot_id, tuple(cards)) for slot_id, _, cards in self.command("new-game")]

    def options(self) -> list[Any]:
        """The game's options menu: ``[label, value]`` entries and group marks."""
        return list(self.command("options"))

    def set_options(self, chosen: Mapping[str, bool]) -> None:
        """Choose options by label (apply-options, as the menu does), then deal again."""
        self.command("set-options", *([label, on] for label, on in chosen.items()))

    def set_slots(self, slots: Mapping[int, Iterable[int]]) -> None:
        self.command("set-slots", *([slot_id, *cards] for slot_id, cards in slots.items()))

    def set_var(self, where: str, name: str, value: int | bool) -> None:
        self.command("set-var", Symbol(where), Symbol(name), value)

    def probe(self) -> dict[str, Any]:
        return dict(self.command("probe"))

    def status(self) -> dict[str, Any]:
        return dict(self.command("status"))

    def act(self, kind: str, *args: int) -> tuple[bool, dict[int, tuple[int, ...]]]:
        accepted, changes = self.command("act", Symbol(kind), *args)
        return accepted, {slot: tuple(cards) for slot, cards in changes}
