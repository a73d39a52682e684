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

from evidence.vocabulary import ART, AUTHORS, OWN_CHANNEL, PERSON, SUMMARY, WORDS, Q

# The head of a sentence or of a clause, where a label stands.
HEAD = r"(?:^|[:;—–]\s*)\W*"
# A label ends with ":", a dash, or a parenthesis of its own before the claim goes on.
END = r"\s*(?:\([^)]{0,60}\)\s*)?(?::|—|–|\s-\s)"

# Parts of the paper a note can be taken from: a numbered section, table, figure or
# appendix, the PDF, the full text.
_PART = (
    r"(?:(?:the\s+)?(?:full[\s-](?:text|paper|pdf|read)|whole\s+paper|pdf|paper\s+body)|(?:appendix|app\.?)\s*[A-Z\d]?[\w.]*|(?:section|sec\.?|§)\s*\d[\w.]*|"
    r"(?:table|tab\.?|figure|fig\.?)\s*\d+[a-z]?|(?:results?|methods?|experiments?|"
    r"ablations?|evaluation|limitations)\s+(?:sections?|chapters?|tables?)|"
    r"(?:evaluation|experimental|training)\s+(?:protocol|setup|details))"
)
# Summaries a note is headed with ("Summary:" heading a note is the writer's own; a press
# release heading a note may be an institution's, so it needs "their" or "authors'").
_SUMMARY_HEAD = (
    r"(?:abstract|abs|listing|tl;?dr|readme|model\s+card|project\s+page|landing\s+page|"
    r"release\s+(?:page|blog|post|notes)|poster|blurb)"
)
# Where in it: "pdf p. 9, fig 6", "Section 4, Table 2".
_WHERE = (
    r"(?:[\s,]+(?:p\.|pp\.|page|fig\.?|figure|table|tab\.?|sec\.?|section|appendix|ch\.|"
    r"chapter|§)\s*[\w.]+)*"
)
_READ_PARTICIPLE = (
    r"(?:read|checked|verified|re-?read|gone\s+through|examined|studied|consulted|"
    r"confirmed|cross-checked)"
)
# Parts inside the paper that only a full reading reaches.
_INNER = r"(?:supplement\w*|SI|methods|appendi(?:x|ces)|extended\s+data|full\s+text)"
# Words that say the reading did not (yet) happen, between the thing and the participle.
_UNDONE = r"(?!\bnot\b|\bnever\b|\bno\b|\byet\b|\blater\b|\bwill\b|\bto be\b|\bunread\b)"

