"""LaTeX in notes: ``$…$`` inline and ``$$…$$`` displayed, rendered to MathML on the server.

The source is taken out before Markdown reads the rest of the text, so Markdown never touches
it (``\\|`` stays a norm, ``a_1`` stays a subscript, never emphasis), and it comes back as
MathML when the text is rendered at write time: browsers draw MathML natively, so no script
runs and the Content-Security-Policy stays strict. The page draws it in the math font shipped
with the site (static/fonts, STIX Math), so ``\\left(…\\right)`` stretches and fractions sit
on the axis.

Where it is written:

* ``$$…$$`` alone on its lines (from the first column) is a displayed block;
* ``$$…$$`` inside a sentence or a list item is displayed math in that sentence or item;
* ``$…$`` inside a line is inline math. The opening ``$`` is not followed by a space and the
  closing one not preceded by one, so "$5 and $10" stays money; ``\\$`` is a dollar sign.

Each formula carries its TeX source (``alttext``) and a spoken form (``aria-label``: "a over
b", "x sub i"), so a screen reader reads words, and ``\\mathrm{Attention}`` is one word, not
nine letters. Text that is not valid LaTeX, or that is too long, is shown as typed, in code.
The MathML is rebuilt here from a parsed tree (nothing latex2mathml writes reaches the page
unparsed, and no ``href`` survives) and then passes the sanitiser through its own allow-list
(``MATH_TAGS``, ``MATH_ATTRIBUTES``); a user's raw HTML never may carry MathML.
"""

# ruff: noqa: RUF001 (the spoken form tells look-alike symbols apart: minus sign, hyphen)
from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as etree
from functools import lru_cache
from html import escape, unescape

import markdown
from latex2mathml.converter import convert
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor

MATHML_NS = "http://www.w3.org/1998/Math/MathML"
MATH_TAGS = {
    "math", "semantics", "annotation", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace",
    "msub", "msup", "msubsup", "munder", "mover", "munderover", "mfrac", "msqrt", "mroot",
    "mstyle", "mpadded", "mphantom", "menclose", "mtable", "mtr", "mtd", "mfenced",
}  # fmt: skip
MATH_ATTRIBUTES = {
    "math": {"display", "xmlns", "alttext", "aria-label"},
    "mo": {
        "stretchy",
        "fence",
        "separator",
        "lspace",
        "rspace",
        "largeop",
        "movablelimits",
        "form",
    },
    "mstyle": {"displaystyle", "scriptlevel", "mathvariant"},
    "mi": {"mathvariant"},
    "mn": {"mathvariant"},
    "mtext": {"mathvariant"},
    "mspace": {"width"},
    "mfrac": {"linethickness"},
    "mover": {"accent"},
    "munder": {"accentunder"},
    "mtable": {"columnalign", "rowspacing", "columnspacing"},
    "mtd": {"columnalign"},
    "menclose": {"notation"},
    "mpadded": {"width", "height", "depth", "lspace", "voffset"},
    "annotation": {"encoding"},
}
# Past any of these a formula is shown as typed, in code: each costs the converter time
# (about a millisecond for a short one, more with every level of nesting).
MAX_FORMULA = 2000  # characters of one formula
MAX_DEPTH = 40  # braces inside braces in one formula; real formulas nest a few levels
MAX_FORMULAS = 1000  # formulas in one text
MAX_MATH_CHARS = 20_000  # characters of all the formulas of one text
MAX_SPOKEN = 1000  # characters of one formula's spoken form

# $$…$$ as a block of its own, from the first column (any lines between, no "$$" inside).
DISPLAY = re.compile(r"(?m)^\$\$(?P<tex>(?:[^$]|\$(?!\$))+?)\$\$[ \t]*$")
# $$…$$ anywhere else: in a sentence, a list item (the lines of one paragraph).
DISPLAY_INLINE = r"(?<!\\)\$\$(?P<tex>(?:[^$]|\\\$){1,2000}?)\$\$"
INLINE = r"(?<![\\$\w])\$(?=\S)(?P<tex>[^$\n]+?)(?<=\S)\$(?![\w$])"


class Formula(str):
    """MathML this module wrote: the user-HTML cleaner leaves it to the final sanitiser."""


def _code(source: str) -> str:
    return f"<code>{escape(source)}</code>"


def _too_deep(source: str) -> bool:
    depth = 0
    for char in source:
        if char == "{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char == "}":
            depth -= 1
    return False


