"""The vocabularies the evidence signals are built from: reading verbs and what they can
reach, summary-level artefacts, third parties' channels and people, speech verbs, and the
words a writer uses to own a judgement. Each is a regular-expression alternation; the
families in ``signals`` combine them by grammatical shape (subject, verb, object,
negation), so a new word here widens every rule that uses it.
"""

from __future__ import annotations

Q = r"(?:'|’)"  # either apostrophe

ART = r"(?:the|its|their|an?|this|that|his|her|my|our|one)"

WORDS = r"(?:[\w./'’&-]+\s+){0,4}?"  # a few modifiers: "the OpenReview summary page"

# -- full text ------------------------------------------------------------------------------
READ = (
    r"(?:read|reading|reads|checked|check|checking|verified|verify|confirmed|went through|"
    r"been through|went into|dove into|dived into|finished|got through|"
    r"go through|went past the abstract into|line by line|"
    r"gone through|going through|cross-checked|examined|reviewed|studied|inspected|consulted|"
    r"looked through|looked (?:carefully |closely )?at|worked through|dug into|pored over|"
    r"went over|gone over|combed through|dug through|dig through|dig into|digging into|"
    r"digging through|delved into|waded through|ploughed through|plowed through|"
    r"skimmed|skimming|scanned|scanning|leafed through|"
    r"leafing through|paged through|flicked through|flipped through|browsed|perused|"
    r"got through|sat with|spent\s+(?:an?\s+|the\s+|some\s+)?(?:\w+\s+)?(?:hours?|"
    r"afternoon|morning|evening|day|time|while)\s+(?:with|on|in))"
)

WHOLE_PAPER = (
    r"(?:(?:the|its|their|this)\s+)?(?:(?:full|whole|complete|entire)(?:\s+|-)(?:[\w.-]+\s+){0,4}?(?:papers?|pdfs?|reports?|thes[ie]s|"
    r"texts?|articles?|preprints?|manuscripts?|versions?|drafts?)|papers?\s+in\s+full|"
    r"the\s+methods?(?:\s+and\s+"
    r"results)?(?:\s+sections?)?|methods?(?:\s+and\s+results)?\s+sections?|"
    r"(?:full\s+|the\s+|whole\s+)methodology(?:\s+sections?)?|methodology\s+sections?|results?\s+sections?|experiments?\s+sections?|appendix|"
    r"appendices|main tables?|(?:the|all|its|their)\s+tables|all\s+\d+\s+pages|"
    r"\bSI\b|"
    r"supporting\s+information|every\s+(?:page|table|number)|"
    r"supplementary\s+(?:material|materials|appendix|information|videos?)|supplement|camera-ready|"
    r"(?:whole|full|entire)\s+thing|"
    r"(?:pdf|paper|camera-ready)\s+itself|full\s+paper(?:'s)?\s+(?:figures?|tables?|"
    r"sections?)|(?:the|this|their)\s+(?:actual\s+|arxiv\s+)?(?:paper|pdf|preprint)(?:'s(?:\s+own)?\s+(?:results\s+"
    r")?(?:tables?|figures?|sections?|experiments?|proofs?|appendix|ablations?)\b|\s+own\b|"
    r"(?!'s)(?!\s*(?:abstract|summary|listing|blog|announcement|thread|landing|page|title)))|"
    r"§\s*\d[\d\s,–§-]*|(?:sections?|secs?\.?)\s+\d[\d\s,–-]*(?:of\s+the\s+paper)?|(?:the\s+)?(?:limitations|"
    r"discussion|evaluation|experimental|analysis|ablations?)\s+sections?|"
    r"(?:section|table|figure|appendix)\s+[A-Z\d][\w.]*\s+of\s+the\s+paper|results\s+tables?|"
    r"experiments?\s+section)"
)

# -- abstract only --------------------------------------------------------------------------
SUMMARY = (
    r"(?:titles?\s+and\s+abstracts?|abstracts?|listing|blurbs?|summary[\s-]pages?|summary|summaries|"
    r"landing\s+page|model\s+card|project\s+page|(?:project\s+|repo\s+|github\s+)?readme|poster(?:\s+abstract)?|highlights(?:\s+box)?|"
    r"announcement\s+page|release\s+page|"
    r"(?:journal|workshop|talk|poster)\s+(?:page|abstract|summary)|(?:arxiv|openreview|"
    r"conference|publisher"
    rf"(?:{Q}s)?|hugging\s?face|hf|daily\s+papers|papers\s+with\s+code)\s+(?:page|listing|"
    r"summary|entry|card|abstract)|teaser|tl;?dr|snippet)"
)

ONLY = r"(?:only|just|solely|merely|purely)"

# Verbs between a negation and a reading: "haven't had a chance to read the paper".
NOT_YET = (
    r"(?:not|never|no)\s+(?:yet\s+)?(?:had\s+(?:a|the|any)\s+(?:\w+\s+)?(?:chance|time)\s+"
    r"to|(?:got|gotten)\s+(?:a)?round\s+to|managed\s+to|been\s+able\s+to|found\s+(?:the\s+)?"
    r"time\s+to|(?:had|have)\s+time\s+to|get\s+to|tried\s+to)\s+(?:\w+ly\s+)?$"
)

