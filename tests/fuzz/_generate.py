"""What the spec kinds ("help", "sidecar", "po") share: a case is a specs directory (some
shipped files, one of them mutated), generated into a fresh root, and the promises checked.

Most cases call the pipeline at function level (`render_outputs`, then `write_outputs`) with
ruff's formatting of the generated rules skipped (it is a subprocess, and takes most of a
case's time); about one case in ``FULL_EVERY`` runs the real ``helpdeck generate --specs D
--root R`` in process instead, ruff included.

Promises checked on every case:
- no exception escapes (a `SpecError` escaping `render_outputs` is one too: the CLI would
  show its traceback);
- every error names a file of the case and a line inside it, except the few errors about a
  file as a whole (its name, say), which are counted by reason in the outcome label;
- nothing is written outside ``R/generated``, and only files of generated/'s own layout
  there (a language directory only for a PO file of that name);
- nothing is lost: every file that was there before (the specs, a stray file in the root)
  is there after, byte for byte;
- generated help has no XInclude element and no ``javascript:`` link (as markup; text
  that only quotes them is escaped, and fine);
- generated rules are playable (`play_generated`): a spec the generator accepts deals under
  every option set and its first moves, undo, score and assists raise nothing, so a
  contradiction is the generator's error at a line, not an engine traceback.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT / "specs"


def _read_all() -> dict[str, bytes]:
    """The shipped specs, read once: a game being added or removed while a run goes on
    changes nothing."""
    found = {}
    for path in [*SPECS.glob("*.xml"), *SPECS.glob("*.yaml"), *SPECS.glob("po/*.po")]:
        try:
            found[path.relative_to(SPECS).as_posix()] = path.read_bytes()
        except OSError:
            continue
    return found


SHIPPED = _read_all()
GAMES = sorted(n[:-4] for n in SHIPPED if n.endswith(".xml") and f"{n[:-4]}.yaml" in SHIPPED)
LANGUAGES = sorted(n[3:-3] for n in SHIPPED if n.startswith("po/"))
FULL_EVERY = 25  # one case in 25 runs the whole `helpdeck generate`

# Errors about a file as a whole, with no line to give: (message pattern, reason counted).
WHOLE_FILE = [
    (re.compile(r"is not named after a language"), "po file name"),
    (re.compile(r"is not a valid game id|is a name the generated files use"), "game file name"),
]
_LANGUAGE = re.compile(r"^(C|[a-z]{2,3}(_[A-Z]{2})?(@[a-z]+)?)$")
_GAME = re.compile(r"^[a-z][a-z0-9_]*$")
# Markup, not text: escaped text (`&lt;xi:include xmlns:xi=&#34;...`) is what a translator
# typed, shown as typed.
_DANGER = [
    re.compile(rb"<[^<>]*=\s*[\"']http://www\.w3\.org/200[13]/XInclude"),
    re.compile(rb"<[^<>]*\bhref\s*=\s*[\"']?\s*javascript:", re.IGNORECASE),
]


def shipped(name: str) -> bytes:
    return SHIPPED[name]


@dataclass(frozen=True)
class SpecCase:
    """Files of a specs directory (path inside it -> bytes); `how` says what was mutated."""

    how: tuple[str, ...]
    files: dict[str, bytes] = field(repr=False)
    full: bool = False  # through `helpdeck generate`
    strict: bool = False  # `--strict`: rejected translations are errors

    def __repr__(self) -> str:
        names = ", ".join(f"{n} ({len(d)} B)" for n, d in self.files.items())
        mode = " full" if self.full else ""
        mode += " strict" if self.strict else ""
        return f"SpecCase({'; '.join(self.how)} | {names}{mode})"


# --- byte-level mutations shared by every kind -------------------------------------------


def text_positions(data: bytes) -> list[int]:
    """Offsets just after a '>' (inside element content for XML), else every line start."""
    found = [m.end() for m in re.finditer(rb">", data)]
    return found or [m.start() for m in re.finditer(rb"^", data, re.MULTILINE)]


@st.composite
def byte_mutation(draw: st.DrawFn, data: bytes, snippets: list[bytes]) -> tuple[bytes, str]:
    """One generic mutation: flip, truncate, insert, duplicate or delete bytes."""
    size = len(data)
    choice = draw(st.sampled_from(["flip", "truncate", "insert", "text", "dup", "delete"]))
    if choice == "flip" and size:
        at = draw(st.integers(0, size - 1))
        byte = draw(st.integers(0, 255))
        return data[:at] + bytes([byte]) + data[at + 1 :], f"byte {at} = {byte:#x}"
    if choice == "truncate":
        cut = draw(st.integers(0, size))
        return data[:cut], f"truncated at {cut}"
    if choice in ("insert", "text"):
        if choice == "insert":
            snippet = draw(st.sampled_from(snippets))
        else:
            snippet = draw(st.text(min_size=1, max_size=20)).encode("utf-8", "surrogatepass")
        at = draw(st.sampled_from(text_positions(data) or [0]))
        return data[:at] + snippet + data[at:], f"inserted {snippet[:40]!r} at {at}"
    start = draw(st.integers(0, max(size - 1, 0)))
    length = draw(st.integers(1, 400))
    if choice == "dup":
        times = draw(st.sampled_from([1, 1, 2, 50]))
        piece = data[start : start + length]
        return data[: start + length] + piece * times + data[start + length :], (
            f"bytes {start}+{length} repeated {times}x"
        )
    return data[:start] + data[start + length :], f"deleted bytes {start}+{length}"


def mutate(
    draw: st.DrawFn,
    data: bytes,
    own: list[Callable[[bytes], st.SearchStrategy[tuple[bytes, str]]]],
    snippets: list[bytes],
    most: int = 3,
) -> tuple[bytes, list[str]]:
    """1..`most` mutations, each a kind-specific one or (one time in three) a byte one."""
    how = []
    for _ in range(draw(st.integers(1, most))):
        if draw(one_in(3)):
            data, said = draw(byte_mutation(data, snippets))
        else:
            data, said = draw(draw(st.sampled_from(own))(data))
        how.append(said)
    return data, how


# --- running a case -----------------------------------------------------------------------


@dataclass(frozen=True)
class Error:
    file: str
    line: int | None
    message: str


def _snapshot(top: Path) -> dict[str, bytes]:
    return {
        p.relative_to(top).as_posix(): p.read_bytes()
        for p in sorted(top.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


@contextlib.contextmanager
def _inside(directory: Path) -> Iterator[None]:
    here = os.getcwd()
    os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(here)


def _fast(specs: Path, root: Path, strict: bool) -> list[Error]:
    from generator.codegen import render
    from generator.diagnostics import Level
    from generator.pipeline import render_outputs, write_outputs

    real = render.format_python
    render.format_python = lambda source: source  # ruff is a subprocess: the full cases run it
    try:
        outputs, diagnostics = render_outputs(specs, root, strict=strict)
    finally:
        render.format_python = real
    errors = [Error(d.file, d.line, d.message) for d in diagnostics if d.level is Level.ERROR]
    if not errors:
        write_outputs(outputs, root)
    return errors


_ERROR_LINE = re.compile(r"^(?P<where>.*?): error: (?P<message>.*)$")


def _full(specs: Path, root: Path, strict: bool, names: list[str]) -> list[Error]:
    from runtime.cli import main

    argv = ["generate", "--specs", str(specs), "--root", str(root)]
    if strict:
        argv.append("--strict")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    text = err.getvalue()
    assert "Traceback" not in text, text
    errors = []
    shown = {_shown(str(specs / n)): str(specs / n) for n in [*names, ""]}
    known = sorted(shown, key=len, reverse=True)
    for line in text.split("\n"):
        match = _ERROR_LINE.match(line)
        if match is None:
            continue
        where = match["where"]
        file = next((k for k in known if where == k or where.startswith(k + ":")), where)
        rest = where[len(file) :].split(":")
        number = int(rest[1]) if len(rest) > 1 and rest[1].isdigit() else None
        errors.append(Error(shown.get(file, file).rstrip("/"), number, match["message"]))
    assert (status != 0) == bool(errors), f"exit {status} but errors {errors}: {text[-500:]}"
    return errors


def _shown(name: str) -> str:
    """A file name as a one-line diagnostic shows it (control characters escaped)."""
    return repr(name)[1:-1] if re.search("[\x00-\x1f\x7f\x85\u2028\u2029]", name) else name


def run(case: SpecCase) -> str:
    """Generate the case's specs into a fresh root; an outcome label, or AssertionError."""
    with tempfile.TemporaryDirectory(prefix="helpdeck-fuzz-") as tmp:
        top = Path(tmp)
        specs, root, cwd = top / "specs", top / "root", top / "cwd"
        (specs / "po").mkdir(parents=True)
        for name, data in case.files.items():
            (specs / name).write_bytes(data)
        (root / "generated" / "rules").mkdir(parents=True)
        (root / "generated" / "rules" / "__init__.py").write_bytes(b"")
        (root / "notes.txt").write_text("not generated")
        cwd.mkdir()
        before = _snapshot(top)
        with _inside(cwd):
            if case.full:
                errors = _full(specs, root, case.strict, list(case.files))
            else:
                errors = _fast(specs, root, case.strict)
        after = _snapshot(top)
    for path, data in before.items():
        assert after.get(path) == data, f"{path} changed or lost"
    written = sorted(set(after) - set(before))
    po_names = {Path(n).stem for n in case.files if n.startswith("po/")}
    for path in written:
        assert path.startswith("root/generated/"), f"written outside generated/: {path}"
        _check_layout(path.removeprefix("root/"), po_names)
        if path.endswith((".xml", ".html")) and "/help/" in path:
            for danger in _DANGER:
                found = danger.search(after[path])
                assert found is None, f"{path} holds {found.group()[:80]!r}"
    if errors:
        assert not written, f"errors, yet written: {written[:5]}"
        return _outcome(errors, specs, case)
    for path in written:
        if path.startswith("root/generated/rules/") and path.endswith(".py"):
            play_generated(path, after[path])
    return "generated"


