"""A parsed wikitext page as a stream of source lines, each holding its top-level nodes."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from mwparserfromhell.nodes import Node, Tag, Text
from mwparserfromhell.wikicode import Wikicode

#: Wiki markup that opens a list item at the start of a line.
LIST_MARKERS = ("*", "#", ":", ";")


@dataclass
class Line:
    """One source line's top-level nodes (a node spanning lines belongs to the line it starts on)."""

    number: int
    nodes: list[Node]
    #: `str()` of each node, made once: it is the rule's source fragment and the newline count.
    strs: list[str]


def lines(code: Wikicode) -> Iterator[Line]:
    """A parsed page's top-level nodes, line by line; Text nodes are cut at their newlines."""
    number = start = 1
    nodes: list[Node] = []
    strs: list[str] = []
    for node in code.nodes:
        if isinstance(node, Text):
            value = node.value
            if "\n" not in value:
                nodes.append(node)
                strs.append(value)
                continue
            for i, piece in enumerate(value.split("\n")):
                if i:
                    yield Line(start, nodes, strs)
                    number += 1
                    start, nodes, strs = number, [], []
                if piece:
                    nodes.append(Text(piece))
                    strs.append(piece)
        else:
            text = str(node)
            nodes.append(node)
            strs.append(text)
            number += text.count("\n")
    yield Line(start, nodes, strs)


def split_markers(nodes: list[Node]) -> tuple[str, list[Node]]:
    """Leading list markers (`**`) and the nodes after them."""
    markers = []
    for i, node in enumerate(nodes):
        if isinstance(node, Tag) and node.wiki_markup in LIST_MARKERS:
            markers.append(node.wiki_markup)
        else:
            return "".join(markers), nodes[i:]
    return "".join(markers), []