class MathBudget:
    """What one text may spend on formulas (``MAX_FORMULAS``, ``MAX_MATH_CHARS``); the
    formulas past it are shown as typed."""

    def __init__(self) -> None:
        self.formulas = 0
        self.chars = 0

    def render(self, tex: str, *, display: bool) -> str:
        self.formulas += 1
        self.chars += len(tex)
        if self.formulas > MAX_FORMULAS or self.chars > MAX_MATH_CHARS:
            return _code(tex.strip().replace("&lt;", "<"))
        return mathml(tex, display=display)


@lru_cache(maxsize=4096)
def mathml(tex: str, *, display: bool) -> str:
    """``tex`` as a ``<math>`` element with its source and spoken form, or as code."""
    # The Markdown guard shows a "<" that opens no tag as "&lt;" (core.markdown_guard).
    source = tex.strip().replace("&lt;", "<")
    if not source or len(source) > MAX_FORMULA or _too_deep(source):
        return _code(source)
    try:
        written = convert(source, display="block" if display else "inline")
        root = etree.fromstring(written.replace(f' xmlns="{MATHML_NS}"', "", 1))
        if any(element.tag not in MATH_TAGS for element in root.iter()):
            return _code(source)  # \text{<b>x</b>} is well-formed: its <b> is text typed
        _tidy(root)
        spoken = _spaces(_speak(root))[:MAX_SPOKEN] or source
        attrib = {"xmlns": MATHML_NS, "display": "block" if display else "inline"}
        root.attrib.clear()
        root.attrib.update({**attrib, "alttext": source, "aria-label": spoken})
        return etree.tostring(root, encoding="unicode", short_empty_elements=False)
    except Exception:  # latex2mathml raises many kinds of error on text that is not LaTeX,
        # writes text it does not escape (\text{<b>}) unparseable, and nests deep (recursion)
        return _code(source)


FUNCTIONS = {
    "arccos", "arcsin", "arctan", "arg", "cos", "cosh", "cot", "coth", "csc", "deg", "det",
    "dim", "exp", "gcd", "hom", "ker", "lg", "ln", "log", "Pr", "sec", "sin", "sinh", "tan",
    "tanh",
}  # fmt: skip
SIGNS = {"-", "−", "+", "±", "∓"}
CLOSING = {")", "]", "}", "|", "‖", "⟩", "!", "′"}
ORDINARY = {"∞", "∂", "∇", "∅", "ℓ", "ℏ"}


def _tidy(element: etree.Element) -> None:
    """What latex2mathml writes, made to read and look as TeX would have it."""
    for child in list(element):
        _tidy(child)
    element.attrib.pop("href", None)
    children = list(element)
    for index, child in enumerate(children):
        if child.tag == "mo" and (child.text or "") in ORDINARY:
            child.tag = "mi"  # a symbol, not an operator: no space around it
        before = children[index - 1] if index else None
        # A sign that opens a row or follows an operator is a sign, not a binary minus:
        # "= -∞" reads "equals minus infinity", with no gap after the minus.
        if (
            child.tag == "mo"
            and (child.text or "").strip() in SIGNS
            and (before is None or (before.tag == "mo" and (before.text or "") not in CLOSING))
        ):
            child.set("form", "prefix")
        # \log p: TeX puts a thin space after a function name; MathML's <mi> none.
        following = children[index + 1] if index + 1 < len(children) else None
        if (
            child.tag == "mi"
            and (child.text or "") in FUNCTIONS
            and following is not None
            and not (following.tag == "mo" and (following.text or "") in ("(", "["))
        ):
            element.insert(list(element).index(child) + 1, etree.Element("mspace", width="0.167em"))
    # \mathrm{Attention} comes out as nine one-letter <mi>s in a row of their own: one word.
    letters = list(element)
    if (
        element.tag == "mrow"
        and len(letters) > 1
        and all(c.tag == "mi" and c.get("mathvariant") == "normal" and len(c) == 0 for c in letters)
        and all(re.fullmatch(r"[A-Za-z0-9]", c.text or "") for c in letters)
    ):
        word = "".join(c.text or "" for c in letters)
        for c in letters:
            element.remove(c)
        mi = etree.SubElement(element, "mi")
        mi.text = word  # several letters: upright by default


# -- The spoken form -------------------------------------------------------------------------