# The authors' own channels: a summary by the authors, not a third party's words.
OWN_CHANNEL = (
    r"(?:blog(?:\s+post)?|thread|post|tweets?|x\s+post|announcement(?:\s+post)?|video|talk|"
    r"slides|keynote|medium\s+post|substack|newsletter|press\s+release|news\s+release|"
    r"media\s+release|press\s+briefing|column|op-?ed|webinar|explainer)"
)
# The makers of the work: the paper's authors, a trial's investigators.
AUTHORS = r"(?:authors?|investigators?|trialists?)"
# The makers of the work named without the word "authors": "the lab that wrote it".
MAKERS = (
    r"(?:the\s+)?(?:lab|team|group|company|people|folks|startup)\s+(?:that|who|which)\s+"
    r"(?:wrote|published|released|built|made|developed|trained|authored)\s+(?:it|them|the\s+"
    r"(?:paper|model|method|system|work))\b"
)

# -- secondary --------------------------------------------------------------------------------
CHANNEL = (
    r"(?:blog(?:\s+post)?|post(?![\w-])|thread|tweets?|x\s+post|reddit(?:\s+(?:post|thread|comment))?|"
    r"hacker\s+news|discord(?:\s+channel)?|slack|forum|mailing\s+list|press(?:\s+(?:release|"
    r"office|coverage|report))?|news(?:\s+(?:piece|story|article|report|item|site))?|"
    r"story|article|piece|newspaper|magazine|newsletter|digest|substack(?:\s+(?:post|review))?|youtube"
    r"(?:\s+(?:video|explainer))?|video|explainer|podcast|interview|keynote|write-?up|"
    r"coverage|review|leaderboard\s+site|benchmark\s+site|aggregator(?:\s+site)?|"
    r"announcement|commentary|op-?ed|summary\s+by|wikipedia|related[\s-]work(?:\s+section)?|"
    r"literature\s+review|review\s+(?:article|paper)|summary\s+of\s+the\s+literature|"
    r"(?:policy|research)\s+brief|twitter|bluesky|mastodon|hn"
    r"(?:\s+comment)?|linkedin(?:\s+post)?|comments?\s+"
    r"on\s+openreview|the\s+batch)"
)

PERSON = (
    r"(?:others\s+(?:in|at|from)\s+(?:the|my|our)\s+(?:lab|team|group)|colleagues?|labmates?|lab\s+mates?|co-?workers?|advisors?|advisers?|supervisors?|"
    r"mentors?|independent\s+researchers?|journalists?|reporters?|"
    r"commentators?|commenters?|bloggers?|analysts?|outside\s+researchers?|third[\s-]"
    r"part(?:y|ies)|someone|somebody|friends?|critics?|influencers?|attendees?|reviewers?|"
    r"reading\s+(?:club|group)|(?:grad|phd|graduate)\s+students?|(?:lab|team|desk|office|class|course)[\s-]?mates?|managers?|"
    r"bosses|boss|(?:leaderboard|benchmark|arena)\s+maintainers?|organi[sz]ers?|hosts?|speakers?|panell?ists?|moderators?|"
    r"presenters?|(?:former\s+|ex-)?employees?|insiders?|staffers?|postdocs?|professors?|"
    r"contacts?|sources?\s+(?:at|close\s+to|familiar)|(?:someone|somebody|people|folks)\s+"
    r"(?:at|from|inside|who\s+works\s+at)\s+(?!the\s+authors)[\w.&-]+)"
)

# "video", "review" or "thread" as a topic, not a source: "the video benchmark reports…".
NOT_A_TOPIC = (
    r"(?!\s+(?:benchmarks?|tasks?|datasets?|models?|generation|understanding|qa|questions?|"
    r"data|domains?|settings?|lengths?|pools?|counts?|level|parallelism|summari[sz]ation|"
    r"agents?|modules?|networks?|heads?|llms?|polic(?:y|ies)|components?|roles?|loops?|"
    r"steps?|stages?|functions?|scores?|posts|entries|pages)\b)"
)

SPEECH = (
    r"(?:says|said|claims?|claimed|reports?|reported|writes|wrote|mentions?|mentioned|notes|"
    r"noted|summari[sz]es|summari[sz]ed|states|stated|argues|argued|put it|"
    r"tells|told|relays|relayed|is that|forwarded|concludes|concluded|summarising|"
    r"summarizing|reporting|describing|quoting|"
    r"quotes|quoted|puts it|boasts|touts|announced|announces|describes|described|suggests|say|"
    r"tell|reproduced|replicated|found|finds|walks through|shows|points? out|pointed out|"
    r"posted|posts|tweeted|tweets|alleges|alleged|hinted|hints|insists|insisted|asserts|"
    r"asserted|flagged|flags|warned|warns|complained|recounted|passed on|shared|reckons|"
    r"thinks|thought|believes|believed|estimates|estimated|explained|explains|confirmed|"
    r"confirms|let slip|re-?ran|re-?runs|re-?evaluated|re-?measured|measured|benchmarked|"
    r"obtained|whispered|swears|repeats|repeated|recalls|recalled|cites|cited)"
)

# -- editorial --------------------------------------------------------------------------------
VIEW = (
    r"(?:view|read|reading|inference|interpretation|take|synthesis|framing|estimate|guess|"
    r"speculation|conclusion|grouping|pairing|juxtaposition|judge?ment|opinion|hunch|"
    r"hypothesis|extrapolation|gloss|assessment|suspicion|conjecture|reconstruction|"
    r"comparison|connection|bet|sense|impression|feeling|gut|instinct|intuition|prior|"
    r"belief|worry|concern|reservation|verdict|stance|position|prediction|expectation|"
    r"money\s+is\s+on|reckoning|takeaway|doubts?|skepticism|scepticism|suspicions?|"
    r"perspective|standpoint)"
)
