"""Caveats from a claim's own words: what the text says is missing or unchecked.

Each caveat is read from what its words mean, not from a stock phrase: a missing name
("unnamed", "not named", "never said", "which … is unclear", "in-house"), a missing
spread ("single run", "no error bars"), gains stated only relative to something, and
leakage left unexamined. "No figure stated" is read here only when the words say so
("carries no numbers"); its shape rule lives in ``figures``.
"""

from __future__ import annotations

import re

from evidence.prefilter import Guarded, guarded
from evidence.vague import VAGUE_RULES, VETOES, CaveatRule

NO_FIGURE = "no figure stated"
RELATIVE_ONLY = "relative gains only"
NO_BENCHMARK = "benchmark not named"
NO_MODEL = "model not named"
NO_VARIANCE = "no variance reported"
NO_BASELINE = "no baseline named"
NO_CONTAMINATION = "contamination not checked"
CAVEATS = (
    NO_FIGURE,
    RELATIVE_ONLY,
    NO_BENCHMARK,
    NO_MODEL,
    NO_VARIANCE,
    NO_BASELINE,
    NO_CONTAMINATION,
)


def _rx(*parts: str) -> Guarded:
    return guarded(*parts, flags=re.IGNORECASE)


CAVEAT_RULES: list[tuple[str, Guarded]] = [
    (
        NO_FIGURE,
        _rx(
            r"\bno (?:numeric(?:al)? |benchmark |headline |single )?(?:figures?|"
            r"numbers?|scores?|effect sizes?|percentages|magnitudes?)\b(?! (?:for|on) the)",
            r"\bnot (?:one|a single) (?:number|figure)\b",
            r"\b(?:carries|gives|states|reports|has|contains|publishes|quotes) no "
            r"(?:numbers?|figures?)\b",
            r"\bwithout (?:a |any )?(?:figures?|numbers?|magnitudes?)\b",
            r"\bdirection without a magnitude\b|\bunquantified\b|\bnot quantified\b",
            r"\b(?:figures?|numbers?) (?:is|are|was|were) not (?:given|stated|reported)\b",
            r"\bno (?:numeric )?figure (?:of any kind|published|is given)\b",
        ),
    ),
    (
        RELATIVE_ONLY,
        _rx(
            r"\brelative (?:gains?|improvements?|increases?|reductions?) only\b",
            r"\bonly relative (?:gains?|improvements?|numbers?|figures?)\b",
            r"\b(?:is|are|as) (?:a |all )?relative (?:gains?|improvements?)\b",
            r"\bno absolute (?:scores?|baselines?|accuracy|values?|numbers?)\b",
            r"\d\s*%\s+relative\b",
            r"\brelative (?:improvement|gain)s? of\b",
            r"\b(?:stated|given|reported|expressed|measured|quoted|shown)\s+only\s+(?:as\s+|in\s+)?"
            r"relative\b",
            r"\bonly (?:as )?relative (?:to|terms)\b|\bin relative terms only\b",
            r"\b(?:are|is|was|were)\s+only\s+relative\b|\bonly\s+relative\b",
            r"\bonly\s+(?:given|reported|stated|expressed|quoted|shown)\s+as\s+(?:relative|"
            r"percentages?\s+of|ratios?|fractions?\s+of)",
            r"\brelative\s+deltas?\b|\bno absolute\b|\brelative only\b",
            r"\bas\s+(?:a\s+)?percentages?\s+of\s+(?:the\s+)?[\w'’-]+\s+(?:score|performance|"
            r"accuracy|baseline|result)",
        ),
    ),
    (
        NO_BENCHMARK,
        _rx(
            r"\bunnamed\s+(?:\w+\s+){0,3}?(?:benchmarks?|suites?|evaluations?|tasks?|"
            r"datasets?|test sets?)\b",
            r"\b(?:benchmarks?|suites?|datasets?|test sets?)[\"”]?\s+(?:\w+\s+){0,2}?"
            r"(?:is|are|was|were|go|remain)\s+(?:not (?:named|specified|identified|given)|"
            r"unnamed|unspecified)",
            r"\bnames? no (?:\w+ )?(?:benchmarks?|suites?|datasets?)\b",
            r"\bno (?:benchmark|dataset|suite)s? (?:name|is named|are named|named)\b",
            r"\b(?:an |on an |an )?unspecified (?:\w+ )?(?:suite|benchmarks?|tasks?|"
            r"evaluation|test set|dataset)s?\b",
            r"\bwithout naming (?:the|a|any) (?:benchmarks?|datasets?)\b",
            # "benchmarks, which the abstract leaves unnamed"; "which benchmark is not said".
            r"\b(?:benchmarks?|suites?|datasets?|test sets?|evaluations?|evals?)\b[^.;]{0,60}?\b"
            r"(?:unnamed|unspecified|not named|never named|not specified|never specified|not "
            r"identified|never described|not described|never given)\b"
            r"(?!\s+(?:\w+\s+)?(?:models?|baselines?|systems?))",
            r"\bwhich\s+(?:benchmark|dataset|suite|test set|eval\w*)s?\b[^.;]{0,30}?\b(?:is|was|"
            r"are|were)\s+(?:never|not)\s+(?:said|stated|named|given|specified|mentioned|"
            r"disclosed|clear)\b",
            r"\b(?:internal|in-house|proprietary|private|undisclosed|unreleased)\s+"
            r"(?:benchmark|eval\w*|test[\s-]?set|suite|dataset)s?\b",
            r"\b(?:not|never|nothing[^.;]{0,20}?)\s*(?:say|says|state|states|name|names|specify|"
            r"specifies|identify|identifies|mention|mentions|tell|tells)\s+which\s+"
            r"(?:benchmark|dataset|suite|test set|evaluation)s?\b",
        ),
    ),
    (
        NO_MODEL,
        _rx(
            r"\bunnamed (?:\w+ )?(?:base )?(?:models?|llms?|model famil(?:y|ies)|"
            r"policy|student|teacher)\b",
            r"\b(?:models?|model famil(?:y|ies)|llms?|base)\s+(?:\w+\s+){0,2}?(?:is|are|was|"
            r"were)\s+(?:not (?:named|specified|identified|stated|disclosed)|unnamed|"
            r"unspecified|undisclosed)",
            r"\bnames? no (?:base )?models?\b|\bno (?:base )?model(?: name)?\b(?! is needed)",
            r"\ban? (?:unspecified|undisclosed) (?:base )?model\b",
            r"\bwithout naming (?:the|a|any) (?:base )?models?\b",
            r"\b(?:base |backbone |underlying |policy )?models?\b[^.;]{0,40}?\b(?:unnamed|"
            r"unspecified|not named|never named|not specified|never specified|not disclosed|"
            r"undisclosed|not identified)\b"
            r"(?!\s+['\"“‘]?(?:\w+\s+)?(?:benchmarks?|datasets?|suites?|tasks?|baselines?|"
            r"evaluations?|prior|previous|sota|comparisons?))",
            r"\b(?:not|never|nowhere|nobody)\s+(?:\w+\s+){0,2}?(?:say|says|said|state|states|name|"
            r"names|specify|specifies|mention|mentions|tell|tells|identify|disclose|discloses)\s+"
            r"which\s+(?:\w+\s+){0,2}?(?:model|llm|backbone|encoder|policy|checkpoint)s?\b",
            r"\b(?:llm|backbone|encoder|checkpoint|policy)s?\b[^.;]{0,30}?\b(?:is|are|was|were|"
            r"goes|go|remains?)\s+(?:not|never)\s+(?:named|specified|identified|disclosed|given)\b",
            r"\bwhich\s+(?:base\s+|backbone\s+|underlying\s+)?(?:model|llm)\b[^.;]{0,30}?\b"
            r"(?:unclear|not (?:said|stated|clear|given|named)|never (?:said|stated|named))",
            r"\bmodels?\b[^.;]{0,12}?\bwhich\s+(?:the\s+)?(?:paper|authors?|abstract|text)\s+"
            r"(?:does|do|did)\s*(?:not|n't)\s+(?:name|identify|specify)",
            r"\b(?:not|never|nothing[^.;]{0,20}?)\s*(?:say|says|state|states|name|names|specify|"
            r"specifies|identify|identifies|mention|mentions|tell|tells)\s+which\s+"
            r"(?:base\s+)?(?:model|llm|backbone)s?\b",
            r"\bsilent (?:on|about) (?:the |which )?(?:base |backbone |underlying )?model\b",
        ),
    ),
    (
        NO_VARIANCE,
        _rx(
            r"\bno (?:seed count|variance|error bars?|confidence intervals?|standard "
            r"(?:deviations?|errors?)|seeds?)\b",
            r"\b(?:single|one) (?:\w+ )?(?:run|seed)\b(?! of)",
            r"\bno\s+(?:spread|variation|dispersion|std|stdev|seed variance)\b",
            r"\bvariance (?:is|was|goes) (?:not|un)\s*(?:reported|given|stated)\b",
            r"\bwithout (?:error bars?|variance|confidence intervals?|seeds?)\b",
            r"\bnumber of (?:seeds|runs) (?:is|was) not (?:given|stated|reported)\b",
        ),
    ),
    (
        NO_BASELINE,
        _rx(
            r"\bno baselines? (?:is |are |was )?(?:named|given|reported|stated|described|"
            r"specified)\b",
            r"\b(?:names?|describes?|gives?|reports?|states?) no baseline\b",
            r"\b(?:an |against an )?unnamed baselines?\b",
            r"\bbaselines? (?:is|are|was|were) (?:not (?:named|given(?=\s*(?:[.,;:)]|$))|"
            r"specified|stated)|"
            r"unnamed|unspecified)\b",
            r"\bwithout (?:a |any )?(?:named )?baseline\b|\bwithout naming (?:the|a|any) "
            r"(?:baseline|comparison|comparator)",
            r"\b(?:baseline|comparison|comparator|reference|competing|rival)\s*(?:systems?|"
            r"models?|methods?)?\b[^.;]{0,30}?\b(?:is|are|was|were|goes|go|remains?)\s+(?:not\s+"
            r"named|never\s+named|unnamed|unspecified|not\s+specified|not\s+identified|not\s+"
            r"described)\b",
            r"\bno\s+(?:named\s+)?(?:baseline|comparison|comparator|competing|reference)\s*"
            r"(?:systems?|models?|methods?)?\s+(?:is|are|was|were)\s+(?:named|given|specified|"
            r"reported|described|identified)\b",
            r"\b(?:never|not|n't)\s+names?\s+(?:the|a|any|its)\s+(?:baseline|comparison|"
            r"comparator)",
            r"\bcompar(?:e|es|ed|ing)\s+(?:\w+\s+)?against\s+no\s+(?:other\s+)?(?:system|"
            r"baseline|method|model)s?\b",
        ),
    ),
    (
        NO_CONTAMINATION,
        _rx(
            r"\bcontamination (?:is |was |goes )?(?:not|never) (?:checked|discussed|"
            r"analy[sz]ed|tested|reported|addressed|ruled out|examined|mentioned)\b",
            r"\bno (?:data )?contamination (?:check|analysis|test|study|audit|control)\b",
            r"\bcontamination (?:is |was )?(?:unchecked|unaddressed|unexamined)\b",
            r"\bwithout (?:a |any )?contamination (?:check|analysis)\b",
            r"\bunchecked for (?:contamination|overlap|leakage)\b",
            # "whether the test problems leaked into pre-training was not examined".
            r"\b(?:leak(?:ed|s|age)?|overlap(?:ped|s)?|contaminat\w*|memori[sz]\w*)\b[^.;]{0,80}?"
            r"\b(?:not|never)\s+(?:been\s+)?(?:checked|examined|tested|studied|addressed|"
            r"ruled out|investigated|analy[sz]ed|verified|measured)\b",
            r"\b(?:not|never)\s+(?:checked|examined|tested|verified)\s+(?:for|whether)\b[^.;]{0,60}?"
            r"\b(?:leak|contaminat|overlap|memori[sz])",
            r"\b(?:not|never|nobody|no one)\s+(?:\w+\s+){0,2}?(?:check|checks|checked|test|tests|"
            r"tested|verify|verified|examine|examined|look|looked|audit|audited)\s+(?:for\s+|"
            r"whether\s+|if\s+)?[^.;]{0,60}?\b(?:contaminat\w*|leak\w*|overlap\w*|(?:appear|"
            r"appears|appeared|present|seen|included)\s+in\s+(?:the\s+)?(?:pre-?)?training)",
            r"\bno\s+(?:de-?contamination|dedup\w*|contamination)\b",
            # No word on it, or a check "not performed": "no info on contamination".
            r"\b(?:no|nothing|without)\s+(?:\w+\s+){0,2}?(?:info(?:rmation)?|word|mention|details?|"
            r"discussion|analysis|statement|check)\s+(?:on|about|of|regarding|for)\s+(?:\w+\s+)"
            r"{0,2}?(?:contamination|leakage|overlap|decontamination|dedup\w*)",
            r"\b(?:dedup\w*|decontaminat\w*|overlap\s+(?:analysis|check)|contamination\s+"
            r"(?:analysis|check))\b[^.;]{0,60}?\b(?:was|were|is|has\s+been)\s+(?:not|never)\s+"
            r"(?:performed|done|run|carried\s+out|conducted|reported|attempted|verified|checked)",
            r"\bno\s+(?:[\w-]+\s+){0,2}?overlap\s+(?:analysis|check|study|audit)",
            r"\b(?:not|never|nobody|no one)\s+(?:\w+\s+){0,2}?(?:checked|verified|audited|"
            r"examined)\s+(?:the\s+)?(?:\w+\s+)?decontamination\b",
            r"\b(?:unclear|unknown|not known|not clear|an open question|uncertain)\s+whether\b"
            r"[^.;]{0,80}?\b(?:leak|contaminat|overlap|memori[sz]|seen (?:during|in) "
            r"(?:pre-?)?training)",
        ),
    ),
]