WORDS = {
    "=": "equals", "+": "plus", "-": "minus", "−": "minus", "±": "plus or minus",
    "×": "times", "·": "times", "⋅": "times", "∗": "times", "*": "times", "/": "divided by",
    "<": "is less than", ">": "is greater than", "≤": "is less than or equal to",
    "≥": "is greater than or equal to", "≠": "is not equal to", "≈": "is approximately",
    "∼": "is distributed as", "~": "is distributed as", "∝": "is proportional to",
    "≡": "is equivalent to", "∈": "in", "∉": "not in", "⊂": "subset of", "⊆": "subset of",
    "∪": "union", "∩": "intersection", "→": "to", "↦": "maps to", "⇒": "implies",
    "∞": "infinity", "∑": "sum", "∏": "product", "∫": "integral", "∂": "partial",
    "∇": "nabla", "‖": "norm", "|": "bar", "′": "prime", "…": "dots", "⋯": "dots",
    "(": "(", ")": ")", "[": "[", "]": "]", "{": "{", "}": "}", ",": ",", ";": ";",
    "∀": "for all", "∃": "there exists", "¬": "not", "∧": "and", "∨": "or", "∘": "composed with",
    "⊤": "transpose", "∣": "given",
}  # fmt: skip
ACCENTS = {"^": "hat", "ˆ": "hat", "¯": "bar", "‾": "bar", "~": "tilde", "˜": "tilde",
           "→": "vector", "˙": "dot", "¨": "double dot"}  # fmt: skip
LARGE = {"∑", "∏", "∫", "∮", "⋃", "⋂", "lim", "max", "min", "sup", "inf", "arg max", "arg min"}


