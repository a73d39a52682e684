"""How note-takers name their source in shorthand, added to the families in ``signals``.

Notes are often terse: the source is a heading ("Abstract:", "Full text:", "Kaggle
thread:"), a parenthesis ("(abstract)", "Section 5.2 (full text):", "(third party)"), or
the thing read comes first and the reading after it ("Results section, p. 9, read
closely", "Code and paper both read"). Each list below holds pattern strings that
``signals`` appends to its family, so the families keep one precedence and one negation
rule. A label counts only at the head of the sentence (or of a clause after ":", ";",
"—") or as a parenthesis: "the abstract" in the middle of a sentence is not a label.
"""

from __future__ import annotations

from entries.evidence.vocabulary import OWN_CHANNEL, SUMMARY, WHOLE_PAPER, Q

# The head of a sentence or of a clause, where a label stands.
HEAD = r"(?:^|[:;—–]\s*)\W*"
# A label ends with ":", a dash, or a parenthesis of its own before the claim goes on.
END = r"\s*(?:\([^)]{0,60}\)\s*)?(?::|—|–|\s-\s)"

# Parts of the paper a note can be taken from: a numbered section, table, figure or
# appendix, the PDF, the full text.
_PART = (
    r"(?:(?:the\s+)?(?:full[\s-](?:text|paper|pdf|read)|whole\s+paper|pdf|paper\s+body|"
    r"camera-ready)|(?:appendix|app\.?)\s*[A-Z\d]?[\w.]*|(?:section|sec\.?|§)\s*\d[\w.]*|"
    r"(?:table|tab\.?|figure|fig\.?)\s*\d+[a-z]?|(?:results?|methods?|experiments?|"
    r"ablations?|evaluation|limitations)\s+sections?)"
)
_READ_PARTICIPLE = (
    r"(?:read|checked|verified|re-?read|gone\s+through|examined|studied|consulted|"
    r"confirmed|cross-checked)"
)
# Words that say the reading did not (yet) happen, between the thing and the participle.
_UNDONE = r"(?!\bnot\b|\bnever\b|\bno\b|\byet\b|\blater\b|\bwill\b|\bto be\b|\bunread\b)"

FULL_TEXT = [
    # A part of the paper as the heading: "Full text: …", "From the PDF (Fig. 4): …",
    # "Section 5.2 (full text): …", "Appendix B: …".
    rf"{HEAD}(?:(?:from|per|in)\s+)?{_PART}(?:\s*,\s*(?:p\.|pp\.|page)\s*\d+)?{END}",
    rf"{HEAD}(?:from|per|in)\s+the\s+(?:pdf|paper\s+itself|full\s+paper)\b",
    r"\(\s*(?:from\s+|per\s+)?(?:the\s+)?(?:full[\s-](?:text|paper|read)|pdf)\s*(?:[,;][^)]{0,40})?\)",
    # The thing read first, the reading after: "Results section, p. 9, read closely",
    # "Appendix B (read it all)", "the results section (p. 7), which I read".
    rf"\b{WHOLE_PAPER}\b(?:(?:p|pp|fig|sec|tab)\.|{_UNDONE}[^.;!?]){{0,30}}?\b(?:which\s+(?:i|we)\s+(?:\w+\s+)?)?"
    rf"(?<![Aa] )(?<!quick )(?<!good )(?<!easy )(?<!long )(?<!hard )"
    rf"{_READ_PARTICIPLE}\b(?!\s+(?:by|in)\s+(?:the\s+)?(?:model|system))",
    r"\b(?:code|paper|pdf)\s+(?:and|\+|&)\s+(?:the\s+)?(?:code|paper|pdf)\s+(?:both\s+)?"
    rf"{_READ_PARTICIPLE}\b",
    r"\b(?:checked|verified|cross-checked|compared)\s+against\s+(?:the\s+)?(?:[\w+&]+\s+)"
    r"{0,3}?(?:paper|pdf|full\s+text)\b",
    r"\bread\s+(?:it|them)\s+all\b|\b(?:been|went|gone|was)\s+through\s+(?:the\s+)?(?:whole|"
    r"entire|full|complete)\b",
    r"\bread\s+the\s+(?:full|whole|entire)\s+thing\b",
]