FULL_TEXT = [
    # The paper's inner parts listed, then the reading: "Supplement and methods consulted: …";
    # or listed in brackets after the paper: "the trial paper (methods, CONSORT diagram)".
    rf"{HEAD}(?:the\s+)?{_INNER}(?:\s*(?:,|and|&|\+)\s*(?:the\s+)?(?:{_INNER}|main\s+text))*\s+"
    rf"{_READ_PARTICIPLE}\b",
    rf"\b(?:paper|preprint|article|report|manuscript)\s*\(\s*(?:the\s+)?{_INNER}\b[^()]{{0,80}}\)",
    # A part of the paper as the heading: "Full text: …", "From the PDF (Fig. 4): …",
    # "Section 5.2 (full text): …", "pdf p. 9, fig 6 — …", "Full text, incl. …".
    rf"{HEAD}(?:(?:from|per|in)\s+)?{_PART}{_WHERE}{END}",
    rf"{HEAD}(?:read\s+)?(?:the\s+)?full[\s-](?:text|paper|read|pdf)\b\s*(?:[,(+&]|and\b|incl\.?\s|including\b)",
    rf"{HEAD}(?:from|per|in)\s+the\s+(?:pdf|paper\s+itself|full\s+paper)\b",
    r"\(\s*(?:from\s+|per\s+)?(?:the\s+)?(?:full[\s-](?:text|paper|read)|pdf)\s*"
    r"(?:[,;][^)]{0,40})?\)",
    # The thing read first, the reading after: "Results section, p. 9, read closely",
    # "Appendix B (read it all)", "the results section (p. 7), which I read".
    rf"\b(?:{_PART}|(?:the|this|their)\s+(?:paper|pdf|preprint)|(?:whole|full|entire)\s+"
    rf"thing)\b(?:(?:p|pp|fig|sec|tab)\.|{_UNDONE}[^.;!?]){{0,30}}?\b(?:which\s+(?:i|we)\s+"
    rf"(?:\w+\s+)?)?(?<![Aa] )(?<!quick )(?<!good )(?<!easy )(?<!long )(?<!hard )"
    rf"{_READ_PARTICIPLE}\b(?!\s+(?:by|in)\s+(?:the\s+)?(?:model|system))",
    r"\b(?:code|paper|pdf)\s+(?:and|\+|&)\s+(?:the\s+)?(?:code|paper|pdf)\s+(?:both\s+)?"
    rf"{_READ_PARTICIPLE}\b",
    r"\b(?:checked|verified|cross-checked|compared)\s+against\s+(?:the\s+)?(?:[\w+&]+\s+)"
    r"{0,3}?(?:paper|pdf|full\s+text)\b",
    r"\bread\s+(?:it|them)\s+all\b|\b(?:been|went|gone|was)\s+through\s+(?:the\s+)?(?:whole|"
    r"entire|full|complete)\b",
    r"\bread\s+the\s+(?:full|whole|entire)\s+thing\b",
    r"\bread\s+(?:it\s+)?(?:fully|thoroughly|completely|in\s+detail)\b|\bread\s+all\s+of\s+it\b",
    r"\bread\s+(?:it|them)\s+(?:whole|entirely|in\s+its\s+entirety)\b",
    # A chapter of a thesis or a report: "read ch. 3", "went through the experiments chapter".
    r"\b(?:read|went\s+through|gone\s+through|checked)\s+(?:the\s+)?(?:ch\.\s*\d+|chapter\s+\d+|"
    r"(?:results?|methods?|experiments?|evaluation|ablations?)\s+chapters?)\b",
    # The paper and something else, both read: "read paper and repo both".
    r"\b(?:read|checked|went\s+through)\s+(?:the\s+)?(?:paper|pdf)\s+(?:and|\+|&)\s+|"
    r"\(\s*read\s+(?:the\s+)?(?:paper|pdf)\b",
    # "Source: the arXiv PDF, sections 2-4", "read through §3–§6", "went line by line
    # through the evaluation protocol", "the results table I pulled out of the PDF".
    rf"{HEAD}(?:source|sources|read)\s*:\s*(?:the\s+)?(?:arxiv\s+)?{_PART}",
    r"\b(?:read|went|gone|going)\s+(?:\w+\s+){0,3}?through\s+(?:§|sections?\s+\d)",
    rf"\bthrough\s+the\s+{_PART}",
    r"\b(?:out\s+of|from|in)\s+the\s+(?:arxiv\s+)?pdf\b",
    r"\b(?:went|dove|dived|got)\s+into\s+(?:the\s+)?(?:§|sections?\s+\d|appendix|tables?|"
    r"results|methods|experiments)",
    r"\bread\s+(?:the\s+|their\s+)?(?:submission|manuscript|preprint|report|thesis|article)\s+"
    r"(?:in\s+full|end\s+to\s+end|cover\s+to\s+cover|fully|closely)\b",
    r"\b(?:entire|whole|full|complete)\s+(?:methods?|results|experiments?|evaluation|appendix)\b",
    # A numbered part cited as the source: "according to table 2", "from the results section
    # proper", "sec 3.3 of the X paper says", "p. 14 of the PDF", "the proofs in the appendix".
    rf"\b(?:according\s+to|per|from|following)\s+(?:the\s+)?{_PART}",
    r"\b(?:section|sec\.?|table|tab\.|fig\.?|figure|appendix|p\.|pp\.|page|footnote|eq\.?|"
    r"equation)\s*(?:\d[\w.]*|(?-i:[A-Z])\b)\s+(?:of|in)\s+the\s+(?:[\w.-]+\s+){0,3}?(?:paper|pdf|report|"
    r"full\s+text)\b",
    r"\b(?:derivations?|proofs?|theorems?|lemmas?)\s+in\s+(?:the\s+)?(?:appendix|section\s*\d|"
    r"sec\.?\s*\d|§)",
    r"\bpaper\s+proper\b|\bsections?\s+proper\b|\bpaper\s*\(\s*full\s*\)",
    r"\b(?:have|had|with)\s+the\s+pdf\s+open\b|\bfully\s+read\b",
    r"\b(?:full|complete|close|careful)\s+readings?\b",
    r"\b(?:method|methods|eval|evaluation|results?|experiments?)(?:\s*(?:\+|and|&)\s*(?:method|"
    r"methods|eval|evaluation|results?|experiments?))+\s+sections?\b",
    # The same in the writer's other language: "lu l'article en entier", "vollständig gelesen".
    r"\b(?:lu|lue)\s+(?:l'article|le\s+papier|l'ensemble)\s+en\s+entier\b|\b(?:article|papier)"
    r"\s+complet\b|\bvollständig\s+gelesen\b|\bganz\s+gelesen\b|\b(?:artículo|paper)\s+"
    r"completo\b",
    # A table or figure placed in the paper: "Table 7 in the pdf has it".
    r"\b(?:table|tab\.|fig\.?|figure|appendix|section|sec\.)\s*(?:\d[\w.]*|(?-i:[A-Z])\b)\s+(?:in|of)\s+the\s+"
    r"(?:pdf|paper|full\s+text|camera-ready)\b",
]