# What was left unnamed, read the same way for every kind of thing: "the benchmark is not
# named", "does not name the model under test", "no indication of which benchmark", "a
# benchmark they would not name", "withheld the base model's identity", "an unspecified
# baseline", "benchmarks and baselines unnamed".
_BENCH = r"(?:benchmarks?|datasets?|suites?|test[\s-]sets?|evals?|evaluations?|splits?)"
_MODEL = (
    r"(?:(?:base|backbone|underlying|draft|student|teacher|policy)\s+)?(?:models?|llms?|"
    r"backbones?|checkpoints?|chatbots?)"
)
_BASE = r"(?:baselines?|comparisons?|comparators?|competitors?|prior methods?|reference systems?)"
# What other fields measure on, left unnamed: "on a subset of archival bursts the authors
# don't identify", "in a panel of countries the authors leave unnamed".
_SAMPLE = (
    r"(?:samples?|cohorts?|sites?|plots?|subsets?|bursts?|apiar(?:y|ies)|firms?|countries|"
    r"patients|participants|stations?|fields|farms?|regions?|panel|surveys?|populations?|"
    r"catchments?|stretch\s+of\s+(?:\w+\s+)?data|test\s+reactions?|(?:archival|observational)\s+data)"
)
_NOT_IDENTIFIED = (
    r"(?:\b(?:(?:the\s+)?(?:authors?|investigators?|paper|study|summary|abstract)|they)\s+(?:do|does|did)\s+"
    r"not\s+(?:identify|name|describe|specify|disclose)\b|\b(?:the\s+)?(?:authors?|paper|they)\s+"
    r"(?:leave|leaves|left)\s+(?:them\s+|it\s+)?(?:unnamed|unidentified|unspecified|anonymous)\b|"
    r"\b(?:the\s+authors?|they|the\s+paper)\s+never\s+(?:name|identify|specify|describe)s?\b)"
)
_NAMING = (
    r"(?:name|names|named|naming|identify|identifies|identified|disclose|discloses|disclosed|"
    r"specify|specifies|specified|say|says|said|mention|mentions|mentioned|indicate|"
    r"indicates|indication|reveal|reveals|revealed|tell|tells|state|states|stated)"
)