def _symbol(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    if text in WORDS:
        return WORDS[text]
    if len(text) > 1:
        return text  # a number, a function name, a word
    name = unicodedata.name(text, "")
    if not name or text.isascii():
        return text
    # GREEK SMALL LETTER THETA → theta; MATHEMATICAL DOUBLE-STRUCK CAPITAL E → double-struck E
    for prefix, spoken in (("GREEK SMALL LETTER ", ""), ("GREEK CAPITAL LETTER ", "capital ")):
        if name.startswith(prefix):
            return spoken + name[len(prefix) :].lower()
    match = re.fullmatch(r"(?:MATHEMATICAL )?([A-Z -]+?) (SMALL|CAPITAL) ([A-Z])", name)
    if match:
        letter = match[3] if match[2] == "CAPITAL" else match[3].lower()
        return f"{match[1].lower()} {letter}"
    return name.lower()


def _simple(element: etree.Element) -> bool:
    """One token: no need to say where it starts and ends."""
    while element.tag == "mrow" and len(element) == 1:
        element = element[0]
    return element.tag in ("mi", "mn", "mo", "mtext") or (
        element.tag == "mrow" and len(element) == 0
    )


def _speak(element: etree.Element) -> str:
    tag = element.tag
    parts = [_speak(child) for child in element]
    if tag in ("mi", "mn", "mo", "ms"):
        text = (element.text or "").strip()
        return _symbol(text)
    if tag == "mtext":
        return (element.text or "").replace("\xa0", " ")
    if tag == "mspace":
        return " "
    if tag in ("annotation", "mphantom"):
        return ""
    if tag == "mfrac" and len(parts) == 2:
        if all(_simple(child) for child in element):
            return f"{parts[0]} over {parts[1]}"
        return f"fraction, {parts[0]}, over {parts[1]}, end fraction"
    if tag == "msqrt":
        return f"square root of {' '.join(parts)}, end root"
    if tag == "mroot" and len(parts) == 2:
        return f"root {parts[1]} of {parts[0]}, end root"
    if tag in ("msub", "msup", "msubsup", "munder", "mover", "munderover") and parts:
        return _scripts(element, parts)
    if tag == "mtable":
        return "; ".join(f"row {i}: {row}" for i, row in enumerate(parts, start=1))
    if tag == "mtr":
        return ", ".join(parts)
    return " ".join(parts)


def _scripts(element: etree.Element, parts: list[str]) -> str:
    tag, base = element.tag, parts[0]
    large = base in {WORDS.get(s, s) for s in LARGE}
    if tag == "mover" and len(parts) == 2 and (element[1].text or "").strip() in ACCENTS:
        return f"{base} {ACCENTS[(element[1].text or '').strip()]}"
    if tag in ("msubsup", "munderover") and len(parts) == 3:
        if large:
            return f"{base} from {parts[1]} to {parts[2]},"
        if parts[2] == "2":
            return f"{base} sub {parts[1]} squared"
        return f"{base} sub {parts[1]} to the power {parts[2]},"
    if len(parts) != 2:
        return " ".join(parts)
    if tag in ("msub", "munder"):
        return f"{base} over {parts[1]}," if large else f"{base} sub {parts[1]},"
    if tag == "msup":
        if parts[1] == "2":
            return f"{base} squared"
        if parts[1] == "prime":
            return f"{base} prime"
        if parts[1] in ("T", "⊤", "transpose"):
            return f"{base} transpose"
        return f"{base} to the power {parts[1]},"
    return f"{base} with {parts[1]} above"


def _spaces(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r",(\s*,)+", ",", re.sub(r",\s*(?=[)\]])", "", text))
    return re.sub(r"([(\[])\s+", r"\1", re.sub(r"\s+([,;)\]])", r"\1", text)).strip(" ,")


# -- Markdown --------------------------------------------------------------------------------


class DisplayMath(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)
        if "$$" not in text:
            return lines

        budget = self.md.math_budget

        def stash(match: re.Match[str]) -> str:
            formula = Formula(
                f'<div class="math">{budget.render(match["tex"], display=True)}</div>'
            )
            return "\n" + self.md.htmlStash.store(formula) + "\n"

        return DISPLAY.sub(stash, text).split("\n")


class InlineMath(InlineProcessor):
    def __init__(self, pattern: str, md: markdown.Markdown, *, display: bool) -> None:
        super().__init__(pattern, md)
        self.display = display

    def handleMatch(self, m: re.Match[str], data: str):
        formula = Formula(self.md.math_budget.render(m["tex"], display=self.display))
        return self.md.htmlStash.store(formula), m.start(0), m.end(0)


class MathExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.math_budget = MathBudget()  # one Markdown instance renders one text
        # After fenced code (25) has set code blocks aside, so "$$" in code stays code;
        # inline, above backslash escapes (180) and below code spans (190).
        md.preprocessors.register(DisplayMath(md), "display_math", 22)
        md.inlinePatterns.register(
            InlineMath(DISPLAY_INLINE, md, display=True), "display_math_inline", 187
        )
        md.inlinePatterns.register(InlineMath(INLINE, md, display=False), "inline_math", 186)
        if "$" not in md.ESCAPED_CHARS:
            md.ESCAPED_CHARS.append("$")  # \$5 is five dollars


# -- Outside Markdown ------------------------------------------------------------------------

_TEXT_MATH = re.compile(
    DISPLAY_INLINE.replace("?P<tex>", "?P<display>")
    + "|"
    + INLINE.replace("?P<tex>", "?P<inline>")
    + r"|\\\$"
)


@lru_cache(maxsize=1024)
def render_math_text(text: str) -> str:
    """Plain text (a concept's summary) as HTML: escaped, its formulas as MathML and ``\\$``
    as a dollar sign. Not Markdown: the text is shown as written."""
    pieces, previous, budget = [], 0, MathBudget()
    for match in _TEXT_MATH.finditer(text):
        pieces.append(escape(text[previous : match.start()], quote=False))
        if match.group(0) == "\\$":
            pieces.append("$")
        else:
            display = match["display"] is not None
            tex = match["display" if display else "inline"]
            pieces.append(budget.render(tex, display=display))
        previous = match.end()
    pieces.append(escape(text[previous:], quote=False))
    return "".join(pieces)


_MATH_ELEMENT = re.compile(r"<math\b([^>]*)>.*?</math>", re.DOTALL)
_ALTTEXT = re.compile(r'\balttext="([^"]*)"')
_TAG = re.compile(r"<[^>]*>")


def math_as_tex(html: str) -> str:
    """Rendered HTML with each formula back as its TeX source between dollars, for readers
    that cannot draw MathML (feed readers). HTML in, HTML out."""

    def source(match: re.Match[str]) -> str:
        found = _ALTTEXT.search(match.group(1))
        tex = unescape(found.group(1)) if found else unescape(_TAG.sub("", match.group(0)))
        dollars = "$$" if 'display="block"' in match.group(1) else "$"
        return escape(f"{dollars}{tex}{dollars}", quote=False)

    return _MATH_ELEMENT.sub(source, html)