# One of the authors speaking to the writers: "the lead author told us by phone", "the senior
# author, in an interview with us, said", "organisers who co-wrote the report told us"; not a
# rival's or an outside author.
_NOT_THEIRS = (
    r"(?<!rival\s)(?<!another\s)(?<!other\s)(?<!competing\s)(?<!independent\s)(?<!outside\s)"
)
_LEAD = r"(?:lead|first|senior|corresponding|last)"
_SPEAKER = rf"\b(?:{_LEAD}\s+researcher|(?:{_LEAD}\s+)?{_NOT_THEIRS}author)\b(?!s)"
_IN_PERSON = (
    r"(?:in\s+an?\s+(?:[\w-]+\s+)?(?:interview|email|call)|by\s+(?:phone|email)|reached\s+by)"
)
_AUTHORS_SPEAKING = [
    rf"{_SPEAKER}[^.;:]{{0,60}}?\btold\s+(?:us|me)\b",
    rf"{_SPEAKER}[^.;:]{{0,40}}?\b{_IN_PERSON}\b[^.;:]{{0,30}}?\b(?:said|says|told|explained|"
    r"confirmed|wrote)\b",
    rf"{_SPEAKER}[^.;:]{{0,20}}?\b(?:said|told|explained|wrote)\s+(?:[^.;:]{{0,10}}?\s)?{_IN_PERSON}\b",
    r"\bwho\s+co-?wrote\s+the\s+(?:report|paper|study)\b[^.;:]{0,20}?\btold\s+(?:us|me)\b",
    # "Presenting her group's work, the lead author showed …": the authors' own talk.
    r"\bpresenting\s+(?:her|his|their)\s+(?:own\s+|group(?:'s|’s)\s+|team(?:'s|’s)\s+|"
    r"lab(?:'s|’s)\s+)?(?:work|paper|study|results)\b",
]