def _unnamed(noun: str) -> list[str]:
    return [
        rf"\b{noun}\b[^.;,]{{0,25}}?\b(?:is|are|was|were|goes|go|remains?|left|kept)\s+"
        rf"(?:\w+\s+)?(?:not|never)\s+(?:\w+\s+)?(?:named|identified|disclosed|specified|stated|"
        r"mentioned|revealed|described)\b",
        rf"\b(?:not|never|no|without|nor)\s+(?:\w+\s+){{0,3}}?{_NAMING}\s+(?:of\s+)?(?:\w+\s+)"
        rf"{{0,3}}?{noun}\b",
        rf"\bno\s+(?:named|specific|identified)\s+{noun}\b",
        rf"\b{noun}\s+(?:\w+\s+){{0,2}}?(?:would|will|did|do|does|could)\s+not\s+(?:name|identify|"
        r"disclose|specify|reveal)\b",
        rf"\bwithh[eo]ld\w*\s+(?:the\s+)?(?:\w+\s+){{0,2}}?{noun}",
        rf"\b(?:unnamed|unspecified|undisclosed|anonymi[sz]ed|unidentified)\s+(?:\w+\s+){{0,2}}?"
        rf"{noun}\b",
        rf"\b{noun}\s+(?:and\s+\w+\s+)?(?:unnamed|unspecified|undisclosed)\b",
        # Left anonymous, unclear which, no details on it.
        rf"\b{noun}\b[^.;,]{{0,25}}?\b(?:is|are|was|were|left|kept|remains?)\s+(?:\w+\s+)?"
        r"(?:anonymous|anonymi[sz]ed|unidentified)\b",
        rf"\b(?:not\s+clear|unclear|unknown)\s+which\s+(?:\w+\s+)?{noun}\b",
        rf"\bno\s+(?:details?|info(?:rmation)?|word)\s+(?:on|about|of)\s+(?:[\w-]+\s+){{0,4}}?"
        rf"{noun}\s+used\b",
        rf"\b{noun},?\s+which\s+(?:they|the\s+authors)\s+(?:do|did|does)\s+not\s+(?:name|identify|"
        r"specify|disclose)\b",
        rf"\b(?:unnamed|unspecified|undisclosed)\s+['\"“‘][^'\"”’]{{0,25}}?{noun}\b",
        # Named only by a description: "the eval suite is described only as 'a mix'".
        rf"\b{noun}\b[^.;,]{{0,25}}?\b(?:is|are|was|were)\s+(?:only\s+(?:described|referred\s+to|"
        r"called|identified|characteri[sz]ed)|(?:described|referred\s+to|called|identified|"
        r"characteri[sz]ed)\s+only)\s+as\b",
        # "evaluated on several benchmarks, without specifying which".
        rf"\b{noun}\b[^.;]{{0,50}}?\b(?:without|not|never)\s+(?:\w+\s+)?(?:specifying|saying|"
        r"naming|listing|stating|specify|say|name|list|state)\s+which\b"
        r"(?!\s+(?:\w+\s+)?(?:models?|llms?|baselines?|benchmarks?|datasets?|suites?))",
    ]