PLAY_SEEDS = (0, 1)
PLAY_MOVES = 40


def play_generated(name: str, source: bytes) -> None:
    """A generated rules module accepted by the generator must be playable: every option
    set deals, and the first moves, an undo, the score and the assists raise nothing (a
    contradictory spec is the generator's error to report, not an engine traceback)."""
    from runtime.engine import assist
    from runtime.engine.rules import GameDefinition
    from runtime.engine.state import State

    namespace: dict[str, object] = {"__name__": "fuzzed_rules"}
    exec(compile(source, name, "exec"), namespace)
    game = namespace["GAME"]
    assert isinstance(game, GameDefinition), f"{name}: GAME is not a GameDefinition"
    for values in game.option_combinations()[:4]:
        options = {o.id: v for o, v in zip(game.options, values, strict=True)}
        for seed in PLAY_SEEDS:
            state = State.new(game, options, seed)
            for step in range(PLAY_MOVES):
                moves = state.legal_moves()
                if not moves:
                    break
                state.apply(moves[(seed + step * 7) % len(moves)])
                _ = state.score, state.key(), state.is_won()
                if step % 9 == 4:
                    state.undo()
            assist.send_up_moves(state)
            assist.autofinish_moves(state)
            _ = state.is_lost(), state.deal_code, state.stock_status