ABSTRACT_ONLY = [
    # A summary as the heading: "Abstract: …", "(abstract) …", "from abstract: …".
    rf"{HEAD}(?:(?:from|per|off)\s+)?(?:the\s+)?(?:arxiv\s+)?(?:abstract|abs|listing|tl;?dr)"
    rf"(?:[\s-]+only)?{END}",
    r"\((?:[^()]{0,15}[:\s])?\s*(?:from\s+|per\s+)?(?:the\s+)?(?:arxiv\s+)?(?:abstract|abs|"
    r"listing)(?:\s+only)?\s*\)",
    r"\babs\.?[\s-]+only\b",
    # "Only abstract read", "only the abstract seen".
    rf"\bonly\s+(?:the\s+)?{SUMMARY}\s+(?:was\s+|were\s+)?(?:read|seen|available|consulted|"
    r"checked|skimmed)\b",
    # A summary speaking with a word between: "README (authors') claims", "their own
    # TL;DR on OpenReview says", "Authors' project page claims", "model card says".
    rf"(?:^|[:;,(—–]\s*)(?:(?:the|its|their)\s+)?(?:own\s+)?(?:[\w.'’-]+\s+){{0,2}}?{SUMMARY}"
    r"(?:\s+(?:on|in|at)\s+[\w.-]+)?\s*(?:\([^)]{0,30}\)\s*)?\s*(?:says|states|claims|"
    r"reports|lists|gives|mentions|promises|describes|shows|suggests)\b",
    # The summary set against the paper: "the arXiv abstract, not the paper".
    rf"\b{SUMMARY},?\s+(?:but\s+)?not\s+the\s+(?:paper|pdf|full\s+text|report)\b",
    r"\bskim\w*\s+(?:only\s+)?(?:the\s+)?(?:[\w.-]+\s+)?(?:title|abstract|listing|summary)",
    # What was read, then "nothing more": "I read the abstract and the thread, nothing more".
    rf"\b(?:read|saw|seen|skimmed|have|had)\s+(?:the\s+)?(?:[\w.-]+\s+)?{SUMMARY}\b"
    r"[^.;!?]{0,60}?\b(?:nothing\s+(?:more|else)|that\s+is\s+all|no\s+further)\b",
    rf"\b{SUMMARY}\b[^.;!?]{{0,80}}?\b(?:is|was)\s+all\s+(?:i|we)\s+(?:have\s+|had\s+)?(?:read|"
    r"seen|had|got)\b",
    # No time or way to go past it: "didn't have time for more than the abstract",
    # "only got as far as the abstract", "haven't got past page one", "no paper read".
    r"\b(?:not|no|never)\b[^.;:!?]{0,30}?\bmore\s+than\s+(?:the\s+)?(?:abstract|listing|"
    r"summary)\b",
    r"\b(?:got|get|gotten|read|went|go)\s+(?:only\s+)?(?:as\s+far\s+as|no\s+further\s+than)\s+"
    r"the\s+(?:abstract|listing|summary|intro(?:duction)?|first\s+page)\b",
    r"\b(?:not|never)\s+(?:got|gotten|gone|read|been)\s+past\s+(?:page\s+(?:one|1)|the\s+"
    r"first\s+page|the\s+intro(?:duction)?)\b|\bno\s+(?:paper|pdf|full\s+text)\s+read\b",
    r"\b(?:per|from|according\s+to|going\s+by|off)\s+(?:the\s+)?abstract\b",
    # The authors' own channel as what was read.
    rf"\bonly\s+(?:read|saw|seen|have|had|watched)\s+(?:the\s+)?(?:authors?{Q}?s?{Q}?|their)"
    rf"\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
    r"\bsummary\s+by\s+the\s+authors\b|\b(?:readme|model\s+card)\s*\(\s*(?:by\s+)?(?:the\s+)?"
    rf"authors?{Q}?s?{Q}?\s*\)",
    r"\b(?:summary|tl;?dr|thread|post)\s+(?:from|by|that)?\s*the\s+authors(?:\s+(?:posted|"
    r"wrote|put\s+out|shared|published|gave))?\b",
    r"\btheir\s+(?:own\s+)?(?:press\s+release|launch\s+post|announcement)\b",
    # A summary as the heading, said to be the authors': "Authors' video summary (on their
    # own channel): …", "README of the repo (authors'): …", "Title + abstract, that's it".
    rf"{HEAD}(?:the\s+)?(?:(?:first|lead|senior|last|corresponding)\s+)?(?:authors{Q}|author{Q}s|"
    rf"their)\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?(?:{OWN_CHANNEL}|{_SUMMARY_HEAD})"
    rf"(?:\s+[\w-]+)?(?:\s+(?:on|in)\s+[\w.-]+)?"
    # "Authors' own lab blog post announcing the paper: …"
    r"(?:\s+(?:announcing|introducing|describing|summari[sz]ing|about|on)\s+(?:the|their|this|its)"
    rf"\s+(?:[\w-]+\s+)?(?:paper|study|preprint|work|results?|findings|trial))?{END}",
    rf"\b(?:according\s+to|per|via|from|going\s+by|based\s+on)\s+(?:the\s+)?(?:(?:first|lead|"
    rf"senior|last)\s+)?authors?{Q}?s?{Q}?\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?(?:{OWN_CHANNEL}|"
    rf"{SUMMARY}|poster)\b",
    # What was read named first: "Read the abstract and …", "Abstract skim."
    rf"{HEAD}(?:i\s+|we\s+)?(?:read|skimmed|saw|checked)\s+(?:the\s+|its\s+)?(?:arxiv\s+)?"
    r"(?:abstract|listing)\b",
    # A named reader of the abstract and nothing more: "Then Carlos read the preprint
    # abstract himself", "Mei read the paper's abstract".
    r"(?:^|[:;—–]\s*)(?:then\s+|so\s+|later\s+|afterwards\s+)?(?-i:[A-Z])[\w'’-]+\s+(?:only\s+|just\s+)?"
    r"(?:read|skimmed|checked)\s+(?:the\s+|its\s+|their\s+)?(?:arxiv\s+|preprint(?:'s|’s)?\s+|"
    r"paper(?:'s|’s)?\s+|study(?:'s|’s)?\s+)?abstract\b(?!\s+(?:and|then|plus|\+)\b)",
    # The makers' release named as all that was read: "only the ESA/collaboration press
    # release read", "we read the survey authors' own press release only".
    rf"\bonly\s+(?:the\s+)?(?:[\w.-]+/)?(?:{AUTHORS}){Q}?s?{Q}?\s+(?:own\s+)?{OWN_CHANNEL}\s+"
    r"(?:was\s+|were\s+)?(?:read|seen)\b",
    rf"\b(?:read|saw|seen|watched)\s+(?:the\s+)?(?:[\w-]+\s+){{0,2}}?(?:{AUTHORS}){Q}?s?{Q}?\s+"
    rf"(?:own\s+)?(?:[\w-]+\s+)?{OWN_CHANNEL}\s+only\b",
    *_AUTHORS_SPEAKING,
    # "the abstract of Frölicher et al. says": the abstract as the source of the words.
    r"(?:^|[:;—–(]\s*)(?:the\s+)?abstract\s+of\s+(?:the\s+)?(?:[\w.'’+-]+\s+){0,5}?(?:says|said|"
    r"states|stated|reports|reported|claims|notes|gives|puts|finds|found|concludes)\b",
    r"\babstract\s+(?:skim|skimmed|read)\b|\bin\s+abstract\b",
    # "abstract of each paper also read by Yusuf", "abstracts then read".
    r"\babstracts?\s+(?:of\s+(?:each|every|all|the)\s+(?:\w+\s+)?(?:papers?|studies|articles?|"
    r"preprints?)\s+)?(?:also\s+|only\s+|then\s+)?(?:were\s+|was\s+)?(?:skimmed|read)\b"
    r"(?![,;]?\s+(?:then|and|but|before|after)\b)",
    rf"{HEAD}(?:the\s+)?(?:[\w.-]+\s+)?{_SUMMARY_HEAD}(?:\s+(?:of|from|on)\s+(?:the\s+)?"
    rf"[\w.-]+)?{END}",
    r"\b(?:title|titles)\s*(?:\+|and|&)\s*abstracts?\b",
    rf"\b{SUMMARY}\b[^.;!?]{{0,30}}?\b(?:that\s+is|that's|thats)\s+(?:it|all)\b",
    rf"\b(?:what|all)\s+(?:i|we)\s+(?:have|had|got|read|saw)\s+(?:is|was)\s+(?:{ART}\s+)?"
    rf"{WORDS}{SUMMARY}\b",
    rf"\b(?:{OWN_CHANNEL}|{SUMMARY}),?\s+which\s+is\s+all\s+(?:i|we)\s+(?:have\s+|had\s+)?"
    r"(?:read|seen|looked\s+at|had|got)\b",
    rf"\bonly\s+(?:read|seen|saw|had|have)\s+(?:the\s+)?{SUMMARY}\b",
    rf"\bauthors?{Q}?s?{Q}?\s+own\s+words\b",
    rf"\bvia\s+{ART}\s+{WORDS}{SUMMARY}\b",
    # "Source: the authors' announcement tweet", "… is my source", "read their post instead".
    rf"{HEAD}sources?\s*:\s*(?:the\s+|their\s+)?(?:(?:(?:first|lead)\s+)?authors?{Q}?s?{Q}?\s+|"
    rf"their\s+)?(?:own\s+)?(?:[\w-]+\s+){{0,2}}?(?:{OWN_CHANNEL}|{SUMMARY})\b",
    rf"\b(?:{OWN_CHANNEL}|{SUMMARY}|slides?)\b[^.;!?]{{0,40}}?\b(?:is|was)\s+(?:my|our)\s+"
    r"(?:only\s+)?source\b",
    rf"\b(?:{OWN_CHANNEL}|{SUMMARY})\s+instead\b",
    r"\bsummary\s+(?:written|posted|given|put\s+out|provided)\s+by\s+the\s+authors\b",
    r"\bauthor-written\s+(?:summary|post|blurb|note)|\b(?:paper|pdf)\s+(?:is\s+|was\s+)?not\s+"
    r"(?:accessible|reachable)\b",
    rf"\b{SUMMARY}\s*\(\s*(?:the\s+)?(?:only|all)\s+(?:thing\s+)?(?:that(?:'s|\s+is|\s+was)\s+)?"
    r"(?:available|public|out|online)",
    r"\b(?:release\s+)?notes\s+(?:that\s+)?the\s+authors\s+(?:posted|wrote|put\s+out|shared)\b",
    r"\ball\s+(?:off|from)\s+(?:the\s+)?(?:arxiv\s+)?(?:abstract|listing|summary)\b",
    r"\b(?:per|from|according\s+to|going\s+by|off)\s+(?:the\s+)?(?:arxiv|openreview)\s+abstract\b",
    rf"{HEAD}{SUMMARY}\b[^.;:!?]{{0,50}}?\bonly\s*[:—–,]",
    r"\bonly\s+(?:the\s+)?abstract\s+(?:was|were)\s+ava\w*",
    # (in square brackets too, as some writers tag their sources: "[abstract, J. Power Sources]")
    r"[(\[](?:[^()\[\]]{0,15}[:\s])?\s*(?:the\s+)?(?:arxiv\s+)?(?:abstract|abs|listing)\s*[,;]"
    r"[^()\[\]]{0,24}[)\]]",
    # The writer's other language: "seul le résumé lu", "nur das Abstract gelesen".
    r"\bseul(?:ement)?\s+(?:le\s+)?résumé\b|\bnur\s+(?:das\s+)?(?:abstract|zusammenfassung)\b|"
    r"\bsolo\s+(?:el\s+)?resumen\b",
    # The makers' own channel by name: "Meta's own announcement post".
    rf"\b[\w.-]+{Q}s\s+own\s+(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
]