ABSTRACT_ONLY = [
    # A summary as the heading: "Abstract: …", "(abstract) …", "from abstract: …".
    rf"{HEAD}(?:(?:from|per)\s+)?(?:the\s+)?(?:arxiv\s+)?(?:abstract|abs|listing|tl;?dr)"
    rf"(?:\s+only)?{END}",
    r"\(\s*(?:from\s+|per\s+)?(?:the\s+)?(?:arxiv\s+)?(?:abstract|abs|listing)(?:\s+only)?\s*\)",
    r"\babs\.?\s+only\b",
    # "Only abstract read", "only the abstract seen".
    rf"\bonly\s+(?:the\s+)?{SUMMARY}\s+(?:was\s+|were\s+)?(?:read|seen|available|consulted|"
    r"checked|skimmed)\b",
    # A summary speaking with a word between: "README (authors') claims", "their own
    # TL;DR on OpenReview says", "model card says …" at the head of the sentence.
    rf"(?:^|[:;,(—–]\s*)(?:(?:the|its|their)\s+)?(?:own\s+)?(?:[\w.-]+\s+){{0,2}}?{SUMMARY}"
    r"(?:\s+(?:on|in|at)\s+[\w.-]+)?\s*(?:\([^)]{0,30}\)\s*)?\s*(?:says|states|claims|"
    r"reports|lists|gives|mentions|promises|describes|shows|suggests)\b",
    # The summary set against the paper: "the arXiv abstract, not the paper".
    rf"\b{SUMMARY},?\s+(?:but\s+)?not\s+the\s+(?:paper|pdf|full\s+text|report)\b",
    r"\bskim\w*\s+(?:only\s+)?(?:the\s+)?(?:[\w.-]+\s+)?(?:title|abstract|listing|summary)",
    # What was read, then "nothing more": "I read the abstract and the thread, nothing more".
    rf"\b(?:read|saw|seen|skimmed|have|had)\s+(?:the\s+)?(?:[\w.-]+\s+)?{SUMMARY}\b"
    r"[^.;!?]{0,60}?\b(?:nothing\s+(?:more|else)|that\s+is\s+all|no\s+further)\b",
    # No time or way to go past it: "didn't have time for more than the abstract".
    r"\b(?:not|no|never)\b[^.;:!?]{0,30}?\bmore\s+than\s+(?:the\s+)?(?:abstract|listing|"
    r"summary)\b",
    # The authors' own channel as what was read.
    rf"\bonly\s+(?:read|saw|seen|have|had|watched)\s+(?:the\s+)?(?:authors?{Q}?s?{Q}?|their)"
    rf"\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
    r"\bsummary\s+by\s+the\s+authors\b|\b(?:readme|model\s+card)\s*\(\s*(?:by\s+)?(?:the\s+)?"
    rf"authors?{Q}?s?{Q}?\s*\)",
    r"\btheir\s+(?:own\s+)?(?:press\s+release|launch\s+post|announcement)\b",
]

# Channels that name a third party's words when they head a note ("review" or "summary"
# heading a note is the writer's own word for it, so they are not here).
_CHANNEL_HEAD = (
    r"(?:(?:discussion\s+|reddit\s+|x\s+|twitter\s+)?thread|blog(?:\s+post)?|post|tweets?|"
    r"reddit|hacker\s+news|hn(?:\s+comments?)?|discord|slack|forum|newsletter|digest|substack|"
    r"podcast|youtube(?:\s+video)?|interview|linkedin(?:\s+post)?|comments?|discussion)"
)

SECONDARY = [
    # A third party named as such: "(third party)", "a third-party reproduction repo".
    r"\bthird[\s-]part(?:y|ies)\b",
    # A channel as the heading: "Kaggle discussion thread: …", "HN comments: …".
    rf"{HEAD}(?:[\w.'’-]+\s+){{0,3}}?{_CHANNEL_HEAD}\s*[:—–]",
    r"\bothers\s+(?:in|at|from)\s+(?:the|my|our)\s+(?:lab|team|group|office)\b",
]

# The authors' own press release is not a third party's.
AUTHORS_OWN = [r"\btheir\s+(?:own\s+)?(?:press\s+release|launch\s+post|announcement)\b"]

EDITORIAL = [
    r"\bmy\s+(?:2|two)\s*(?:c|cents|¢)\b|\bmy\s+\$0?\.02\b",
    r"\b(?:i|we)\s+would\s+(?:\w+ly\s+)?(?:flag|label|file|treat|rate|count|dismiss|class|"
    r"mark|filed?)\s+(?:this|it|that|these|the)\b",
]

# Shorthand written out before matching: "thru" is "through".
SPELLED = [(r"\bthru\b", "through")]