def _check_layout(path: str, po_names: set[str]) -> None:
    parts = path.split("/")
    if parts in (["generated", "catalog.py"], ["generated", "help", "index.html"]):
        return
    if len(parts) == 3 and parts[1] in ("rules", "specs"):
        stem, _, suffix = parts[2].partition(".")
        assert _GAME.fullmatch(stem) and suffix in ("py", "json"), f"unexpected file {path}"
        return
    assert len(parts) == 4 and parts[1] == "help", f"unexpected file {path}"
    code, page = parts[2], parts[3]
    assert _LANGUAGE.fullmatch(code), f"language directory {code!r}: {path}"
    assert code == "C" or code in po_names, f"language {code!r} without its PO file: {path}"
    stem, _, suffix = page.partition(".")
    assert _GAME.fullmatch(stem) and suffix in ("xml", "html", "json"), f"unexpected file {path}"


def _outcome(errors: list[Error], specs: Path, case: SpecCase) -> str:
    files = {str(specs / name): data for name, data in case.files.items()}
    lineless = set()
    for error in errors:
        assert error.file in files or error.file == str(specs), (
            f"error names {error.file!r}, not a file of the case: {error.message}"
        )
        if error.line is None:
            reason = next((r for p, r in WHOLE_FILE if p.search(error.message)), None)
            assert reason is not None, f"error without a line: {error.file}: {error.message}"
            lineless.add(reason)
            continue
        lines = files[error.file].count(b"\n") + 1 if error.file in files else 0
        assert 1 <= error.line <= lines + 1, (
            f"line {error.line} of a {lines}-line file: {error.file}: {error.message}"
        )
    if lineless:
        return "refused (no line: " + ", ".join(sorted(lineless)) + ")"
    return "refused"


def one_in(n: int) -> st.SearchStrategy[bool]:
    """True about once in `n` draws. (Not `== 0`: Hypothesis draws 0, its simplest value,
    far more often than 1 in n.)"""
    return st.integers(0, n - 1).map(lambda k: k == n // 2)


def full_share() -> st.SearchStrategy[bool]:
    return one_in(FULL_EVERY)