# Channels that name a third party's words when they head a note ("review" or "summary"
# heading a note is the writer's own word for it, so they are not here).
_CHANNEL_HEAD = (
    r"(?:(?:discussion\s+|reddit\s+|x\s+|twitter\s+)?thread|blog(?:\s+post)?|post|tweets?|"
    r"reddit|hacker\s+news|hn(?:\s+comments?)?|discord|slack|forum|newsletter|digest|substack|"
    r"podcast|youtube(?:\s+video)?|interview|linkedin(?:\s+post)?|comments?|discussion|"
    r"briefing|bulletin|coverage|news\s+(?:story|piece|item|report)|magazine\s+(?:piece|story|feature)|"
    # ... a periodic report, an agency's or an observatory's ("GVP weekly report:").
    r"(?:daily|weekly|monthly|activity)\s+(?:update|report)s?|"
    # ... and a review named by its journal or kind ("ARA&A review:", "annual review:").
    r"(?:(?-i:[A-Z][A-Za-z]*&[A-Z]+|[A-Z]{2,}[A-Za-z]*)|annual|journal|systematic|narrative)\s+review)"
)

SECONDARY = [
    # "Reported at the met agency's briefing", "reported in a trade weekly's column".
    r"\breported\s+(?:at|in|on|by)\s+(?:the\s+|a\s+|an\s+)?(?:[\w.'’-]+\s+){0,3}?(?:briefings?|press\s+"
    r"conferences?|newsletters?|columns?|news\s+(?:stories|story|items?|reports?)|wire(?:\s+copy)?)\b",
    # A third party named as such: "(third party)", "a third-party reproduction repo",
    # "an independent evaluator's blog".
    r"\bthird[\s-]part(?:y|ies)\b",
    r"\bindependent\s+(?:[\w-]+\s+)?(?:evaluators?|researchers?|testers?|labs?|groups?|teams?|"
    r"benchmarkers?|reproductions?|replications?|evaluations?|evals?|audits?|analys[ie]s)\b",
    # A channel as the heading: "Kaggle discussion thread: …", "HN comments: …".
    rf"{HEAD}(?:[\w.'’&-]+\s+){{0,3}}?{_CHANNEL_HEAD}(?:\s+(?:wk|week|no\.?|issue|ep\.?|episode|vol\.?)"
    r"\s*\d+)?\s*[:—–]",
    r"\bothers\s+(?:in|at|from)\s+(?:the|my|our)\s+(?:lab|team|group|office)\b",
    r"\bnot\s+on\s+the\s+paper\b|\bon\s+good\s+authority\b",
    # Speakers said not to be the makers: "(presented by registrars, neither on the trial)".
    r"\b(?:neither|none\s+of\s+them|not\s+one\s+of\s+them)\s+(?:of\s+them\s+)?on\s+the\s+(?:trial|paper|study|"
    r"author\s+list)\b",
    rf"\b(?:another|a\s+different|competing|rival)\s+(?:group|lab|team){Q}?s?\b|\b(?:was|were)\s+"
    r"told\s+by\b",
    r"\b(?:outside|external)\s+(?:[\w-]+\s+)?(?:replications?|reproductions?|evaluations?|evals?|"
    r"audits?|analys[ie]s|researchers?|groups?|labs?|teams?|critics?|reviewers?)\b",
    r"\b(?:per|according\s+to|via|from)\s+my\s+(?:co-?authors?|collaborators?|manager|boss|"
    r"advisor|adviser|supervisor|labmates?|students?|colleagues?)\b",
    r"\bas\s+(?:relayed|reported|told|passed\s+on|recounted|described)\s+(?:to\s+(?:me|us)\s+)?by\s+"
    r"(?!the\s+authors)",
    r"\b(?:manager|boss|colleague|advisor|supervisor|friend)\s+(?:forwarded|sent)\b",
    r"\b(?:according\s+to|per|via)\s+(?:the\s+)?(?:[\w.'’&-]+\s+){0,4}?leaderboards?\b",
    # Said on someone's channel: "folks said on their Discord".
    r"\b(?:said|wrote|posted|mentioned|claimed|reported|say|says)\s+(?:on|in)\s+(?:their|the|"
    r"a|an|his|her)\s+(?:[\w-]+\s+)?(?:discord|slack|forum|podcast|blog|thread|newsletter|"
    r"stream|channel|substack)\b",
    r"\b(?:someone|somebody|people|folks|a\s+user|users|commenters?)\s+(?:on|in)\s+(?:the\s+|a\s+)?"
    r"(?:[\w.-]+\s+){0,2}?(?:discord|slack|forum|reddit|subreddit|twitter|x|hn|hacker\s+news|"
    r"thread|server|channel)\b",
    # A person quoted: "Medscape also quotes a cardiologist saying …".
    rf"\b(?:quotes|quoted|quoting)\s+(?:an?\s+|one\s+|some\s+)(?:[\w-]+\s+){{0,2}}?(?:{PERSON})\b",
    r"\bquoting\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:talk|post|thread|blog|tweet|"
    r"interview|podcast|article|keynote|presentation)\s+by\s+(?!the\s+authors)",
    rf"\b(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?{Q}s\s+(?:analysis|report|review|estimate|"
    r"piece|article|take|write-?up|tracker)\s+(?:says|finds|found|puts|shows|estimates|"
    r"reports|claims)\b",
    rf"\b(?:via|per)\s+(?-i:[A-Z])[\w.-]*\s+(?-i:[A-Z])[\w.-]*{Q}s\s+",
    r"\b(?:talk|presentation|keynote|lecture|interview|podcast|episode)\s+(?:at\s+[\w.-]+\s+)?"
    r"(?:by|with)\s+(?!the\s+"
    r"(?:first\s+)?authors?\b|one\s+of\s+the\s+authors)(?:someone|somebody|an?\s+|(?-i:[A-Z]))",
    r"\bfrom\s+(?:the\s+|an?\s+)?(?:[\w.'’&-]+\s+){0,3}?(?:write-?up|recap|round-?up|"
    r"explainer|coverage|column)\b(?!\s+(?:of|by)\s+the\s+authors)",
]

