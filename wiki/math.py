"""LaTeX in notes: ``$…$`` inline and ``$$…$$`` on its own, rendered to MathML on the server.

The source is taken out before Markdown reads the text, so Markdown never touches it
(``\\|`` stays a norm, ``a_1`` stays a subscript), and it comes back as MathML when the
page is rendered at write time: browsers draw MathML natively, so no script runs and the
Content-Security-Policy stays strict. Text that is not valid LaTeX is shown as typed, in
code. The MathML passes the sanitiser through its own allow-list (``MATH_TAGS``).
"""

from __future__ import annotations

import re
from html import escape

import markdown
from latex2mathml.converter import convert
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor

MATH_TAGS = {
    "math", "semantics", "annotation", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace",
    "msub", "msup", "msubsup", "munder", "mover", "munderover", "mfrac", "msqrt", "mroot",
    "mstyle", "mpadded", "mphantom", "menclose", "mtable", "mtr", "mtd", "mfenced",
}  # fmt: skip
MATH_ATTRIBUTES = {
    "math": {"display", "xmlns"},
    "mo": {"stretchy", "fence", "separator", "lspace", "rspace", "largeop", "movablelimits"},
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
MAX_FORMULA = 2000  # characters of one formula; past that it is shown as typed

# $$…$$ as a block of its own (any lines between), and $…$ inside a line. A dollar sign
# that opens inline math is not followed by a space, and the closing one not preceded by
# one, so "$5 and $10" stays money.
DISPLAY = re.compile(r"(?m)^[ \t]*\$\$(?P<tex>.+?)\$\$[ \t]*$", re.DOTALL)
INLINE = r"(?<![\\$\w])\$(?=\S)(?P<tex>[^$\n]+?)(?<=\S)\$(?![\w$])"


class Formula(str):
    """MathML this module wrote: the user-HTML cleaner leaves it to the final sanitiser."""


def mathml(tex: str, *, display: bool) -> str:
    source = tex.strip()
    if len(source) > MAX_FORMULA:
        return f"<code>{escape(source)}</code>"
    try:
        return convert(source, display="block" if display else "inline")
    except Exception:  # latex2mathml raises many kinds of error on text that is not LaTeX
        return f"<code>{escape(source)}</code>"


class DisplayMath(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)
        if "$$" not in text:
            return lines

        def stash(match: re.Match[str]) -> str:
            formula = Formula(f'<div class="math">{mathml(match["tex"], display=True)}</div>')
            return "\n" + self.md.htmlStash.store(formula) + "\n"

        return DISPLAY.sub(stash, text).split("\n")


class InlineMath(InlineProcessor):
    def handleMatch(self, m: re.Match[str], data: str):
        formula = Formula(mathml(m["tex"], display=False))
        return self.md.htmlStash.store(formula), m.start(0), m.end(0)


class MathExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # After fenced code (25) has set code blocks aside, so "$$" in code stays code;
        # inline, above backslash escapes (180) and below code spans (190).
        md.preprocessors.register(DisplayMath(md), "display_math", 22)
        md.inlinePatterns.register(InlineMath(INLINE, md), "inline_math", 186)