_WIDER = {
    NO_BENCHMARK: [
        r"\bon\s+which\s+(?:data(?:sets?)?|benchmarks?|tasks?|test\s+sets?)\b",
        r"\b(?:unspecified|undisclosed|unnamed|unreleased|in-house|internal|proprietary)\s+(?:set\s+of\s+)?"
        r"(?:[\w-]+\s+){0,2}?(?:workloads?|traces|targets|logs|benchmarks|environments)\b",
        # "on benchmarks it never names", "claims SOTA across 'standard benchmarks' without
        # listing them".
        rf"\b{_BENCH}\b[^.;]{{0,50}}?\b(?:(?:never|not)\s+(?:names?|lists?|identif(?:y|ies)|"
        r"specif(?:y|ies))|without\s+(?:listing|naming|specifying)\s+(?:them|it|which))\b"
        r"(?!\s+(?:its\s+|the\s+|a\s+|any\s+|which\s+)?(?:baselines?|models?|comparisons?|prior|"
        r"previous|competitors?))",
        *_unnamed(_BENCH),
        r"\bciting\s+no\s+(?:benchmark|dataset)\b",
        rf"\b{_SAMPLE}\b[^.;]{{0,40}}?{_NOT_IDENTIFIED}",
        rf"\b{_SAMPLE}\s+(?:are|is|were|was)\s+not\s+(?:identified|named|described|specified)\b",
        rf"\b(?:unspecified|unnamed|unidentified|undisclosed|undescribed)\s+(?:\w+\s+){{0,2}}?{_SAMPLE}\b",
        r"\b(?:internal|in-house|own)\s+(?:test\s+)?set\b[^.;]{0,30}?\b(?:not|never)\s+naming\b",
        r"\b(?:are|is)\s+not\s+naming\b",
        rf"\b(?:in-house|internal|proprietary|private|unreleased|custom|undisclosed)\s+"
        rf"(?:[\w-]+\s+){{0,2}}?{_BENCH}\b",
    ],
    NO_MODEL: [
        *_unnamed(_MODEL),
        r"\bunclear\s+which\s+(?:one|model|version|checkpoint)\b|\b(?:model|llm|network)\s+they\s+"
        r"only\s+call\b",
    ],
    NO_BASELINE: [
        # "the baseline (never specified)", "'prior work', which is never listed", a vague
        # comparison the writer puts in quotes: "outperforms 'previous methods'".
        r"\bbaselines?\b[^.;,]{0,30}?\b(?:never|not)\s+(?:specified|said|named|stated|"
        r"identified|listed|disclosed)\b",
        r"\b(?:prior|previous|earlier|existing)\s+(?:work|methods?|approaches|systems?|models?)\b"
        r"[^.;]{0,40}?\b(?:never|not)\s+(?:listed|named|specified|cited|identified|given)\b",
        r"['\"“‘](?:the\s+)?(?:previous|prior|existing|earlier|standard|strong|competing|"
        r"conventional)\s+(?:methods?|work|baselines?|approaches|systems?|models?)['\"”’]",
        r"['\"“‘]the\s+(?:usual\s+|standard\s+)?baselines?['\"”’]|['\"“‘]the\s+standard\s+"
        r"(?:recipe|pipeline|setup|approach)['\"”’]",
        r"\bbaselines?\b,\s*which\s+(?:is|was|are|were)\s+(?:never|not)\s+(?:specified|named|"
        r"identified|stated|said|given)\b|\bbaselines?\s+itself\s+(?:is|was)\s+(?:not|never)\s+"
        r"(?:identified|named|specified)\b",
        r"\b(?:never|not)\s+(?:say|says|said|state|states)\s+what\s+(?:it|they|the\s+\w+)\s+"
        r"(?:is|are|was|were)\s+(?:being\s+)?compared\s+(?:to|with|against)\b",
        r"\b(?:prior|previous|existing|earlier)\s+(?:work|methods?|approaches|systems?)\b[^.;]{0,40}?"
        r"\b(?:did|does|do)\s+not\s+(?:say|name|specify|cite)\s+(?:which|by\s+name)|\b(?:not|never)\s+"
        r"cite\w*\s+by\s+name\b",
        r"['\"”’],?\s*(?:left\s+)?(?:unspecified|unnamed|unidentified)\b|\bwhich\s+they\s+never\s+"
        r"(?:spell\s+out|name|specify|identify)\b",
        r"\bwithout\s+(?:specifying|naming|identifying|giving)\s+(?:the|a|any)\s+baseline",
        r"\bbaselines?\b[^.;]{0,20}?\bnone\s+of\s+which\s+(?:are|is|were)\s+named\b",
        *_unnamed(_BASE),
        r"\b(?:not|no|never|without)\s+(?:\w+\s+){0,2}?compar\w*\s+(?:to|with|against)\s+"
        r"(?:any|a|an)\s+(?:\w+\s+)?(?:baselines?|other|prior)",
        r"\bno\s+comparison\s+(?:to|with|against)\b",
    ],
    NO_VARIANCE: [
        r"\bfrom\s+(?:one|a\s+single)\s+(?:batch|run|set|round)\s+of\s+(?:trials|runs|rollouts|"
        r"episodes)\b|\bsingle\s+run\b",
        r"\bif\s+they\s+(?:had|would\s+have)\s+(?:\w+\s+)?(?:reported|given|shown|run)\s+(?:any\s+)?"
        r"(?:error\s+bars|variance|std|seeds|confidence\s+intervals|multiple\s+seeds)",
        r"\bwithout\s+(?:any\s+)?(?:variance|spread|error)\s+(?:estimates?|bars?|figures?)\b",
        r"\b(?:error bars?|variance|seeds?|confidence intervals?)\b[^.;]{0,30}?\b(?:are|is|were|"
        r"was)\s+not\s+(?:mentioned|given|reported|shown|stated)\b",
        r"\b(?:none|nothing)\s+of\s+[^.;]{0,30}?\bmentions?\s+(?:any\s+)?variance\b",
        r"\bno\s+seeds?\s+or\s+error\s+bars\b",
        # The spread missing, one seed, none of the tables carrying it.
        r"\b(?:single|one)[\s-]seed(?:ed)?\b",
        r"\b(?:error bars?|variance|seeds?|confidence intervals?|std|standard deviations?)\b"
        r"[^.;]{0,20}?\b(?:(?:are|is|were|was)\s+(?:missing|absent|lacking)|(?:not|never)\s+"
        r"(?:given|reported|shown|stated|provided|mentioned))\b",
        r"\b(?:none|nothing|no\s+\w+)\b[^.;]{0,30}?\b(?:carry|carries|mention|mentions|give|"
        r"gives|report|reports|include|includes)\s+(?:any\s+)?(?:seeds?|variance|error bars|"
        r"confidence intervals|std|standard deviations?)\b",
        r"\bvariance\b[^.;]{0,30}?(?::|\b(?:is|was|are|were))?\s*(?:not|never)\s+(?:\w+\s+)?"
        r"(?:reported|given|stated|shown|measured)",
        r"\b(?:not|never)\s+(?:\w+\s+)?(?:report|reports|reported|give|gives|show|shows)\s+"
        r"(?:any\s+)?(?:\w+\s+)?(?:variance|error bars|confidence intervals|standard "
        r"(?:deviations?|errors?)|spread)",
        r"\b(?:not|never)\s+(?:run|ran|use|used|repeat|repeated|do|did)\s+(?:\w+\s+)?"
        r"(?:multiple|several|more than one|repeat(?:ed)?|many)\s+(?:seeds|runs|trials)",
        r"\bno\s+(?:repeat(?:ed)?|repeated)\s+runs\b|\bno\s+significance\s+tests?\b",
        # Any field's spread: an uncertainty, an error, an interval, an ensemble spread, a
        # replicate; one sample, electrode, campaign or realisation, never repeated.
        r"\b(?:no|without(?:\s+an?)?|nor\s+an?)\s+(?:\w+\s+)?(?:uncertaint(?:y|ies)|error(?:\s+bars?)?|"
        r"(?:confidence\s+|credible\s+)?intervals?|spread|standard\s+errors?|replicates?|"
        r"replicate\s+\w+|repeats?)\b(?!\s+(?:rate|analysis|correction|term|model)s?\b)",
        r"\b(?:from|on|in|with)\s+(?:a\s+single|one|only\s+one)\s+(?:\w+\s+)?(?:samples?|electrodes?|"
        r"realisations?|realizations?|campaigns?|runs?|batch(?:es)?|seasons?|replicates?|tanks?|"
        r"cells?|devices?|specimens?|sites?|ensemble\s+members?)\b(?![^.;]{0,40}?\b(?:each|per)\b)",
        r"\b(?:not|never)\s+(?:\w+\s+)?(?:significance tests?|repeat(?:ed)? runs)\b",
    ],
    NO_CONTAMINATION: [
        r"\bwithout\s+(?:any\s+)?(?:decontamination|de-?duplication)\b",
        r"\b(?:may|might|could)\s+overlap\b[^.;]{0,60}?\b(?:not|never)\s+(?:check|test|verif)\w*",
        # "no leakage check", "without checking overlap", "no mention of checking for
        # training-set contamination".
        r"\bno\s+(?:\w+\s+)?(?:leakage|contamination|overlap|decontamination)\s+(?:check|analysis|"
        r"test|audit|screen)\w*",
        r"\bwithout\s+(?:any\s+)?(?:checking|testing|auditing|screening|controlling)\s+(?:for\s+)?"
        r"(?:\w+\s+){0,3}?(?:overlap|leakage|contamination)",
        r"\bno\s+mention\s+of\s+(?:any\s+)?(?:checking|testing|screening|check)\b[^.;]{0,40}?"
        r"(?:contamination|leakage|overlap)",
        r"\bcontamination\s+(?:analysis|check|study|audit)\s+(?:is\s+)?(?:missing|absent|lacking)\b",
        r"\b(?:overlap|contamination|leakage)\s+(?:is\s+|was\s+)?(?:unclear|unknown|unverified|"
        r"unchecked|untested)\b",
        r"\b(?:not|never)\s+(?:\w+\s+)?(?:mention|discuss|address|report)\w*\s+(?:any\s+)?"
        r"(?:\w+\s+)?(?:contamination|leakage|overlap|decontamination)",
        r"\b(?:not|never)\s+(?:\w+\s+)?(?:state|say|report|mention)s?\s+whether\b[^.;]{0,60}?\b"
        r"(?:screened|filtered|deduplicated|decontaminated|leaked|seen|appeared)\b",
        r"\bwhether\b[^.;]{0,60}?\b(?:appeared|leaked|were seen|was seen)\b[^.;]{0,60}?\b(?:is|"
        r"was|remains)\s+(?:unknown|unclear|not known|unverified)",
        r"\b(?:absence|lack)\s+of\s+(?:any\s+)?(?:contamination|decontamination)\s+(?:check|"
        r"analysis|test)",
        r"\b(?:contaminat\w*|leak\w*|decontaminat\w*)\b[^.]{0,80}?\b(?:not|never|nothing|"
        r"nobody|no one|without)\b[^.;]{0,20}?\b(?:check|assess|test|examin|verif|audit|"
        r"address|rul|measur|control|look)\w*",
        r"\b(?:not|never|nothing|nobody|no one|without)\b[^.;]{0,30}?\b(?:check|assess|test|"
        r"examin|verif|audit|address|rul|measur|control|look)\w*\b[^.;]{0,40}?\b"
        r"(?:contaminat\w*|leak\w*)",
    ],
    RELATIVE_ONLY: [
        # "only percentage improvements over the baseline", "gains only as percent over
        # baseline", "relative-only reporting", "never absolute accuracy".
        r"\bonly\s+(?:as\s+)?(?:a\s+)?percent(?:age)?s?\s+(?:improvements?|gains?|changes?|over|"
        r"above|relative)\b",
        r"\brelative-only\b|\bnever\s+(?:an?\s+|the\s+)?absolute\b",
        # Absolute scores withheld, or only relative improvements / shares of a reference.
        r"\babsolute\s+(?:scores?|numbers?|figures?|results?|accuracy|values?)\s+(?:are\s+|were\s+)?"
        r"(?:not|never)\s+(?:reported|given|stated|shown)|\bno\s+absolute\s+(?:scores?|numbers?|"
        r"figures?)|\bwithout\s+(?:the\s+)?absolute\s+(?:scores?|numbers?|figures?|baselines?)",
        r"\b(?:only|just)\b[^.;]{0,30}?\brelative\s+(?:improvements?|gains?|changes?|deltas?)\b",
        r"\b(?:only|just)\b[^.;]{0,20}?\bpercentage[\s-]of[\s-](?:\w+\s+)?(?:oracle|teacher|"
        r"baseline|reference)",
        r"\b(?:in\s+)?(?:percentage|relative)\s+terms\s+only\b|\bonly\s+(?:given\s+|stated\s+|"
        r"expressed\s+|reported\s+)?(?:in|as)\s+(?:percentage|relative)\s+terms\b",
        r"\b(?:only\s+)?(?:expressed|given|stated|reported)\s+(?:only\s+)?relative\s+to\b",
        r"\bonly\s+as\s+percentages?\b",
        r"\brelative\s+to\s+[^.;]{0,40}?\bonly\b",
        r"\b\d+(?:\.\d+)?\s*%\s+(?:gain|improvement|increase|reduction|drop|boost)\s+"
        r"relative\s+to\b",
    ],
}
CAVEAT_RULES = [
    (
        name,
        CaveatRule(
            guarded(*pattern.sources, *_WIDER[name], flags=re.IGNORECASE)
            if name in _WIDER
            else pattern,
            VAGUE_RULES.get(name, []),
            VETOES.get(name),
        ),
    )
    for name, pattern in CAVEAT_RULES
]
