"""The sidecar loader: safe YAML, schema validation, precise error locations."""

from __future__ import annotations

import pytest

from generator.diagnostics import SpecError
from generator.spec.sidecar import load_sidecar_text


def error_of(text: str) -> str:
    with pytest.raises(SpecError) as caught:
        load_sidecar_text(text, "specs/x.yaml")
    return str(caught.value)


def test_values_carry_line_numbers() -> None:
    sidecar = load_sidecar_text("stock:\n  redeals: 2\n  draw: 3\n", "specs/x.yaml")
    lines = {fact.path: fact.provenance.line for fact in sidecar.facts}
    assert lines == {"stock.redeals": 2, "stock.draw": 3}


def test_aliases_are_refused() -> None:
    message = error_of("a: &x [1, 2]\ntableau:\n  face_up: *x\n")
    assert "specs/x.yaml:3:" in message and "aliases are not allowed" in message


def test_duplicate_keys_are_refused() -> None:
    message = error_of("stock:\n  draw: 1\n  draw: 3\n")
    assert "specs/x.yaml:3:3" in message and "duplicate key 'draw'" in message


@pytest.mark.parametrize(
    "text",
    [
        "title: !!python/object/apply:os.system ['echo hacked']\n",
        "title: !custom value\n",
        "options: !!set {a, b}\n",
    ],
)
def test_custom_tags_are_refused(text: str) -> None:
    assert "is not allowed" in error_of(text)


def test_merge_keys_are_refused() -> None:
    assert "merge keys" in error_of("stock:\n  <<: {draw: 3}\n")


def test_no_and_yes_stay_strings() -> None:
    sidecar = load_sidecar_text("title: no\n", "specs/x.yaml")
    assert sidecar.facts[0].value == "no"


def test_unknown_field_names_file_line_column_and_field() -> None:
    message = error_of("stock:\n  redeal: 2\n")
    assert "specs/x.yaml:2:3: error: stock.redeal: unknown field" in message
    assert "hint:" in message


def test_mistyped_section_is_reported_with_its_location() -> None:
    message = error_of("title: Tiny\nstock: 3\n")
    assert "specs/x.yaml:2:1" in message and "stock" in message


def test_malformed_yaml_names_the_line() -> None:
    message = error_of("stock:\n  draw: [1, 2\n")
    assert "specs/x.yaml:" in message and "invalid YAML" in message


def test_override_needs_a_reason() -> None:
    message = error_of("stock:\n  redeals: {value: 2, override: ''}\n")
    assert "stock.redeals" in message


def test_override_is_read() -> None:
    sidecar = load_sidecar_text(
        "stock:\n  redeals: {value: 2, override: the code allows unlimited}\n", "x.yaml"
    )
    (fact,) = sidecar.facts
    assert fact.value == 2 and fact.provenance.override == "the code allows unlimited"


def test_empty_sidecar_is_empty() -> None:
    assert load_sidecar_text("", "x.yaml").facts == []


def test_a_list_is_not_a_sidecar() -> None:
    assert "must be a mapping" in error_of("- 1\n- 2\n")


def test_huge_sidecar_is_refused() -> None:
    assert "larger than 256 KiB" in error_of("title: " + "x" * 300_000 + "\n")