# The authors' own press release, or a maker's own post, is not a third party's.
AUTHORS_OWN = [
    *_AUTHORS_SPEAKING,
    r"\bsummary\s+(?:written\s+|posted\s+)?by\s+the\s+authors\b|\bauthor-written\b",
    r"\btheir\s+(?:own\s+)?(?:press\s+release|launch\s+post|announcement)\b",
    rf"\b[\w.-]+{Q}s\s+own\s+(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
]

EDITORIAL = [
    # The desk's rating of a claim: "Rating: misleading.", "Desk rating: …", "We rate it …".
    rf"{HEAD}(?:(?:our|desk|the\s+desk{Q}s)\s+)?ratings?(?:\s+for\s+[^:;.]{{1,40}})?\s*:",
    r"\b(?:we|i)\s+rate\b",
    r"\bmy\s+(?:2|two)\s*(?:c|cents|¢)\b|\bmy\s+\$0?\.02\b",
    # A belief denied is still the writers' view: "we don't think the numbers capture it".
    r"\b(?:i|we)\s+(?:do|did)\s+not\s+(?:really\s+|quite\s+)?(?:think|believe|buy|trust)\b"
    r"(?!\s+(?:so\s+)?(?:we|i)\s+(?:have|had|did)\b)",
    r"\b(?:i|we)\s+would\s+(?:\w+ly\s+)?(?:flag|label|file|treat|rate|count|dismiss|class|"
    r"mark|filed?)\s+(?:this|it|that|these|the)\b",
    r"\bpersonal\s+(?:judge?ment|assessment|guess|hunch|aside|remark|comment|impression|"
    r"verdict|sense)\b",
    r"\bjudge?ment\s+call\b|(?<!ed\s)(?<!run\s)(?<!done\s)\bon\s+(?:our|my)\s+side\b|\bwhere\s+(?:i|we)\s+(?:land|come\s+"
    r"down)\b",
    r"\b(?:i|we)\s+find\s+(?:it|this|that)\s+(?:hard|difficult|easy)\s+to\s+(?:believe|accept|"
    r"credit|buy|trust)\b|(?:^|[;:,—–]\s*)(?:to|for)\s+me\b\s*,?",
    r"\bspeaking\s+as\s+(?:someone|a|an|one)\b|\bgut\s+(?:feeling|sense|call|reaction|"
    r"instinct)\b|\bfor\s+what\s+it(?:'s|\s+is)\s+worth\b",
    r"\b(?:i am|we are)\s+of\s+the\s+(?:view|opinion)\b",
    r"\b(?:i|we)\s+find\s+(?:the|this|that|it|their)\b[^.;]{0,60}?\b(?:overblown|overstated|"
    r"unconvincing|convincing|believable|unbelievable|implausible|plausible|overrated)\b",
    r"\bmeine\s+einschätzung\b|\bmeiner\s+meinung\s+nach\b|\bà\s+mon\s+avis\b|\bselon\s+moi\b|"
    r"\ben\s+mi\s+opinión\b",
    # Weighing the work: "We consider X the paper's real contribution".
    r"\b(?:i|we)\s+(?:consider|regard|rate|count|judge)\s+[^.;]{1,80}?\b(?:real|main|true|key|"
    r"genuine|overrated|underrated|overclaimed|overstated|hype|misleading|dubious|convincing|"
    r"unconvincing|contribution|novelty|reasonable|sensible|solid|promising|questionable|"
    r"sound|unsound|reliable|unreliable|default|negative|overblown|believable|plausible|"
    r"implausible|disguise)\b",
]

