"""The vocabularies the evidence signals are built from. The words are data
(``cues.toml``, loaded by ``cues``); what stays here is grammar: apostrophes, articles, a
few modifiers, how a negation reaches a reading ("haven't had a chance to"), and the
makers of a work named without the word "authors". The families in ``signals`` combine
these by grammatical shape (subject, verb, object, negation), so a new word in the file
widens every rule that uses it.
"""

from __future__ import annotations

from evidence.cues import cue

Q = r"(?:'|’)"  # either apostrophe

ART = r"(?:the|its|their|an?|this|that|his|her|my|our|one)"

WORDS = r"(?:[\w./'’&+-]+\s+){0,4}?"  # a few modifiers: "the OpenReview summary page"

# -- full text ------------------------------------------------------------------------------
READ = cue("read_verbs")
# Work redone from the paper's material: "recomputed", "replicated", "re-derived".
REDO = cue("redo_verbs")
WHOLE_PAPER = r"(?:(?:the|its|their|this)\s+)?" + cue("paper_parts")

# -- abstract only --------------------------------------------------------------------------
SUMMARY = cue("summaries")
ONLY = cue("limiters")

# Verbs between a negation and a reading: "haven't had a chance to read the paper".
NOT_YET = (
    r"(?:not|never|no)\s+(?:yet\s+)?(?:had\s+(?:a|the|any)\s+(?:\w+\s+)?(?:chance|time)\s+"
    r"to|(?:got|gotten)\s+(?:a)?round\s+to|managed\s+to|been\s+able\s+to|found\s+(?:the\s+)?"
    r"time\s+to|(?:had|have)\s+time\s+to|get\s+to|tried\s+to)\s+(?:\w+ly\s+)?$"
)

# The authors' own channels: a summary by the authors, not a third party's words.
OWN_CHANNEL = cue("own_channels")
# The makers of the work: the paper's authors, a trial's investigators.
AUTHORS = cue("authors")
# The makers of the work named without the word "authors": "the lab that wrote it".
MAKERS = (
    r"(?:the\s+)?(?:lab|team|group|company|people|folks|startup)\s+(?:that|who|which)\s+"
    r"(?:wrote|published|released|built|made|developed|trained|authored)\s+(?:it|them|the\s+"
    r"(?:paper|model|method|system|work))\b"
)

# -- secondary --------------------------------------------------------------------------------
CHANNEL = cue("channels")
# A person as they were, too: "an ex-colleague".
PERSON = r"(?:ex-)?" + cue("people")

# "video", "review" or "thread" as a topic, not a source: "the video benchmark reports…".
NOT_A_TOPIC = r"(?!\s+" + cue("topic_nouns") + r"\b)"

SPEECH = cue("speech_verbs")

# -- editorial --------------------------------------------------------------------------------
VIEW = cue("views")
# Heading nouns by the level they give the claims under them ("Sell-side chatter").
HEADING_SUMMARY = cue("heading_summaries")
HEADING_HEARSAY = cue("heading_hearsay")
HEADING_VIEW = cue("heading_views")
HEADING_POSITION = cue("heading_positions")
# The writers' verdict with no one named: its words, idioms, recommendations and forecasts.
VERDICT_WORD = cue("verdict_words")
VERDICT_IDIOM = cue("verdict_idioms")
RECOMMENDED = cue("recommended")
FORECAST = cue("forecasts")
