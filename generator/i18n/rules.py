"""A small ITS 2.0 engine covering the rules itstool's DocBook support uses.

Rules are read from an ITS file (by default `docbook-sect1.its` next to this
module) so that the Python extractor and `itstool -i` see the same rules.
Supported: itst:match, translateRule, withinTextRule, preserveSpaceRule,
localeFilterRule, itst:dropRule, itst:contextRule, langRule, itst:credits,
externalResourceRefRule, plus the matching local ITS attributes.  Not
supported (unused by DocBook help): locNote, idValueRule, attribute
selectors, document-local <its:rules>.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from lxml import etree

from generator.i18n.xmlsafe import safe_parser

NS_ITS = "http://www.w3.org/2005/11/its"
NS_ITST = "http://itstool.org/extensions/"
NS_XML = "http://www.w3.org/XML/1998/namespace"
DEFAULT_RULES = Path(__file__).with_name("docbook-sect1.its")

Element = etree._Element
LocaleFilter = tuple[str, str]


def is_element(node: object) -> bool:
    """True for real elements (not comments, PIs or entity references)."""
    return isinstance(node, etree._Element) and isinstance(node.tag, str)


def qname(node: Element) -> etree.QName:
    return etree.QName(node)


@cache
def load_rules(path: Path = DEFAULT_RULES) -> Element:
    return etree.parse(str(path), safe_parser()).getroot()


@dataclass
class DocRules:
    """ITS data attached to the elements of one parsed document."""

    translate: dict[Element, str] = field(default_factory=dict)
    within_text: dict[Element, str] = field(default_factory=dict)
    preserve: dict[Element, str] = field(default_factory=dict)
    locale: dict[Element, LocaleFilter] = field(default_factory=dict)
    drop: dict[Element, str] = field(default_factory=dict)
    context: dict[Element, str] = field(default_factory=dict)
    lang: dict[Element, str] = field(default_factory=dict)
    lang_attr: dict[Element, str] = field(default_factory=dict)
    externals: dict[Element, str] = field(default_factory=dict)
    credits: tuple[Element, Element] | None = None

    # -- queries, following itstool's inheritance semantics --------------------

    def translate_of(self, node: Element) -> str:
        value = _its_attr(node, "translate")
        if value is None:
            value = self.translate.get(node)
        if value is not None:
            return value
        parent = node.getparent()
        return "yes" if parent is None else self.translate_of(parent)

    def within_text_of(self, node: Element) -> str:
        value = _its_attr(node, "withinText")
        if value is None:
            return self.within_text.get(node, "no")
        return value if value in ("yes", "nested") else "no"

    def preserve_space(self, node: Element) -> bool:
        cur: Element | None = node
        while cur is not None:
            space = _nearest_xml_space(cur)
            if space == "preserve":
                return True
            if cur in self.preserve:
                return self.preserve[cur] == "preserve"
            cur = cur.getparent()
        return False

    def locale_filter(self, node: Element) -> LocaleFilter:
        lst, typ = _its_attr(node, "localeFilterList"), _its_attr(node, "localeFilterType")
        if lst is not None or typ is not None:
            return (lst if lst is not None else "*", typ if typ is not None else "include")
        if node in self.locale:
            return self.locale[node]
        parent = node.getparent()
        return ("*", "include") if parent is None else self.locale_filter(parent)

    def dropped(self, node: Element) -> bool:
        return node.get(f"{{{NS_ITST}}}drop") == "yes" or self.drop.get(node) == "yes"

    def context_of(self, node: Element) -> str | None:
        return node.get(f"{{{NS_ITST}}}context") or self.context.get(node)

    # -- loading ---------------------------------------------------------------

    def apply_file(
        self, tree: etree._ElementTree, rules: Element, roots: frozenset[str] | None = None
    ) -> None:
        """Apply one ITS file, honouring its itst:match selectors like itstool.

        `roots` replaces the itst:match selectors by a set of root element names.
        """
        if etree.QName(rules).text != f"{{{NS_ITS}}}rules":
            return
        if roots is not None:
            if etree.QName(tree.getroot()).localname not in roots:
                return
        else:
            matches = [m for m in rules if _is(m, NS_ITST, "match") and m.get("selector")]
            if matches and not any(_select(tree, m, m.get("selector", "")) for m in matches):
                return
        for rule in rules:
            if is_element(rule):
                self._apply_rule(tree, rule)

    def _apply_rule(self, tree: etree._ElementTree, rule: Element) -> None:
        name = (etree.QName(rule).namespace, etree.QName(rule).localname)
        sel = rule.get("selector")
        if name == (NS_ITST, "credits"):
            target = _select(tree, rule, rule.get("appendTo", ""))
            if target:
                self.credits = (target[0], rule)
            return
        if sel is None:
            return
        nodes = _select(tree, rule, sel)
        simple: dict[tuple[str | None, str], tuple[dict[Element, str], str]] = {
            (NS_ITS, "translateRule"): (self.translate, "translate"),
            (NS_ITS, "withinTextRule"): (self.within_text, "withinText"),
            (NS_ITS, "preserveSpaceRule"): (self.preserve, "space"),
            (NS_ITST, "dropRule"): (self.drop, "drop"),
        }
        if name in simple:
            target_map, attr = simple[name]
            for node in nodes:
                target_map[node] = rule.get(attr, "")
        elif name == (NS_ITST, "preserveSpaceRule"):
            for node in nodes:
                if rule.get("preserveSpace") == "yes":
                    self.preserve[node] = "preserve"
        elif name == (NS_ITS, "localeFilterRule"):
            value = (rule.get("localeFilterList", "*"), rule.get("localeFilterType", "include"))
            for node in nodes:
                self.locale[node] = value
        elif name == (NS_ITST, "contextRule"):
            self._apply_pointer(rule, nodes, "context", "contextPointer", self.context)
        elif name == (NS_ITS, "langRule"):
            pointer = rule.get("langPointer", "")
            self._apply_pointer(rule, nodes, None, "langPointer", self.lang)
            if pointer.startswith("@"):
                for node in nodes:
                    self.lang_attr[node] = pointer[1:]
        elif name == (NS_ITS, "externalResourceRefRule"):
            self._apply_pointer(rule, nodes, None, "externalResourceRefPointer", self.externals)

    @staticmethod
    def _apply_pointer(
        rule: Element,
        nodes: list[Element],
        literal: str | None,
        pointer: str | None,
        out: dict[Element, str],
    ) -> None:
        for node in nodes:
            if literal and rule.get(literal) is not None:
                out[node] = rule.get(literal, "")
            elif pointer and rule.get(pointer):
                value = _first_value(node, rule, rule.get(pointer, ""))
                if value is not None:
                    out[node] = value


# itstool's own DocBook rules (what GNOME's help builds use) match only these roots, so a
# game page (root sect1) or legal.xml (root legalnotice) gets no rules at all there: every
# element, inline ones too, is a message of its own.
GNOME_ROOTS = frozenset({"book", "article", "chapter"})


def rules_for(
    tree: etree._ElementTree, rules_path: Path = DEFAULT_RULES, gnome: bool = False
) -> DocRules:
    """The ITS data of `tree`: Helpdeck's rules, or with `gnome` GNOME's segmentation."""
    doc_rules = DocRules()
    doc_rules.apply_file(tree, load_rules(rules_path), GNOME_ROOTS if gnome else None)
    return doc_rules


def _is(node: object, ns: str, local: str) -> bool:
    return is_element(node) and etree.QName(node).text == f"{{{ns}}}{local}"  # type: ignore[arg-type]


def _its_attr(node: Element, name: str) -> str | None:
    value = node.get(f"{{{NS_ITS}}}{name}")
    if value is None and _is(node, NS_ITS, "span"):
        value = node.get(name)
    return value


def _nearest_xml_space(node: Element) -> str | None:
    cur: Element | None = node
    while cur is not None:
        value = cur.get(f"{{{NS_XML}}}space")
        if value in ("preserve", "default"):
            return value
        cur = cur.getparent()
    return None


def _namespaces(rule: Element) -> dict[str, str]:
    return {k: v for k, v in rule.nsmap.items() if k is not None}


def _select(tree: etree._ElementTree, rule: Element, expr: str) -> list[Element]:
    try:
        result: Any = tree.xpath(expr, namespaces=_namespaces(rule))
    except etree.XPathError:
        return []  # itstool warns and ignores invalid XPath
    return [n for n in result if is_element(n)] if isinstance(result, list) else []


def _first_value(node: Element, rule: Element, expr: str) -> str | None:
    try:
        result: Any = node.xpath(expr, namespaces=_namespaces(rule))
    except etree.XPathError:
        return None
    if isinstance(result, str):
        return result
    if isinstance(result, list) and result:
        first = result[0]
        return first if isinstance(first, str) else "".join(first.itertext())
    return None