# The body of the paper speaking too: the reading went past the summary ("the abstract says
# SOTA; the tables say otherwise").
BEYOND_ABSTRACT = [
    r"\bthe\s+(?:tables?|results(?:\s+section)?|experiments|body|appendix|figures?)\s+(?:say|says|"
    r"show|shows|tell|tells|suggest|suggests)\b",
]

# Shorthand written out before matching: "thru" is "through".
SPELLED = [
    (
        r"\b(?-i:Im)\b(?=\s+(?:not|sure|unsure|inclined|skeptical|sceptical|convinced|afraid|"
        r"guessing|tempted|wary|doubtful)\b)",
        "I am",
    ),
    (r"\b(?-i:Ive)\b", "I have"),
    (r"\bthru\b", "through"),
    # "full txt read", "fulltext", "FT read": the full text, shortened.
    (r"\btxt\b", "text"),
    (r"\bfull-?text\b", "full text"),
    (r"\b(?-i:FT)\b(?=\s+(?:read|checked|seen|obtained)\b)", "full text"),
    # "FT incl. SI -", "FT + code:": the full text with a part of it, as the claim's label.
    (
        r"^\W*(?-i:FT)\b(?=\s*(?:\+|&|incl\.?|including|and|w/)\s*(?:SI|ESM|supp\w*|suppl\.?|code|"
        r"data|appendi\w+)\b)",
        "full text",
    ),
    # "FT n/r": the full text not read; "n/r" alone, not read.
    (r"\bn/r\b", "not read"),
    # "we pulled the FT", "Table 3 of the FT": the full text, where a reading or a part of
    # the paper says so ("from the FT" alone may be the newspaper).
    (
        r"\b((?:read|pulled|obtained|got|checked|requested|downloaded|accessed|opened|have|had|"
        r"(?:appendix|appendices|annex|tables?|figures?|methods|SI|supplement|analysis|criteria|"
        r"results|data|section)(?:\s+S?[\dA-Z]{1,3})?\s+(?:of|in))\s+(?:the|its|their|this))"
        r"\s+(?-i:FT)\b(?![’']s\b)",
        r"\1 full text",
    ),
    (r"\b(could|did|does|do|is|was|were|are|have|has|had|would|should)nt\b", r"\1 not"),
    # Texting shorthand: "cdnt get full txt", "wdnt", "hvnt read it".
    (r"\bc(?:ld|d)nt\b", "could not"),
    (r"\bw(?:ld|d)nt\b", "would not"),
    (r"\bsh(?:ld|d)nt\b", "should not"),
    (r"\bhv(?:e)?nt\b", "have not"),
    # "full ms read" (not "40 ms"), "in the suppl." (its tables and info have cues of their own).
    (r"\b(full|whole|entire|complete|the)\s+ms\b(?!\s*[-–]?\s*\d)", r"\1 manuscript"),
    (r"\bsuppl\b\.?(?!\s*(?:info|tables?|tab|figs?|figures?|mat|data)\b)", "supplement"),
    # "Frölicher+", "Wang+ 2024": the astronomers' "et al.".
    (r"(?<=[^\W\d_])\+(?=\s|$|[,;:)])", " et al."),
    # "we are skeptic": the noun for the adjective.
    (r"\b(am|are|is|was|were|remain|remains|stay|stays)\s+(skeptic|sceptic)\b", r"\1 sceptical"),
    # "the orig. papers": the original ones.
    (r"\borig\b\.?", "original"),
    # "night reg", "the med reg": the registrar, as ward notes shorten the role.
    (
        r"\b(night|day|evening|weekend|on-?call|med|medical|surg|surgical|ortho|neuro|cardio|renal|"
        r"gastro|resp|paeds|obs|icu|the|our|a)\s+reg\b"
        r"(?![.-]?\s*\d)",
        r"\1 registrar",
    ),
    # "prob underpowered": probably.
    (r"\bprob\b(?=\s+(?:not\s+)?[a-z]+(?:ed|ing|ful|ous|ive|able|ible|al|ic)\b)", "probably"),
    # "src: KDIGO GL summary": the source, a guideline's summary.
    (r"\bsrc\b(?=\s*[:=])", "source"),
    (
        r"\b(?-i:GL)(s?)\b(?=\s+(?:summar(?:y|ies)|recs?|recommendations?|update|says|states))",
        r"guideline\1",
    ),
]
