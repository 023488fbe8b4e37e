"""Regenerate runtime/fonts/HelpdeckCJK.ttf: Noto Sans CJK JP cut down to what we show.

Kivy's default font (Roboto) covers Latin and Cyrillic but no Japanese.  The whole Noto
CJK face is ~16 MB per weight, so we keep only: ASCII, kana, CJK punctuation and
full-width forms, plus every character of the Japanese translations (help PO, the help
frame words and any UI catalogue given with --po).  Re-run it when a Japanese string
changes; tests fail if a character of the ja help is missing from the font.

    python -m generator.help.subset_font [--source FONT] [--po extra/ja.po ...]

The source is Debian's fonts-noto-cjk (apt-get install fonts-noto-cjk).  Needs fontTools.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

from generator.help.languages import language

ROOT = Path(__file__).resolve().parents[2]
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FACE = "Noto Sans CJK JP"
OUT = ROOT / "runtime/fonts/HelpdeckCJK.ttf"
FAMILY = "Helpdeck CJK"
# Always kept, so short new UI strings in kana render before the font is regenerated.
BASE_RANGES = [
    (0x20, 0x7E),  # ASCII
    (0x3000, 0x303F),  # CJK punctuation
    (0x3041, 0x3096),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0xFF01, 0xFF5E),  # full-width ASCII
]


def po_text(path: Path) -> str:
    with path.open("rb") as handle:
        catalog = read_po(handle)
    return "".join(m.string for m in catalog if m.id and isinstance(m.string, str))


def characters(po_paths: list[Path]) -> set[int]:
    wanted = {c for low, high in BASE_RANGES for c in range(low, high + 1)}
    text = "".join(po_text(p) for p in po_paths) + "".join(language("ja").words.values())
    wanted |= {ord(ch) for ch in text if not ch.isspace() or ch == " "}
    return wanted


def load_face(source: Path) -> TTFont:
    if source.suffix.lower() in (".ttc", ".otc"):
        for font in TTCollection(source).fonts:
            if font["name"].getDebugName(4) == FACE:
                return font
        raise SystemExit(f"{source}: no {FACE!r} in this collection")
    return TTFont(source)


def rename(font: TTFont) -> None:
    """A modified font gets its own name (OFL §3), so it never shadows a system Noto."""
    names = {1: FAMILY, 3: f"{FAMILY} Regular subset", 4: FAMILY, 6: "HelpdeckCJK-Regular"}
    table = font["name"]
    for record in list(table.names):
        if record.nameID in (16, 17):  # typographic names would keep the old family
            table.removeNames(nameID=record.nameID)
    for name_id, value in names.items():
        table.setName(value, name_id, 3, 1, 0x409)
        table.setName(value, name_id, 1, 0, 0)


def build(source: Path, po_paths: list[Path], out: Path) -> int:
    font = load_face(source)
    options = subset.Options()
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]
    options.layout_features = ["*"]
    options.hinting = False  # CFF hints barely matter at UI sizes and cost space
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(characters(po_paths)))
    subsetter.subset(font)
    rename(font)
    font.recalcTimestamp = False  # no build date: same input, same bytes
    font["head"].modified = font["head"].created
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(out, reorderTables=True)
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="Noto Sans CJK font or .ttc")
    parser.add_argument("--po", type=Path, action="append", default=[], help="extra ja PO files")
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if not args.source.exists():
        print(f"{args.source}: not found (apt-get install fonts-noto-cjk)", file=sys.stderr)
        return 1
    size = build(args.source, [ROOT / "specs/po/ja.po", *args.po], args.output)
    print(f"{args.output}: {size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
