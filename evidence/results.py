"""Results a claim states: each figure as a proposed result row, every field with the words
it came from. Built on the quantity grammar (``quantities``), the same one that decides
"no figure stated".

Interface (stable; the extraction behind it improves):

* ``results_in(text, context=…) -> list[ResultDraft]`` in the order the figures appear;
* ``metric_direction(metric, unit="") -> "higher" | "lower" | ""``;
* ``normalise_protocol(text) -> str`` (the grouping key of a protocol: case, spacing and
  punctuation folded, so "5-shot" and "5 shot" group together).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from evidence.measures import better, spelt_out
from evidence.quantities import (
    CURRENCIES,
    FIGURE,
    MAX_CHARS,
    MEASURES,
    MONTHS,
    SETTING,
    Quantity,
    quantities,
    unit_prefix,
)

HIGHER = "higher"
LOWER = "lower"


@dataclass(frozen=True)
class ResultDraft:
    value: float
    unit: str = ""
    metric: str = ""
    benchmark: str = ""
    protocol: str = ""
    model: str = ""
    baseline_value: float | None = None
    baseline_name: str = ""
    direction: str = ""
    # field name -> the words of the claim it came from ("value": "58.2%", "metric": …)
    words: dict[str, str] = field(default_factory=dict)


_LOWER_IS_BETTER = re.compile(
    r"\b(?:error|errors|wer|cer|loss|perplexity|ppl|latency|rmse|mae|mse|fid|attack success|"
    r"mortality|deaths?|cost|costs|emissions?|runtime|run time|time to|overpotential|"
    r"tafel slope|incidence|hba1c|ldl(?:-c)?|weight|bmi|blood pressure|poverty|inflation|"
    r"unemployment|hypoglyca?emia|adverse|toxicity|events|formation energy|above hull|forces|"
    r"memory|energy use|hallucinations?|bias|hazard|risk|relapse|failure|dropout|precision of|"
    r"temperature|heat content|thickness|cpi|gini|inequality|rmsd|crps|brier|ece|"
    r"calibration error|false positives?|false alarms?|readmissions?|hospitali[sz]ations?|"
    r"infections?|complications?|recurrence|progression|side effects|pain|wall-clock|"
    r"energy consumption|footprint|pollution|deficit|volatility|wait(?:ing)? times?|eer|mindcf|"
    r"lagging|drawdowns?|variance|spreads?|illiquidity|outlier\s+fraction|nmad|cdr-sb|"
    r"bleeding|madrs|hamd(?:-\d+)?|crs|endpoints?|event\s+rate|rebuffering|"
    r"hal+ucinations?|detection\s+limit|lod|loq|e-factor|pauses?|(?:page-)?load\s+time|"
    r"compile\s+time|wall\s+time|workload\s+time|\d+(?:th|st|nd|rd)\s+percentile|p\d{2}|"
    r"deforestation|heat\s*waves?|heat\s+island|co2|methane|sea[\s-]level|temperatures|"
    # wear of a material or a device: what it loses over its life
    r"decay|fade|degradation|drift|leakage|leaching|self-discharge|corrosion|wear|swelling|"
    r"shrinkage|erosion|noise|jitter|defects?|impurit(?:y|ies)|contamination|photobleaching|"
    # how widespread a harm is, and what it takes to prevent one
    r"(?:sero)?prevalence|attack\s+rate|hr|hazard\s+ratio|nnt|number\s+needed\s+to\s+treat|"
    r"stunting|wasting|penalty|curtailment|"
    # how long a computation or a person waits
    r"(?:planning|inference|training|solve|solving|response|travel|processing|query|search|"
    r"build|startup|boot|convergence|recovery|charge|charging|lap|sprint)\s+times?|"
    r"real-time\s+factor|rtf|"
    # errors and spreads under their short names, in any field
    r"s?mape|absrel|epe|lpips|rmsfe|rsd|(?<![a-z])nmad|"
    # harms of a treatment or of an event
    r"cfr|case\s+fatality|saes?|sich|traes?|aes|breakage|off-target|lesions?|"
    r"disconnect(?:ed|ions?)|overload(?:ed|s)?|rocof|decline|slowdown|exceedances?|"
    r"false[-\s]alarms?|deflection|positivity|"
    # what a plant, a city or a cell should emit or contain less of
    r"no2|pm2\.5|pm10|ozone|o3|nitrate|phosphorus|aflatoxins?|lcoe|activation\s+energy|ea)\b",
    re.IGNORECASE,
)
# Measures better when higher even where a word of theirs reads otherwise: "progression-free
# survival", "benefit-cost ratio", "reaction mass efficiency".
_HIGHER_FIRST = re.compile(
    r"\b(?:survival|benefit[-–]cost|efficiency|efficacy|throughput|accuracy|f1|(?<!attack )success|"
    r"uptake|selectivity|hit\s+rate|explained|achieving|removal|r²|r2|top-\d+)\b|@(?:\d+|k)\b",
    re.IGNORECASE,
)
# A gap between groups is better small, whatever the measure it is a gap in.
_GAP = re.compile(r"(?<!band )(?<!band-)\b(?:gap|disparity|disparities)$", re.IGNORECASE)
# A measure named as a change of another: "reduction in time to recovery", "top-1 drop",
# "increase in O3", "relative slowing of decline": better as the change it names is.
_FALL = r"reductions?|decrease|drop|fall|decline|cut|slowing"
_RISE = r"increase|rise|growth|jump"
_CHANGE_OF = re.compile(
    rf"^(?:(?:relative|absolute|mean|median|total|additional|extra|average)\s+)*"
    rf"(?P<change>{_FALL}|{_RISE}|change)\s+(?:in|of)\s+(?P<measure>.+)$"
    rf"|^(?P<measure2>.+?)\s+(?P<change2>{_FALL}|{_RISE}|change)$",
    re.IGNORECASE,
)
# Words that qualify a measure without changing which way is better: "VE against
# hospitalisation", "MAPE of weekly admissions", "success rate (ligand RMSD < 2 Å)".
_QUALIFIED = re.compile(
    r"\s*\([^)]*\)|\s+(?:against|within|among|for|at|on|per|between|vs\.?|versus)\s.*$",
    re.IGNORECASE,
)
_THROUGHPUT_UNITS = {"QPS", "IOPS", "ops/s", "req/s", "queries/s", "pps", "kpps", "Mpps",
                     "tokens/s", "it/s", "fps", "Gbps", "Mbps"}  # fmt: skip
# "risk reduction", "memory reduction", "speed-up": a fall in a lower-is-better measure,
# named as a gain.
_NAMED_AS_GAIN = re.compile(
    r"\b(?:reduction|reductions|improvement|gain|gains|speed-?up|faster|saving|savings|"
    r"cheaper|smaller|fewer|lower)\s*$",
    re.IGNORECASE,
)
# Measurements of the world, not of a method: neither more nor less is better.
_NO_BETTER = re.compile(
    r"\b(?:mass(?:es)?|radius|radii|(?:orbital|rotation|spin)\s+period|period|distance|redshift|"
    r"age|elasticity|elasticities|band\s*gap|h0|hubble\s+constant|metallicity|luminosity|"
    r"velocity|velocities|dispersion|tension|flux|spin|inclination|eccentricity|ecs|tcr|"
    r"climate\s+sensitivity|sunspot\s+number|magnitude|wavelength|frequency|"
    r"lattice\s+(?:constant|parameter)|half-life|density\s+of\s+states)\b",
    re.IGNORECASE,
)
# A measure whose head is an error or a spread is better small, whatever it is an error of.
_ERROR_HEAD = re.compile(
    r"\b(?:errors?|uncertaint(?:y|ies)|bias|scatter|residuals?|p-values?|rate\s+ratios?)$",
    re.IGNORECASE,
)
_NO_DIRECTION_UNITS = {"K", "M☉", "R⊕", "km/s/Mpc", "Gyr", "d", "km", "Myr", "eV", "z"}


# A ratio of hazards or risks as the head of a measure ("overall survival HR", "PFS hazard
# ratio", "relative risk of relapse"): the ratio of the event's rates, better under one
# whichever outcome names it. ("IRR" is left out: an internal rate of return as often.)
_EVENT_RATIO = re.compile(
    r"(?:\bHRs?|hazard\s+ratios?|incidence\s+rate\s+ratios?|risk\s+ratios?|"
    r"\bRRs?|relative\s+risks?)\s*(?:\([^()]*\)\s*)?$"
)


def metric_direction(metric: str, unit: str = "") -> str:
    """Which way is better for a measure: "higher", "lower", or "" when it has no better."""
    if unit in _THROUGHPUT_UNITS:
        return HIGHER
    if not metric:
        return "" if unit and unit not in ("%", "pp", "x") else HIGHER
    metric = _QUALIFIED.sub("", metric).strip() or metric
    change = _CHANGE_OF.match(metric)
    if change:
        measure = change["measure"] or change["measure2"]
        word = (change["change"] or change["change2"]).lower()
        if re.fullmatch(_FALL, word):
            # A fall is reported as a gain unless what fell is known to be better high.
            return LOWER if _HIGHER_FIRST.search(measure) else HIGHER
        return metric_direction(measure) or HIGHER
    if _GAP.search(metric) or _EVENT_RATIO.search(metric):
        return LOWER
    known = better(metric)  # a measure of measures.toml: "median OS", "FID", "ECS"
    if known is not None:
        return known
    if _NAMED_AS_GAIN.search(metric) or _HIGHER_FIRST.search(metric):
        return HIGHER
    if _ERROR_HEAD.search(metric):
        return LOWER  # "voltage magnitude error", "parallax uncertainty": whatever it is of
    if _NO_BETTER.search(metric):
        return ""
    if _LOWER_IS_BETTER.search(metric):
        return LOWER
    if unit in _NO_DIRECTION_UNITS or unit.endswith(("M☉", "Mpc")):
        return ""
    return HIGHER


def normalise_protocol(text: str) -> str:
    return " ".join(re.sub(r"[^\w@.×]+", " ", text.casefold()).split())


# Words that end a measure's name read backwards from its value.
_STOP = {
    "a", "an", "the", "its", "their", "our", "this", "that", "these", "those", "his", "her",
    "is", "was", "were", "are", "be", "been", "gives", "give", "gave", "gets", "get", "got",
    "reaches", "reach", "reached", "achieves", "achieved", "hits", "hit", "has", "have",
    "had", "shows", "show", "reports", "report", "keeps", "keep", "cut", "cuts", "lifts",
    "lift", "improves", "improved", "improve", "raised", "raises", "lowers", "lowered",
    "reduces", "reduced", "fell", "falls", "rose", "rises", "increased", "increases",
    "decreased", "goes", "go", "went", "jumps", "jumped", "peaked", "peaks", "enrolled",
    "confirms", "measured", "eased", "dropped", "drops", "narrows", "needs", "retained",
    "recovers", "uses", "scores", "scored", "stays", "absorbing", "with", "in", "on",
    "for", "by", "at", "from", "to", "against", "over", "under", "after", "before", "than",
    "across", "along", "within", "between", "and", "or", "but", "while", "whereas", "vs",
    "versus", "of", "as", "up", "down", "only", "about", "around", "roughly", "nearly",
    "still", "also", "which", "who", "it", "they", "we", "gains", "least", "most", "more",
    "less", "when", "where", "globally", "likely", "made", "upon", "toward", "towards",
    "below", "above", "double", "far", "same", "new", "per", "lower", "higher", "better",
    "worse", "smaller", "larger", "greater",
    # the writer's asides and reporting verbs: "they estimate intact-forest uptake dropped to",
    # "the paper basically says", "lecanemab slowed CDR-SB decline by"
    "honestly", "basically", "apparently", "estimate", "estimates", "estimated", "says", "say",
    "said", "slowed", "slows", "comes", "came", "finds", "find", "found",
    "sees", "see", "saw", "fall",
    # a clause of circumstance starts after the figure: "falls to 1.1 once the regions …"
    "once", "if", "because", "since", "until", "unless", "although", "though",
}  # fmt: skip
_LINK = re.compile(
    r"(?:\s|^)(?:of|=|:|was|were|is|are|at|reached|reaches|reach|rose|fell|dropped|eased|"
    r"jumps|jumped|to|by|hit|hits|a|an|the|~|≈|about|around|nearly|roughly|only|just|"
    r"approximately|up|down|goes|went|increased|decreased|declined|grew|improved|improves|"
    r"lifts|lifted|cut|cuts|reduced|reduces|lowered|lowers|raised|raises|narrows|needs|"
    r"gets|gives|reaches|keeps|retained|recovers|peaked|with|had|has|have|achieves|achieved)"
    r"\s*$"
    r"|[=:~≈(]\s*$",
    re.IGNORECASE,
)
_FROM_TO = re.compile(
    r"\bfrom\s+\S+(?:\s+\S+){0,5}?\s+(?:to|→|->)\s*$|\S+\s*(?:→|->)\s*$", re.IGNORECASE
)
_TOKEN = re.compile(r"[\w@²³⁺⁻¹+'’./-]*[\w@²³⁺⁻¹+%]")
_NAME_LIKE = re.compile(r"^(?=.*[A-Z])(?:[A-Z][\w.+/-]*|[\w.+/-]*\d[\w.+/-]*)$")
_MONTH = re.compile(rf"^{MONTHS}$|^(?:Q[1-4])$", re.I)
_CLAUSE_END = re.compile(r"[;]|(?<!\d)[.](?=\s|$)|,\s|\)|\(|:\s|\s[·|—]\s|\band\b(?=\s+[a-z])")
_BASELINE_CUE = re.compile(
    r"^[\s,]*(?:\([^()]{0,60}\)\s*,?\s*)?(?P<cue>vs\.?|versus|compared\s+(?:with|to)|against|"
    r"over|relative\s+to|than|up\s+from|down\s+from|from|whereas|below|above|"
    r"non-inferior\s+to|higher\s+than|lower\s+than|on)\s+"
    r"(?P<words>(?:[^\d\s;,()][^\s;,()]*\s+){0,6}?)"
    r"(?P<tail>(?:about\s+|~)?(?=[+−-]?\d|\(|$|[;,.]))",
    re.IGNORECASE,
)
_TREATMENT_AFTER = re.compile(
    r"^\s*(?:\([^)]*\)\s*)?(?:reduced|reduces|lowers|lowered|raised|raises|increased|"
    r"increases|cut|cuts|improved|improves|lifted|lifts|boosted|boosts)\b"
)
# "A 10% rise in rents cut mobility …": the size of the shock whose effect is the result.
_SHOCK_AFTER = re.compile(
    r"\s*(?:rise|increase|cut|drop|fall|decline|reduction|hike|shock)\s+in\s+"
    r"(?:[\w-]+\s+){1,4}?(?:cut|cuts|reduced|reduces|raised|raises|lowered|lowers|increased|"
    r"increases|decreased|decreases|boosted|boosts|caused|causes|led\s+to|leads\s+to)\b"
)
_TIME_UNIT = re.compile(r"^(?:h|min|s|ms|days|weeks|months|years|d)$")
# "91% after 500 cycles", "stable over 1,000 cycles": how long a test ran is its condition.
_CYCLE_UNIT = re.compile(r"^(?:cycles?|epochs?|steps?|iterations?|rounds?|episodes?)$")
# A figure somebody set rather than measured: "RTE assumed 88%", "the Vision 2030 target of
# 30%", "a nominal 1%", "non-inferiority at a 10% margin", "short of the 95% WHO target",
# "with a threshold of 6.5%", "(chance 12.5%)"; and the unit a rate is counted in: "1 ms per
# 30 ms chunk".
_NOT_MEASURED_BEFORE = re.compile(
    r"\b(?:assumed|assuming|nominal|planned|targets?(?:\s+[\w-]+){0,2}|target\s+of|"
    r"margin\s+of|cap\s+of|thresholds?|cut-?offs?|chance(?:\s+level)?)"
    r"\s*(?:of\s+|at\s+|=\s*|:\s*|is\s+)?(?:~|about\s+)?$"
    r"|\bper\s+$"
    # A figure asked about, not stated: "nothing says whether 0.815 is near a ceiling".
    r"|\bwhether\s+(?:the\s+|its\s+)?$",
    re.IGNORECASE,
)
# "d = 0.04 [−0.03, 0.11]": the bounds in square brackets after a figure are its interval.
_BRACKET_INTERVAL = re.compile(r"\d\s*\[\s*(?:[+−-]?\d[\d.]*\s*[,;–-]\s*)?$")
_COMPOSITION_UNIT = re.compile(r"^(?:[mµμn]?M|wt%|mol%|vol%|at%|wt\.%)$")
# A chemical symbol or formula after a share: "5% Mg", "15 wt% Si", "1 M LiFSI", "2 M ZnSO4"
# (an element's two letters or a digit in it: "CTR", "WER" after a figure are measures).
_CHEMICAL_AFTER = re.compile(r"\s+(?=\S*(?:[A-Z][a-z]|[A-Za-z]\d))(?:[A-Z][a-z]?\d*(?:\.\d+)?)+\b")


# A test standard a figure was measured to: "tested to ASTM C1856", "per EN 12350-8".
# Who a figure was measured in, when nothing else is named: "in trained cyclists", "among
# Kenyan households", "in 24 rugby players": the people, animals or bodies studied, with at
# least one word saying which ("in adults" alone says too little).
_STUDIED = re.compile(
    r"\b(?:in|among)\s+(?:[\d,]+\s+)?(?P<who>(?!(?:a|an|the|these|those|our|their|its|all|"
    r"both|each|some|many|most|other|such|more|fewer|which|whose|and|or|this|that)\s)"
    r"(?:[A-Za-z][\w-]*\s+){1,3}?(?:players|runners|cyclists|rowers|athletes|swimmers|"
    r"patients|adults|children|adolescents|teenagers|women|men|girls|boys|participants|"
    r"volunteers|mice|rats|households|firms|workers|students|pupils|infants|smokers|"
    r"respondents|residents|farmers|teachers|employees|users|veterans|survivors|drivers|"
    r"nurses|physicians|clinicians|mothers|neonates|newborns|communities|villages|schools|"
    r"hospitals))\b"
)
_TESTED_TO = re.compile(
    r"\b(?:to|per|under|following|according\s+to)\s+"
    r"(?P<standard>(?:ASTM|ISO|IEC|EN|DIN|BS|JIS|AASHTO|ANSI|IEEE|UL|GB/T)(?:\s+EN|\s+ISO)?"
    r"\s+[A-Z]?\d[\w.-]*(?::\d{4})?)"
)


def _is_composition(q: Quantity, after: str) -> bool:
    """How much of a substance went in, a setting: "1 M LiFSI", "15 wt% Si", "5% Mg"."""
    if _COMPOSITION_UNIT.match(q.unit):
        return True
    return q.unit == "%" and bool(_CHEMICAL_AFTER.match(after))


_NOT_MEASURED_AFTER = re.compile(
    r"\s*(?:[\w-]+\s+){0,2}?target\b(?!\s+(?:of|was|is)\b)", re.IGNORECASE
)
# "at a 10% margin": the margin a trial set itself (a "14.3% reserve margin" is measured).
_SET_MARGIN = re.compile(r"\s*(?:non-inferiority\s+)?margin\b", re.IGNORECASE)
_SKIP_ROLES = {"from", "uncertainty", "low", "high", "of"}
_SKIP_LABELS = {"p", "ci", "cri", "se", "sd", "n", "u", "t", "z", "f", "χ²", "chi2"}
_DOSE_UNIT = re.compile(r"^(?:[kmμn]?g|mg/kg|μg/kg|IU)$")
# A thousands separator ("after 1,200 cycles") is no comma that ends a setting.
_THOUSANDS = r",(?=\d{3}(?!\d))"
# The electrode a potential is measured against: "0.91 V vs RHE", "−0.2 V vs. Ag/AgCl".
_REFERENCE_ELECTRODE = re.compile(
    r"\s*(?:RHE|SHE|NHE|SCE|Ag/AgCl|Li/Li\+|Li\+/Li|Fc/Fc\+|Na/Na\+)\b"
)


_SETTING_PHRASE = re.compile(
    r"\b(?:at|after|over|in)\s+(?:the\s+)?(?:(?:week|wk|day|month|mo|year|yr)\s+\d+|"
    r"\$?[+−-]?\d(?:[^,;()]|" + _THOUSANDS + r")*?)"
    r"(?:\s+vs\.?" + _REFERENCE_ELECTRODE.pattern + r")?"
    r"(?=\s*(?:,(?!\d{3}(?!\d))|[;()]|$|\s+vs\b|\s+versus\b|\s+compared\b|\s+and\b|\.\s|\.$|\s+(?:fell|rose|"
    r"was|were|is|dropped|increased|decreased|improved|reached|from|to|globally)\b))",
    re.IGNORECASE,
)
_HYPHEN_SETTING = re.compile(
    r"\b\d+-(?:shot|bit|step|day|token|hourly|year)\b(?:\s+[A-Za-z]+\b)?(?:\s+(?:budget|CoT))?"
    r"|\b(?:intention-to-treat|ITT|per-protocol|out-of-sample|test-clean|test-other|"
    r"zero-shot|few-shot|short-run|long-run|y/y|q/q|m/m|avg@\d+|maj@\d+)\b"
)


def _sentences(text: str) -> list[tuple[int, int]]:
    """Sentences, and the clauses a semicolon ends, but for a list under a heading whose
    items a semicolon parts ("Corrosion rate in SBF, 37 °C: AZ31 2.1 mm/yr; WE43 0.9
    mm/yr"): one sentence, read as the list it is."""
    spans = []
    start = 0
    for m in re.finditer(r"(?<=[.!?])\s+(?=[A-Z(])", text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    clauses = []
    for start, end in spans:
        if ";" in text[start:end] and _named_list(text[start:end]) is not None:
            clauses.append((start, end))
            continue
        for m in re.finditer(r";\s+", text[start:end]):
            clauses.append((start, start + m.start()))
            start = start + m.end()
        clauses.append((start, end))
    return clauses


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _phrase_back(left: str) -> str:
    """The measure's name read backwards from the end of ``left`` until a stop word."""
    words: list[str] = []
    tokens = _tokens(left)
    for index in range(len(tokens) - 1, -1, -1):
        token = tokens[index]
        number = re.fullmatch(r"[+−-]?\d[\d.,]*%?", token)
        # A number after a capitalised name is part of it: "AIME 2024", "AlpacaEval 2.0".
        named = number and index > 0 and tokens[index - 1][:1].isupper() and words
        if token.lower() in _STOP or (number and not named) or _NOT_A_NAME_WORD.fullmatch(token):
            break
        words.insert(0, token)
        if len(words) == 6:
            break
    return " ".join(words)


# What ties a value to the words before it as their measure: "of", "=", "improves to".
_MEASURE_LINK = re.compile(
    r"(?:\bof|=|:|\b(?:is|was|are|were|improves\s+to|improved\s+to|rises\s+to|rose\s+to|"
    r"drops\s+to|dropped\s+to|falls\s+to|fell\s+to|gains|gained|climbs\s+to|climbed\s+to|"
    r"reaches|reached))\s*(?:about\s+|~|≈)?$",
    re.IGNORECASE,
)
# Words that end a measure's name read backwards: a verb ("lifted", "delivers", "remains",
# "reaching") or a piece of a unit ("g⁻¹", "mA/cm²", "kHz").
_NOT_A_NAME_WORD = re.compile(
    r"(?:lifted|boosted|pushed|brought|took|takes|delivers|delivered|remains|remained|lasts|"
    r"lasted|use|uses|used|provides|provided|yields|yielded|offers|offered|records|recorded|"
    r"achieve|attains|attained|sits|sat|stands|stood|tops|topped|posts|posted|logs|logged|"
    r"manages|managed|needs|needed|requires|required|sees|saw|returns|returned|adds|added|lost|"
    r"loses|climbs|climbed|averaged|averages|found|finds|nets|netted|grows|grew|shrank|shrinks|"
    r"widens|widened|narrowed|slid|slipped|surged|soared|plunged|estimates|estimated|trained|"
    r"spans|spanned|covers|covered|serves|served|sustains|sustained|handles|handled|runs|"
    r"processes|processed|resolved|resolves|compared|versus|reaching|achieving|hitting|"
    r"attaining|posting|getting|scoring|topping|yielding|delivering)"
    r"|[A-Za-zµμ°Ω]{1,5}[⁻¹²³]+[A-Za-z⁻¹²³]*|[A-Za-zµμ]{1,4}/[A-Za-zµμ²³]{1,6}|[a-zA-Z]",
)


def _runs(left: str) -> list[str]:
    """The runs of words between stop words and between a list's commas, in order."""
    runs: list[list[str]] = [[]]
    for part in re.split(r"[,;:]\s", left):
        if runs[-1]:
            runs.append([])
        for token in _tokens(part):
            if token.lower() in _STOP or re.fullmatch(r"[+−-]?\d[\d.,]*%?", token):
                if runs[-1]:
                    runs.append([])
                continue
            runs[-1].append(token)
    return [" ".join(r[-6:]) for r in runs if r]


# A quantity's symbol led by a Greek letter, right before its value ("Ωm 0.315", "σ8 =
# 0.81", "η 240 mV"): science names quantities so, never datasets, systems or places. (After
# a value, "2.1 Ωm" is a unit.)
_GREEK_SYMBOL = re.compile(r"[α-ωΑ-Ω][\w₀-₉]{0,3}")


def _metric_back(left: str, *, by: bool = False) -> str:
    """The last run of words before the value that names a measure, else the adjoining run.

    After "by" ("reduced teen employment by 1.2%") the adjoining words are the measure.
    """
    adjoining = _phrase_back(left)
    if adjoining and (_is_measure(adjoining) or by or _GREEK_SYMBOL.fullmatch(adjoining)):
        return adjoining
    measured = [r for r in _runs(left) if _is_measure(r)]
    if measured:
        return measured[-1]
    if adjoining and any(t.isalpha() and t.islower() for t in adjoining.split()):
        return adjoining
    return ""


def _split_benchmark(metric: str) -> tuple[str, str]:
    """ "AIME 2024 accuracy" -> ("AIME 2024", "accuracy"); "HumanEval pass@1" likewise."""
    m = re.match(
        r"^((?:[A-Z][A-Za-z]*[a-z][A-Z]\w*|[A-Z][\w-]*\s+\d[\d.]*|[A-Z][A-Za-z]*-\d[\w-]*)"
        r"(?:\s+\d[\d.]*)?)\s+(.+)$",
        metric,
    )
    if m and not _is_measure(m.group(1)):
        return m.group(1), m.group(2)
    return "", metric


# After a value, words that compare it rather than name its measure: "49% relative to",
# "0.7 pp short of", "2 °C cooler".
_COMPARING = re.compile(
    r"relative\s+to|compared|short\s+of|shy\s+of|(?:long|short|cool|warm|hott|cold)er",
    re.IGNORECASE,
)


def _phrase_forward(right: str) -> str:
    words: list[str] = []
    if _COMPARING.match(right[:40].lstrip()):
        return ""
    for token in _tokens(right[:80]):
        if token.lower() in _STOP or token[0].isdigit():
            break
        words.append(token)
        if len(words) == 4:
            break
    return " ".join(words)


def _is_measure(phrase: str) -> bool:
    words = re.split(r"[\s-]+", phrase.lower())
    # A letter after a designation names a component, not a measure: "TOI-270 d", "Kepler-22 b".
    words = [
        w for i, w in enumerate(words) if not (len(w) == 1 and i and re.search(r"\d", words[i - 1]))
    ]
    return (
        any(w.strip(".,;:()") in MEASURES for w in words)
        or better(phrase) is not None  # a measure of measures.toml: "VE", "NSE", "ubRMSE"
        or bool(_LOWER_IS_BETTER.search(phrase))
        or bool(re.search(r"\btop-\d+\b|@\d+|@k\b|\b(?:faster|slower)\b", phrase, re.I))
    )


def _benchmark_in(
    sentence: str, offset: int, value_at: int, metric: str = ""
) -> tuple[str, int] | None:
    """A benchmark, dataset, cohort or trial named by "on X", "in X" or "(X, …)", not a
    word of the measure's own name ("at Spearman ρ = 0.81")."""
    words = metric.split()
    found = [(name, offset + at) for name, at in _benchmarks_named(sentence) if name not in words]
    if not found:
        return None
    after = [f for f in found if f[1] > value_at]
    return min(after, key=lambda f: f[1]) if after else max(found, key=lambda f: f[1])


# A name compared against, not measured on: "versus 0.79 for MountainSort5", "improving on
# GemNet-OC's", "outperforming p-tau181".
# The words that set a figure against another: "vs 0.79", "compared with 1.05".
_VERSUS = r"(?:vs\.?|versus|against|than|compared\s+(?:with|to))"
_COMPARED_BEFORE = re.compile(
    r"(?:\b(?:vs\.?|versus|against|than|compared\s+(?:with|to)|relative\s+to|outperform\w*|"
    r"beat\w*|beating|improving\s+(?:up)?on|improves\s+(?:up)?on|improved\s+(?:up)?on|edg\w+\s+out|"
    r"surpass\w*|over)\s+(?:the\s+|a\s+)?"
    r"|[+−-]?\d[\d.,]*\s*\S{0,10}\s+(?:for|with|of|by)\s+(?:the\s+|a\s+)?)$",
    re.IGNORECASE,
)


# An object by its catalogue designation ("PSR J0740+6620", "NGC 5548", "TOI-270 d",
# "GW190521"): "12.4 km for PSR J0740+6620" is the object's figure, not a rival's.
_CATALOGUED = re.compile(
    r"(?:[A-Z]{2,5}[\s-]?J?\d{3,}(?:[+−-]\d{2,})?|[A-Z][a-z]+-\d{2,}\s?[a-z]?|[A-Z]{1,3}\d{6}\w*)"
)
# A comparison just before a name: "versus 0.79 for …".
_CUED_BEFORE = re.compile(rf"\b{_VERSUS}\b[^,;]{{0,30}}$", re.IGNORECASE)


def _compared(sentence: str, at: int) -> bool:
    return bool(_COMPARED_BEFORE.search(sentence[max(0, at - 40) : at]))


@lru_cache(maxsize=64)
def _benchmarks_named(sentence: str) -> tuple[tuple[str, int], ...]:
    """The names a sentence gives as benchmarks, with their offsets in it (read once), not
    the names it compares against."""
    titles = [m.span() for m in _CITED_TITLE.finditer(sentence)]
    return tuple(
        f
        for f in _names_in(sentence)
        if (
            not _compared(sentence, f[1])
            or (_CATALOGUED.fullmatch(f[0]) and not _CUED_BEFORE.search(sentence, 0, f[1]))
        )
        and not (_MODEL_SIZE.search(f[0]) and not _CALLED_DATA.match(sentence, f[1] + len(f[0])))
        and not any(a <= f[1] < b for a, b in titles)
    )


# A model named with its size is a model, not a benchmark: "Qwen3.6-27B", "SmolLM3-3B-Base";
# a count of thousands is a collection's size ("ImageNet-21K", "BEHAVIOR-1K"), and a name
# the sentence calls a benchmark or a dataset is one whatever its size ("LAION-5B dataset").
_MODEL_SIZE = re.compile(r"[-\s]\d+(?:\.\d+)?[BM](?:\b|-)")
_CALLED_DATA = re.compile(r"\s+(?:benchmark|dataset|data\s+set|corpus|suite|test\s+set)\b")
# A cited work's title, in title case before its identifier: "Exploring Black-Box RL on
# Agent Harness (arXiv:2608.16798)"; the words of a title are not where figures were measured.
_CITED_TITLE = re.compile(
    r"(?:[A-Z][\w.+/-]*:?\s+(?:(?:a|an|the|of|on|in|for|with|by|to|and|via|from)\s+)?){3,}"
    r"(?=\((?:arXiv|doi)\b)"
)


_DATA_KIND = re.compile(
    r"(?i)^(?:samples?|surveys?|releases?|datasets?|catalogue|catalog|data|cohorts?|registry|"
    r"project|census|archive|ensemble|reanalysis|panel|database|compilation)$"
)
_DRAWN_FROM = re.compile(
    r"\b(?:from|(?P<fit>fits?\s+to))\s+(?:the\s+)?"
    r"(?P<b>[A-Z][\w.+*/-]*(?:\s+(?:of\s+(?=[A-Z]))?[A-Z\d][\w.+*/-]*)*)"
    r"(?P<kind>(?:\s+[a-z][\w-]*)?\s+(?:samples?|surveys?|release|dataset|catalogue|catalog|"
    r"data|cohort|registry|census|archive|ensemble|reanalysis|panel|database)\b)?"
)
_STATISTICS = {"SD", "SE", "SEM", "IQR", "CI", "CRI", "MAD", "IV", "OLS", "2SLS"}
_EVALUATION_WORD = re.compile(
    r"test|tests|eval|evaluation|validation|val|dev|split|set|year|years|subset|benchmark|"
    r"suite|leaderboard|hindcasts?|reanalysis|analysis|record|records|data|dataset|cohort|"
    r"trial|sample|survey|catalogue|catalog|compilation|archive"
)
_DOLLARS = {"US$", "A$", "C$"}
_NOT_A_PLACE = re.compile(
    r"(?:Table|Tab|Figure|Fig|Section|Sec|Appendix|Eq|Equation|Supplementary|Extended|The|This|"
    r"These|That|Those|Phase|Stage|Week|Day|Year|Month)\b"
)


# Where a figure was heard, not measured: "at the URSI session in Sapporo".
_HEARD_AT = re.compile(
    r"\b(?:session|talk|conference|meeting|workshop|symposium|congress|seminar|webinar|"
    r"lecture|keynote|poster)s?\s+$",
    re.I,
)
# The body whose event a figure was heard at: "the URSI session", "the AAS winter meeting".
_HEARD_AT_EVENT = re.compile(
    r"\s+(?:[a-z]+\s+)?(?:session|talk|conference|meeting|workshop|symposium|congress|"
    r"seminar|webinar|lecture|keynote)s?\b"
)
# A name that owns the publication it is read in: "the Trialists' Newsletter".
_PUBLICATION_OF = re.compile(
    r"['’]s?\s+(?:[A-Za-z]+\s+)?(?:newsletter|blog|website|magazine|podcast|press\s+release|"
    r"news|column|feed|bulletin)\b",
    re.I,
)


def _names_in(sentence: str) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    offset = 0
    for m in re.finditer(
        r"\b(?P<prep>on|in|In|On|for|at)\s+(?:the\s+)?"
        r"(?P<b>(?:(?!(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|several|many|"
        r"some|all|both|each|other|wild-type)\s)[a-z]+(?:-[A-Za-z]+)?\s+(?=[A-Z][a-z]))?[A-Z][\w.+/-]*(?:\s+(?:of\s+(?=[A-Z]))?(?:[A-Z\d][\w.+/-]*))*)",
        sentence,
    ):
        name = m["b"].rstrip(".")
        if (
            _MONTH.match(name.split()[0])
            or name.split()[0] in CURRENCIES | _DOLLARS
            or re.fullmatch(r"\d{4}", name)
            or _NOT_A_PLACE.match(name)
        ):
            continue
        if (
            _HEARD_AT.search(sentence, 0, m.start())
            or _PUBLICATION_OF.match(sentence, m.start("b") + len(name))
            or _HEARD_AT_EVENT.match(sentence, m.start("b") + len(name))
        ):
            continue  # "a session in Sapporo", "the Trialists' Newsletter": not measured there
        strong = re.search(r"[\d-]|[A-Z]{2}|[a-z][A-Z]", name)
        # A place, a site or a cohort named after "in" or "at" is where the figure was
        # measured ("in Guinea", "at Rothamsted"); sentence-initial "In" only with a name.
        if m["prep"] == "In" and not strong:
            continue
        if m["prep"] == "for" and not re.search(r"\d", name):
            continue
        found.append((name, offset + m.start("b")))
    for m in re.finditer(r"\((?P<b>[A-Z][\w.+/-]*(?:\s+[A-Z][\w.+/-]*)*)(?=[,)\s])", sentence):
        name = m["b"]
        if re.match(r"[^,)]*,[A-Z]", sentence[m.start("b") :]):
            continue  # "(TT,TE,EE+lowE)": a list of settings
        if _is_measure(name) or _MONTH.match(name) or not re.search(r"[A-Z]{2}|\d|\s", name):
            continue
        if _abbreviates(name, sentence[: m.start()]):
            continue
        if name.upper() in _STATISTICS:
            continue  # "(SD)", "(IQR)": how the figure is spread, not where it was measured
        described = re.match(r"\s+(?!and\s+[A-Z])([a-z][\w-]*)", sentence[m.end("b") :])
        if described and not _EVALUATION_WORD.fullmatch(described.group(1)):
            # "(Cu/PTFE gas diffusion electrode)", "(IV estimate)", "(S1200 release)": the
            # name qualifies a thing the bracket describes; "(ERA5 test year 2018)" still names.
            continue
        if any(
            f[1] - offset + len(f[0]) + 2 >= m.start() for f in found if f[1] - offset < m.start()
        ):
            continue  # "the Neural Latents Benchmark (MC_Maze, …)": a part of the name before
        found.append((name, offset + m.start("b")))
    for m in re.finditer(
        r"\b(?:on|in|across)\s+(?P<b>(?:the|a)\s+(?:[\w-]+\s+){0,3}(?:cohort|trial|study|"
        r"dataset|data\s*set|test\s+set|sites|analysis|sample|population|registry|survey|"
        r"season))\b",
        sentence,
    ):
        if m["b"].endswith("season") and not re.search(r"\s[A-Z]", m["b"]):
            # "in the 2022 pre-monsoon season" is a period; "the 2023 Atlantic season" a place's.
            continue
        found.append((m["b"], offset + m.start("b")))
    for m in _DRAWN_FROM.finditer(sentence):
        # The data a figure was drawn from: "from the DES 5-year sample", "fits to Gaia
        # DR3", "from the Human Connectome Project"; not where a thing comes from ("from UZH").
        if m["fit"] or m["kind"] or _DATA_KIND.search(m["b"].split()[-1]):
            found.append((m["b"].rstrip(".") + (m["kind"] or ""), offset + m.start("b")))
    for m in re.finditer(r"\bacross\s+(?P<b>[A-Z][\w-]*(?:\s+[a-z]+)?)", sentence):
        found.append((m["b"], offset + m.start("b")))
    for m in _SPLIT_OF.finditer(sentence):
        # "LibriSpeech test-other", "COCO val2017": a collection named with its split.
        if not any(m.start("b") <= at - offset < m.end("b") for _name, at in found):
            found.append((m["b"], offset + m.start("b")))
    return found


_SPLIT_OF = re.compile(
    r"(?<![\w-])(?P<b>[A-Z][\w.+/-]*(?:\s+[A-Z\d][\w.+/-]*)*)\s+(?:test|dev|val|validation|"
    r"eval|devtest|test-dev|test-std|minival|test-clean|test-other|tst-[\w-]+)(?:20\d{2})?"
    r"(?![\w-])"
)


def _abbreviates(name: str, before: str) -> bool:
    """ "continuous ranked probability skill score (CRPSS)": the bracket spells the initials
    of the words before it, so it names the measure again, not a benchmark."""
    letters = re.sub(r"[^A-Z]", "", name)
    if len(letters) < 2 or not re.fullmatch(r"[A-Z][A-Za-z-]*", name):
        return False
    words = re.findall(r"[A-Za-z][\w-]*", before)[-2 * len(letters) :]
    initials = "".join(
        w[0].upper() + "".join(p[0].upper() for p in w.split("-")[1:] if p) for w in words
    )
    it = iter(initials)
    return all(ch in it for ch in letters) and initials.endswith(letters[-1])


# Words that start no term: "more than" is no "MT".
_FUNCTION_WORDS = frozenset(
    "a an and as at by for from in into of on or over than that the this to under with".split()
)


def _spells_common_phrase(name: str, text: str) -> bool:
    """ "in TTT" where the text speaks of "test-time training": a name whose capitals are
    the initials of a phrase the text writes in lower case abbreviates a common term (a
    regime, a method, a task), which no benchmark's proper name is."""
    letters = name.removesuffix("s")
    if not re.fullmatch(r"[A-Z]{3,6}", letters):
        return False
    phrase = r"[\s-]+".join(f"({c.lower()}[a-z]*)" for c in letters)
    return any(
        not _FUNCTION_WORDS.intersection(m.groups())
        for m in re.finditer(rf"(?<![\w-]){phrase}(?![\w-])", text)
    )


@lru_cache(maxsize=64)
def _sentence_settings(
    sentence: str,
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """What a sentence sets for all its results (read once per sentence): the population,
    the design, the settings phrases and the parts of its brackets."""
    population = [m.group(0) for m in _POPULATION.finditer(sentence)]
    design = [m.group("design") for m in _DESIGN.finditer(sentence)]
    phrases = _setting_phrases(sentence)
    parts = [
        part.strip()
        for m in re.finditer(r"\(([^()]{2,80})\)", sentence)
        if not _GLOSS.match(sentence, m.start())
        for part in m.group(1).split(",")
    ]
    return tuple(population), tuple(design), tuple(phrases), tuple(parts)


def _setting_phrases(source: str) -> list[str]:
    pieces = [m.group(0) for m in _HYPHEN_SETTING.finditer(source)]
    for m in _SETTING_PHRASE.finditer(source):
        phrase = m.group(0).strip()
        if re.search(r"\d{4}\s*$", phrase) or re.match(r"\w+\s+(?:the\s+)?\d{4}\b", phrase):
            continue  # a date, not a setting
        if re.match(r"in\s", phrase, re.I) and not _IN_SETTING.match(phrase):
            continue  # "in 5σ tension", "in 30 countries": not a condition
        pieces.append(phrase)
    pieces += [m.group(0) for m in _REFERENCE_PERIOD.finditer(source)]
    pieces += [
        m.group(0)
        for m in _AT_CIRCUMSTANCE.finditer(source)
        if not _HELD_AT.search(source, 0, m.start() + 3)
        and not _OTHERS_FIGURE.search(source, 0, m.start())
        and not re.match(r"\s+of\s+[~≈]?[+−-]?\d", source[m.end() :])
    ]
    return pieces


# A compared figure just before: "vs 68% at standard sites" is the other figure's condition.
_OTHERS_FIGURE = re.compile(rf"\b{_VERSUS}\s+[~≈]?[+−-]?\d[^,;()]{{0,12}}$")


# The circumstance a figure was read in, in words: "at one-month lead", "at night", "at a
# 2:2 row ratio", "at the bottom decile", "at SF100"; not a place ("at Rothamsted"), an
# amount ("at least"), or a figure something is said to stand at ("peaked at …").
_AT_CIRCUMSTANCE = re.compile(
    r"\b(?:at|@)\s+(?!(?:least|most|best|worst|about|around|only|once|first|last|all|times?|"
    r"rest|home|par|risk|random|scale|large|the\s+same|the\s+expense|the\s+cost)\b)"
    r"(?:(?:the|a|an)\s+)?(?:[a-z][\w:/-]*|[A-Z]{1,4}\d[\w-]*|\d[\w:/-]*[a-z][\w:/-]*)(?:\.\w+)*"
    r"(?:\s+(?!(?:vs|versus|and|or|with|than|compared|while|but|on|in|for|from|to|of|by|"
    r"after|over|under|is|are|was|were|per|the|a|an)\b)[a-z0-9][\w:/-]*(?:\.\w+)*){0,3}"
    r"(?=\s*(?:[,;()]|$|\.\s|\.$|\s+(?:vs|versus|and|or|with|than|compared|while|but|on|in|"
    r"for|from|to|of|by|after|over|under|is|are|was|were|per|the|a|an)\b))"
)


# Verbs that carry a figure without naming what it measures.
_VERB_NOT_MEASURE = re.compile(
    r"(?:reach|achiev|attain|hit|gett|get|climb|ris|fall|fell|drop|jump|land|end)(?:es|s|ed|ing|e)?",
    re.IGNORECASE,
)


# What names the source, not the setting: a citation ("arXiv:2608.19197", "(source)",
# "Smith et al. 2024"); such words never make two results incomparable.
_NOT_PROTOCOL = re.compile(
    r"\barxiv:\s*\d{4}\.\d{4,5}(?:v\d+)?|\b\d{4}\.\d{4,5}(?:v\d+)?\b|\bdoi:\s*\S+|"
    r"^\s*\(?(?:source|link|pdf|paper|here)\)?\s*$|\b[A-Z][a-z]+\s+et\s+al\.?(?:,?\s*\d{4})?|"
    # a citation: "Müller & Zhang 2026, ACS Catal. 16, 8812"
    r"\b[A-Z][\w'-]+\s+(?:&|and)\s+[A-Z][\w'-]+,?\s+(?:19|20)\d{2}\b.*|"
    r"^\s*(?=[^.]*\.)(?:[A-Z][A-Za-z]*\.?\s+){1,4}\d{1,4}\s*$",  # a journal's volume
    re.IGNORECASE,
)


def _protocol_in(sentence: str, clause: str, benchmark: str, value: str = "") -> str:
    """The settings that make the result comparable; never a phrase holding its own value
    ("keeps the delay at 4.1 ms": 4.1 ms is the result, not a setting)."""
    population, design, sentence_phrases, parts = _sentence_settings(sentence)
    pieces: list[str] = list(population)
    pieces += [m.group(0) for m in _SPLIT.finditer(clause)]
    if benchmark and not _SPLIT.search(clause):
        # "on the MPtrj test split, forces 38 meV/Å": the split named with the benchmark;
        # "nuScenes test", "MS MARCO dev", "COCO val2017": the split's name alone.
        named = re.search(re.escape(benchmark) + r"\s+(" + _SPLIT.pattern + ")", sentence)
        named = named or re.search(re.escape(benchmark) + _SPLIT_NAME.pattern, sentence)
        pieces += [named.group(1)] if named else []
    pieces += design
    pieces += [m.group(0).strip() for m in _CONDITION.finditer(clause)]
    # The clause's own settings, else the sentence's.
    pieces += _setting_phrases(clause) or ([] if pieces else sentence_phrases)
    pieces += _bracket_settings(parts, benchmark)
    pieces += _heading_period(sentence)
    if value:
        own = re.compile(r"(?<![\d.])" + re.escape(value) + r"(?:\s*±\s*[\d.]+)?")
        pieces = [
            side.strip(" ,;:")
            for piece in pieces
            for side in (own.split(piece) if own.search(piece) else [piece])
            if side is piece
            or (
                re.search(r"\d", side)
                and not re.fullmatch(r"\W*\w+\W*", side.strip(" ,;:"))
                and not re.match(r"\s*(?:vs\.?|versus|against|than)\s", side)
            )
        ]
    seen: list[str] = []
    folded: list[str] = []
    for piece in pieces:
        cleaned = _NOT_PROTOCOL.sub("", piece)
        piece = cleaned.strip(" ,;:()") if cleaned != piece else piece
        head = _CONDITION_THEN_COLON.match(piece)
        if head:
            # "in 1 M KOH: η₁₀ =": the condition ends where the colon opens the figures.
            piece = head.group(1)
        if not piece:
            continue
        key = normalise_protocol(piece)
        if not any(key in f for f in folded):
            seen.append(piece)
            folded.append(key)
    return ", ".join(seen)


_CONDITION_THEN_COLON = re.compile(r"((?=[^:]*\d)[^:]+?)\s*:\s+\S.*$")


# A heading's date or period holds for every figure under it: "Unemployment, Mar 2024 (…): ES
# 11.7% / GR 10.1%", "Bike mode share 2022: …", "Berlin e-scooters, Q3 2023: …".
# A heading and the colon or the spaced dash after it ("2010–19" keeps its dash).
_HEAD_TEXT = r"(?P<head>(?:[^:;—–]|(?<=\S)[—–](?=\S)){2,90}?)(?::\s+|\s+[—–]\s+)"
_HEADING = re.compile(_HEAD_TEXT)
_PERIOD = re.compile(
    rf"\b(?:{MONTHS}\s+)?(?:19|20)\d{{2}}(?:\s*[–-]\s*(?:(?:19|20)\d{{2}}|\d{{2}})(?!\d))?\b"
    rf"|\bQ[1-4]\s+(?:19|20)\d{{2}}\b",
    re.IGNORECASE,
)


def _with_heading_conditions(protocol: str, heading: str) -> str:
    """``protocol`` and every quantity with a unit a list's heading names ("MOF CO2 uptake
    at 298 K, 1 bar", "corrosion rate in SBF, 37 °C", "CLARITY AD, 18 mo"): a heading
    states no result, so its quantities are the conditions every item was measured in."""
    pieces = [protocol] if protocol else []
    for q in quantities(heading):
        condition = q.unit and q.unit != "%" and q.kind in (FIGURE, SETTING)
        if condition and normalise_protocol(q.text) not in normalise_protocol(", ".join(pieces)):
            pieces.append(q.text)
    return ", ".join(pieces)


@lru_cache(maxsize=64)
def _heading_period(sentence: str) -> tuple[str, ...]:
    m = _HEADING.match(sentence)
    if not m or _CITED_YEAR.search(m["head"]):
        return ()
    return tuple(p.group(0) for p in _PERIOD.finditer(m["head"]))


# "Freedman+ 2021", "Smith et al. (2019)", "(Kratzert et al. 2019)": a citation's year.
_CITED_YEAR = re.compile(r"(?:et\s+al\.?|\+|&\s*\w+)\s*\(?(?:19|20)\d{2}")


# A bracket that gives a statistic, not a setting: "(n = 88)", "(k = 49)", "(95% CI …)",
# "(p < 0.01)", "(SD 41)".
_STATISTIC = re.compile(
    r"(?:n|N|k)\s*[=≈]|\d+(?:\.\d+)?\s*%\s*(?:CI|CrI)|p\s*[<=]|(?:SE|SD|SEM|IQR)\b"
)


@lru_cache(maxsize=64)
def _bracket_settings(parts: tuple[str, ...], benchmark: str) -> tuple[str, ...]:
    """The parts of a sentence's brackets that set its results: not counts, intervals,
    p-values, results, names or the benchmark itself."""
    pieces: list[str] = []
    for part in parts:
        if (
            not part
            or re.match(
                r"(?:n|N|k)\s*[=≈]|\d+(?:\.\d+)?\s*%\s*(?:CI|CrI)|p\s*[<=]|(?:SE|SD|SEM|IQR)\b",
                part,
            )
            or re.search(r"[A-Za-z]\s*:\s*[+−-]?\d", part)  # "(raw data: 8.4)": another value
            # "(we have not seen the paper)", "(they never name it)", "(paper under
            # embargo)": the writer's aside on the source, not a setting
            or re.match(
                r"(?:we|i|our|my|not|only|they|he|she|it|the\s+paper|paper|preprint|"
                r"article|source)\b",
                part,
                re.I,
            )
            or _NOT_A_SETTING.match(part)
            or re.search(r"\d\s*%|\d\s*σ", part)
            or (_is_measure(part) and re.search(r"(?<![\w@-])[+−-]?\d[\d.,]*(?![\w-])", part))
            or (benchmark and part == benchmark)
            or re.fullmatch(r"[A-Z][\w.+/-]*(?:\s+[A-Z][\w.+/-]*)*", part)
            or re.fullmatch(r"[+−-]?\d[\d.,]*(?:/[+−-]?\d[\d.,]*)?", part)
        ):
            continue
        if benchmark and part.startswith(benchmark + " "):
            part = part[len(benchmark) + 1 :]
            if _NOT_A_SETTING.match(part):
                continue
        elif re.fullmatch(r"[A-Z][\w.+/-]*(?:\s+[A-Z][\w.+/-]*)*\s+(?:19|20)\d{2}", part):
            continue  # "(SH0ES 2022)": a source and its year, not a setting
        pieces.append(part)
    return tuple(pieces)


# The condition a result holds under, in its own clause: "under managed stress", "in the
# immediate arm", "among English adults", "in simulation", "on the real robot".
_CONDITION = re.compile(
    r"\b(?:under|among|during|when)\s+(?!the\s+(?:same|previous|prior)\b)[^,;:()\d]{3,40}?"
    r"(?=\s*(?:[,;:()]|$|\.\s|\.$|\s+(?:vs\.?|versus|compared|against|and|while|with|fell|rose|"
    r"was|were|is|are|dropped|increased|decreased|declined|averaged|reached|grew|jumped)\b))"
    r"|\bin\s+the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:arm|group|cohort\s+arm)\b"
    r"|\bin\s+(?:simulation|silico|vitro|vivo)\b|\bon\s+(?:the\s+)?real\s+(?:robot|hardware|world)\b"
    # the period measured over: "over 1993–2002", "during the 2014–2023 decade"
    r"|\b(?:over|during|for|in)\s+(?:the\s+)?(?:19|20)\d{2}\s*[–-]\s*(?:19|20)?\d{2}\b"
    r"(?:\s+(?:period|decade|seasons?|test\s+period))?"
    # the machine it ran on: "on a single GPU", "on the same hardware"
    r"|\bon\s+(?:a|the|one)\s+(?:single\s+|same\s+)?(?:[\w-]+\s+)?(?:GPU|CPU|TPU|hardware|"
    r"core|node|machine)s?\b"
    # data joined to the measured set, and ages: "combined with the CMB", "before age 17"
    r"|\bcombined\s+with\s+(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z\d][\w-]*)*"
    r"|\b(?:before|after)\s+age\s+\d+|\bat\s+ages?\s+\d+(?:\s*[–-]\s*\d+)?|\bin\s+over-\d+s\b",
    re.IGNORECASE,
)
# Who or what a result is analysed over, stated once for the whole sentence.
_POPULATION = re.compile(
    r"\b(?:(?:modified\s+)?intention-to-treat|mITT|ITT|per-protocol|as-treated|"
    r"out-of-sample|in-sample)\b",
    re.IGNORECASE,
)
# A named split of a dataset: "test split", "held-out set", "validation set".
_SPLIT = re.compile(r"\b(?:test|validation|val|dev|held-out|hidden)\s+(?:split|set)\b", re.I)
_SPLIT_NAME = re.compile(
    r"\s+((?:test|dev|val|validation|eval|devtest|test-dev|test-std|minival)(?:20\d{2})?)"
    r"(?![\w-])(?!\s+(?:split|set)\b)"
)
# How an estimate is identified: "in the county-pair design", "under the SSP2-4.5 scenario".
_DESIGN = re.compile(
    r"\b(?:in|under|with|using)\s+(?:the|a|an)\s+(?P<design>(?:[\w.+-]+\s+){0,2}"
    r"(?:design|specification|scenario|estimand|regime|configuration|protocol|setting))\b",
    re.IGNORECASE,
)
# "in" begins a setting only for a time point or a medium: "in week 12", "in 1 M KOH".
_IN_SETTING = re.compile(
    r"in\s+(?:the\s+)?(?:(?:week|wk|day|month|mo|year|yr)\s+\d|[\d.]+\s*(?:[mμn]?M|°C|K|wt%|mol%)\b)",
    re.IGNORECASE,
)
# An anomaly's reference: "above the 1850–1900 baseline", "relative to pre-industrial".
_REFERENCE_PERIOD = re.compile(
    r"\b(?:above|below|relative\s+to|compared\s+with)\s+(?:the\s+)?"
    r"(?:\d{4}\s*[–-]\s*\d{2,4}|pre-?industrial)"
    r"(?:\s+(?:baseline|average|mean|climatology|levels?|period|conditions))?",
    re.IGNORECASE,
)
# Parenthesised words that qualify a figure without setting it: an error bar, an interval,
# a bare year, a count.
_NOT_A_SETTING = re.compile(
    r"(?:±|\+/-|[+−-]\s*\d[\d.]*\s*/\s*[+−-])|(?:19|20)\d{2}$|\d[\d,]*\s+[a-z]+s$"
)
_CUE = re.compile(
    r"\b(?:vs\.?|versus|compared\s+(?:with|to)|against|relative\s+to|than|from|whereas|"
    r"non-inferior\s+to|over|below|above|edging\s+out|ahead\s+of|outperform(?:s|ed|ing)?|"
    r"improving\s+(?:up)?on|beating|surpassing)(?=\s|$)",
    re.IGNORECASE,
)


# "median PFS 16.6 vs 9.7 months", "0.6 vs 1.9 mV/cycle": the unit written once, after the
# second figure, is the first's too.
_UNIT_SHARED = re.compile(r"\s*(?:vs\.?|versus|v\.)\s*(?:~|about\s+)?")


def _comparing_cue(words: str) -> re.Match[str] | None:
    """The first word that compares, unless it names a potential's reference electrode
    ("72% at −0.9 V vs RHE" compares nothing)."""
    cue = _CUE.search(words)
    if cue and re.match(r"\s+(?:doubled|tripled|quadrupled|halved)\b", words[cue.end() :], re.I):
        return None  # "more than doubled": a change, not a comparison with a named figure
    return None if cue and _REFERENCE_ELECTRODE.match(words, cue.end()) else cue


def _baseline(text: str, q: Quantity, rest: list[Quantity]) -> tuple[Quantity | None, str, str]:
    """(the baseline's quantity, the baseline's name, the cue) stated after a value."""
    after = text[q.end : q.end + 140]
    stop = re.search(r";|\.\s|\.$", after)
    after = after[: stop.start()] if stop else after
    nxt = next(
        (
            r
            for r in rest
            if not _DOSE_UNIT.match(r.unit)
            and r.role not in ("low", "high", "uncertainty")
            and (r.unit == q.unit or not r.unit or _UNIT_SHARED.fullmatch(text[q.end : r.start]))
        ),
        None,
    )
    gap = text[q.end : nxt.start] if nxt is not None and nxt.start - q.end <= len(after) else None
    if (
        gap is not None
        and _OTHER_CONDITION.match(text[nxt.end : nxt.end + 40])
        and not re.search(r"\bfrom\s+(?:about\s+|~)?$", gap)
    ):
        # "80% on the real robot versus 96% in simulation": the same measure under another
        # condition, a result of its own, not what this one is compared against.
        gap = None
    if gap is not None and (nxt.unit == q.unit or not nxt.unit or not q.unit):
        cue = _comparing_cue(gap)
        if cue and not re.search(r"\band\s+[a-z]", gap[: cue.start()]):
            named_first = _NAME_THEN_CLAUSE.match(gap, cue.end())
            if named_first and not re.search(r"\bfrom\s*$", cue.group(0)):
                # "+8.80 over GRPO, +13.16 over PPO", "over base X (a 263% gain), …": the
                # name closes at the clause's end; the next figure is a result of its own.
                return None, _name_cleaned(named_first.group("name")), cue.group(0)
            words = gap[cue.end() :].strip(" ,()")
            words = re.sub(r"^(?:the\s+)?previous\s+best\s+of$", "the previous best", words)
            words = re.sub(r"\s+(?:of|at|peak\s+at|peaks?\s+at|with|in)$", "", words)
            words = re.sub(r"['’]s?$", "", words).strip(" ,()")
            if words.lower() in ("the", "a", "an", "its", "their"):
                words = ""  # "higher than the 3.2 K of CMIP5": the name follows the value
            if not words:
                tail = text[nxt.end : nxt.end + 60]
                named = re.match(
                    r"\s*(?:(?:for|with|in|of)\s+)?((?:the\s+)?[A-Za-z][\w+/'’-]*"
                    r"(?:\s+[A-Za-z][\w+/'’-]*)*)",
                    tail,
                )
                words = named.group(1).strip() if named else ""
            return nxt, _name_cleaned(words), cue.group(0)
    cue = _comparing_cue(after)
    if (
        cue
        and (gap is None or cue.start() < len(gap))
        and not re.search(r",\s|\(|\bwhere\b|\bwhich\b|\bthat\b", after[: cue.start()])
    ):
        named = re.match(
            r"\s+((?:the\s+)?[A-Za-z][\w+/'’.-]*(?:\s+(?![+−-]?\d)[\w+/'’-][\w+/'’.-]*)*)",
            after[cue.end() :],
        )
        if named and cue.group(0).lower() not in ("from",):
            return None, _name_cleaned(named.group(1)), cue.group(0)
    return None, "", ""


# A comparison's name that a clause mark closes before any figure: "over GRPO, +13.16 …".
_NAME_THEN_CLAUSE = re.compile(
    r"\s+(?P<name>(?:(?![\s(][+−-]?\d)[^,;()])*?[A-Za-z](?:(?!\s[+−-]?\d)[^,;()])*?)"
    r"\s*(?:,\s|;|\(\s*[a-z]|\s+and\s)",
    re.I,
)
# Where a compared name was measured, not part of the name: "SFT on AlpacaEval".
_NAME_WHERE = re.compile(
    r"\s+(?:on|in|at|for|across)\s+(?:the\s+)?[A-Z][\w.+/-]*(?:\s+[A-Z\d][\w.+/-]*)*$"
)
_NAME_TAIL = re.compile(
    r"(?:\s+(?:at|on|in|of|for|with|to|by|and|or|the|a|an|its|their|from|over|under))+\s*$",
    re.I,
)


# A part of a paper: "Supplementary Table 4", "Figure 2b", "the appendix".
_DOCUMENT_PART = re.compile(
    r"(?:the\s+)?(?:supplementary\s+|extended\s+data\s+)?(?:table|figure|fig\.|appendix|"
    r"section|supplement|panel)\b",
    re.I,
)
# A study described, not named: "a new study", "one recent trial".
_UNNAMED_STUDY = re.compile(
    r"^(?:a|an|one|this|that|the)\s+(?:(?:new|recent|large|small|single|further|later|"
    r"earlier|separate|follow-up|pilot)\s+)*(?:study|paper|analysis|trial|survey|report|"
    r"preprint|review|experiment)$",
    re.I,
)


# A name led by a lowercase compound that qualifies it: "closed-web BrowseComp-Plus",
# "zero-shot ScienceQA", "out-of-domain VoxCeleb1": the setting, then the name.
_QUALIFIED_NAME = re.compile(
    r"(?P<setting>[a-z]+(?:-[a-z]+)+)\s+(?P<name>(?:[A-Z]|\d+[A-Za-z])[\w.+/@-]*(?:\s+\S+)*)$"
)


def _benchmark_cleaned(name: str, value: float) -> str:
    """A benchmark's name without the figure read into it ("central Europe 1.4" before
    "1.4 times"); a study only described ("a new study") is no name."""
    figure = re.search(r"\s+([+−-]?\d+(\.\d+)?)$", name)
    if figure and (figure.group(2) or float(figure.group(1).replace("−", "-")) == value):
        name = name[: figure.start()]  # a catalogue's number is whole: "NGC 5548"
    return "" if _UNNAMED_STUDY.match(name) else name


# What closes a compared name: its own verb ("usual care did at six months"), or a time
# point ("placebo at week", its number already cut).
_NAME_CLOSES = re.compile(
    r"\s+(?:did|does|do|had|has|was|were|is|are)\b.*$"
    r"|\s+(?:at|after|by|through|over)\s+(?:the\s+)?(?:week|month|day|year|visit|follow-up)s?$",
    re.I,
)


def _name_cleaned(words: str) -> str:
    """A baseline's name without the words a clause trails off with ("… baseline at", "…
    on AppWorld and"): a lone function word is no name."""
    words = words.strip(" ,()—–-.")
    while True:
        cut = _NAME_CLOSES.sub("", _NAME_WHERE.sub("", _NAME_TAIL.sub("", words)))
        cut = cut.strip(" ,()—–-.")
        if cut == words:
            break
        words = cut
    if re.fullmatch(r"(?:to|and|or|the|a|an|its|their|of|at|in|on|for|with)?", words, re.I):
        return ""
    return words


# After a value compared against: the other condition it was measured under.
_OTHER_CONDITION = re.compile(
    r"\s*(?:[A-Za-z%]+\s+)?(?:at|in|on|under|during|among)\s+(?!the\s+same\b)"
    r"(?!(?:the\s+)?(?:19|20)\d{2}\b|(?:the\s+)?(?:previous|prior|last|first)\b)"
    r"(?!(?:the\s+)?(?:historical\s+|matched\s+|untreated\s+)?(?:placebo|sham|controls?\b|"
    r"usual\s+care|standard\s+(?:of\s+)?care|comparator))",
    re.IGNORECASE,
)
# "…, 1.8 on placebo", "12% in historical controls": a figure of the control group is the
# baseline of the result before it, whatever words lead to it.
_CONTROL_AFTER = re.compile(
    r"\s*(?:(?:on|with|in|for|under)\s+)?(?:the\s+)?(?P<name>(?:historical\s+|matched\s+|untreated\s+)?"
    r"(?:placebo|sham|controls?|usual\s+care|standard\s+(?:of\s+)?care)(?:\s+(?:arm|group))?)\b",
    re.IGNORECASE,
)


_THRESHOLD_BEFORE = re.compile(
    r"\b(?:above|below|under|over|exceeding|at\s+least|at\s+most|more\s+than|less\s+than|"
    r"fewer\s+than|up\s+to)\s+(?:about\s+|~)?$",
    re.IGNORECASE,
)
# Verbs after which "above 2%" or "below 1 °C" is where the measure went: a result.
_REACHED_BEFORE = re.compile(
    r"\b(?:rose|rise|rises|risen|fell|fall|falls|fallen|dropped|drops|climbed|climbs|stayed|"
    r"stays|remained|remains|was|were|is|are|kept|keeps\s+it|held|holds|came\s+in)\s+"
    r"(?:\w+\s+)?$",
    re.IGNORECASE,
)
# An interval's or spread's label right before the figure: "95% CI 4.8", "range 2.0–".
_TIME_POINT_END = re.compile(
    r"\s+(?:at|after|over|by|through)\s+(?:the\s+)?(?:(?:day|week|wk|month|mo|year|yr)\s+\d+|"
    r"\d+\s+(?:days?|weeks?|months?|years?|h|hours?|min))\s*$",
    re.IGNORECASE,
)
_SUBJECT_SOURCE = re.compile(
    r"\s*(?:The\s+|An?\s+)?(?:[A-Z][a-z]+\s+)?(?P<name>"
    r"[A-Z][\w.+/-]*\d[\w.+/-]*\s+(?:ensemble|survey|sample|catalogue|catalog|dataset|"
    r"reanalysis|census|panel|cohort|archive|registry|compilation)"
    r"|[A-Z][A-Za-z]*-\d{3,}(?:\s?[a-z]\b)?)"
    r"(?=\s*:|(?:\s+[a-z][\w-]*){0,2}\s+(?:gives|finds|shows|reports|yields|has|is|was|"
    r"confirms|at|orbits|measures|puts|prefers)\b)"
)
# The object or study a sentence is about, named as one: "mapping of NGC 5548", "the light
# curve of NGC 5548", "DAPA-CKD (4,304 patients): …", "Hot Jupiter WASP-121b: …". A name here is a
# catalogue's or a trial's ("X-12", "NGC 5548"), so plain words ("Malaria: …") are no name.
_OBJECT_NAME = r"[A-Z][\w*+/-]*(?:\s+(?:[A-Z\d][\w*+/-]*|[a-z]\b))*"
_OBJECT_OF = re.compile(r"\bof\s+(?:the\s+)?(?P<name>" + _OBJECT_NAME + ")")
_OBJECT_HEAD = re.compile(
    r"^\s*(?:[A-Z][a-z]+\s+){0,2}(?P<name>" + _OBJECT_NAME + r")\s*(?:\([^()]{0,60}\)\s*)?:"
)


# An object named by its kind: "the exoplanet TOI-270 d", "the galaxy JADES-GS-z14-0".
_OBJECT_KIND = re.compile(
    r"\b(?:exoplanet|planet|galaxy|quasar|pulsar|star|magnetar|supernova|binary|burst|"
    r"cluster|nebula|comet|asteroid|trial|survey|cohort|catchment|reactor|site)\s+(?P<name>"
    + _OBJECT_NAME
    + ")"
)
# A sentence opening on where its figures were measured: "In DESTINY-Breast04 the T-DXd …",
# "In the CheckMate 067 trial, …", "In Brazil the unemployment rate …".
_FRAMED = re.compile(
    r"^\W*(?:In|For|Across|Within)\s+(?:the\s+)?(?P<name>[A-Z][\w*+/.-]*(?:\s+[A-Z\d][\w*+/.-]*)*)"
    r"(?:\s+(?:trial|study|cohort|survey|sample|catalogue|data|dataset|experiment|campaign|"
    r"mission|programme|program))?(?=\s*,|\s+(?:the|a|an|we|they|it|its|their)\s)"
)


@lru_cache(maxsize=64)
def _framed_name(sentence: str) -> tuple[str, int] | None:
    """The name a sentence opens on as where it measured ("In DESTINY-Breast04 the …"),
    with its offset; not a month, a part of the paper, a measure or a model with its size."""
    m = _FRAMED.match(sentence)
    if m is None:
        return None
    name = m["name"].rstrip(".")
    if (
        _MONTH.match(name.split()[0])
        or _NOT_A_PLACE.match(name)
        or re.fullmatch(r"(?:19|20)\d{2}", name)
        or _is_measure(name)
        or _MODEL_SIZE.search(" " + name)
    ):
        return None
    return name, m.start("name")


def _object_named(sentence: str) -> str:
    """The one strong name a sentence measures when no benchmark is named otherwise."""
    for m in (
        _OBJECT_HEAD.match(sentence),
        *_OBJECT_KIND.finditer(sentence),
        *_OBJECT_OF.finditer(sentence),
    ):
        if m is None:
            continue
        name = m["name"].rstrip(".")
        if (
            re.search(r"[A-Za-z]+-[A-Z\d]|[A-Z]{2,}\s+\d", name)
            and not _MONTH.match(name.split()[0])
            and not _NOT_A_PLACE.match(name)
            and not re.fullmatch(r"(?:19|20)\d{2}", name)
            and not _is_measure(name)
            and not _compared(sentence, m.start("name"))
        ):
            return name
    return ""


# A sentence's subject as its measure: a noun phrase, what or where it is of, then the verb
# that carries the figure ("Smoking prevalence among English adults fell to 11.9%").
# A sentence's subject: its head words, then what they are of or where ("Nitrate in the Elbe").
_SUBJECT = (
    r"\s*(?:The\s+|the\s+)?(?P<measure>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,3})"
    r"(?:\s+(?:of|in|at|among|from|for|on|across|over|to)\s+[^,;:()]{1,60}?)?"
    r"(?:,\s*[^,;:()]{1,40},)?"
)
_SUBJECT_MEASURE = re.compile(
    _SUBJECT + r"\s+"
    r"(?:is|was|were|are|fell|rose|declined|increased|decreased|dropped|averaged|reached|hit|"
    r"stood|tripled|doubled|halved|jumped|grew|climbed|peaked|totalled|totaled)\b"
)
# The subject alone, the verb already cut off.
_SUBJECT_ONLY = re.compile(_SUBJECT + r"\s*$")
# A measure named with its bound: "time below 70 mg/dL", "share above 2 °C".
# A clause's opening conjunction: "while freshwater insects declined …".
_CONJUNCTION = re.compile(r"^\s*(?:while|whereas|but|and|yet|although|though)\s+", re.I)
# A verb by which a sentence's subject itself changed, and the size of the change next:
# "visits fell by", "cover dropped".
_SUBJECT_CHANGED = re.compile(
    r"\s(?:fell|rose|dropped|declined|increased|decreased|grew|jumped|climbed|shrank|slipped|"
    r"plunged|soared|surged)\s+(?:by\s+)?(?:about\s+|around\s+|nearly\s+|~)?$"
)
_BOUNDED_MEASURE = re.compile(
    r"(?:^|[,;:]\s*|\band\s+)((?:[a-z][\w-]*\s+){1,3}(?:below|above|under|over)\s+"
    r"[\d.,]+\s*[^\s\d,;]*)\s*$"
)
_SCOPED_MEASURE = re.compile(
    r"(?:The\s+|the\s+)?(?P<measure>[A-Za-z][a-z-]+(?:\s+[a-z][\w-]*){0,2})\s+"
    r"(?:to|for|in|across)\s+(?:the\s+)?(?P<scope>[A-Z][\w.+/-]*(?:\s+[A-Z][\w.+/-]*)*)"
)
_INTERVAL_BEFORE = re.compile(
    r"\b(?:CI|CrI|PI|HDI|interval|range|SE|SD|IQR)\b[\s:=,(\[]*(?:of\s+)?"
    r"(?:[+−-]?\d[\d.]*\s*%?\s*(?:[–-]|to)\s*)?$"
)
_RELATIVE_AFTER = re.compile(
    r"\s*(?:(?:lower|higher|less|more|better|worse|smaller|larger|fewer|greater)\s+than\b"
    r"|(?:below|above|under|over)\s+(?:the|that|those|a|an|its|their|[A-Z])\b)",
)
# The same measure again, moved: "96.4% … on the test set, dropping to 91.0% on night clips",
# "0.9 Hz outside the field, rising to 12 Hz in-field", "162°; still 151° after abrasion".
_MOVED_TO = re.compile(
    r"(?:\bstill|\b(?:dropping|falling|rising|climbing|sliding|slipping|declining|"
    r"improving|increasing|decreasing|shrinking|growing|easing)\s+to)\s+(?:about\s+|~|≈)?$",
    re.IGNORECASE,
)
# A split or a period right after a figure is where it was read, not what it measures:
# "NSE 0.82 calibration / 0.76 validation".
_SPLIT_WORD = re.compile(
    r"calibration|validation|training|test|testing|in-sample|out-of-sample|hindcast|"
    r"holdout|held-out",
    re.IGNORECASE,
)
_BASELINE_NAMED = re.compile(
    r"^(?:the\s+)?(?:(?:previous|prior|former|earlier)\s+(?:best|record|sota|"
    r"state[\s-]of[\s-]the[\s-]art)|baseline|placebo|control(?:\s+(?:group|arm))?|"
    r"usual\s+care|standard\s+of\s+care)$",
    re.IGNORECASE,
)
_RESULT_UNIT = {"%", "pp", "x", "σ", "bp"}


def _describes_a_thing(q: Quantity, before: str, after: str) -> bool:
    """A measurement that says what a thing is, not how it did: "a 30 µm separator",
    "the 1.5 MW turbines", "with 0.1 mg/cm² iridium", "after 1,200 cycles"."""
    if q.unit in _RESULT_UNIT or q.role in ("to", "compared"):
        return False
    if re.match(
        r"\s*(?:cycles?|epochs?|steps?|iterations?|repeats?|runs?|seeds?)\b", after
    ) and re.search(r"\b(?:after|over|for|across|within|in|through)\s+(?:about\s+|~)?$", before):
        return True
    if not q.unit:
        return False
    noun = re.match(r"\s+([a-z][\w-]*|[A-Z][\w-]*\d[\w-]*)\b", after)
    phrase = _phrase_forward(after)
    return bool(
        noun
        and noun.group(1).lower() not in _STOP
        and not _is_measure(phrase)
        and not re.search(r"\b[A-Z]{2,}", phrase)
        and re.search(r"(?:\b(?:a|an|the|with|its|their|using)|['’]s)\s*$", before, re.I)
    )


def _counts_things(q: Quantity, before: str, after: str) -> bool:
    """A count of what was studied, not a result: "among the 1.2 million adults", "on 3,000
    US stocks", "a dataset of 1.8 million transcripts"."""
    if q.unit or q.text.endswith("%"):
        return False
    things = re.match(r"\s+((?:[A-Za-z][\w-]*\s+){0,2}?[a-z][\w-]*s)\b(?![/·])(?!\s+per\b)", after)
    return bool(
        things
        and not any(word.lower() in _STOP for word in things.group(1).split())
        and not _is_measure(things.group(1))
        and re.search(r"\b(?:of|among|on|with|from|across|over|the|a|in|for)\s+$", before)
    )


def _is_threshold(q: Quantity, before: str) -> bool:
    """A bound the claim sets, not one it reports: "BMI ≥ 27", "skill above 0.5"."""
    if q.comparator in ("≥", "≤", ">", "<", ">=", "<="):
        return True
    threshold = _THRESHOLD_BEFORE.search(before)
    return bool(threshold) and not _REACHED_BEFORE.search(before[: threshold.start()])


def _in_settings_list(text: str, q: Quantity) -> bool:
    """A bare figure among the words of a parenthesised list: "(ERA5, 2020 test year, 1.5°)"."""
    opening = text.rfind("(", max(0, q.start - 80), q.start)
    closing = text.find(")", q.end, q.end + 80)
    if opening < 0 or closing < 0 or ")" in text[opening : q.start]:
        return False
    items = [item.strip() for item in re.split(r"[,;]", text[opening + 1 : closing])]
    return q.text in items and any(
        item and not re.match(r"[+−-]?\d", item) and item != q.text for item in items
    )


_CONCENTRATION = re.compile(r"^(?:[mμn]?M|mol/L|mmol/L|g/L|mg/mL|wt%|mol%|vol%)$")


def _glosses_subject(text: str, q: Quantity) -> bool:
    """A figure alone in brackets after the subject: "The carbon tax (€30/t) cut …"."""
    opening = text.rfind("(", max(0, q.start - 3), q.start)
    if opening < 0 or not re.match(r"\s*(?:/\w+)?\)", text[q.end : q.end + 8]):
        return False
    start = max(text.rfind(". ", 0, opening) + 2, text.rfind("; ", 0, opening) + 2, 0)
    head = text[start:opening]
    return bool(
        re.fullmatch(r"\s*(?:The\s+|A\s+|An\s+)?[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,3}\s*", head)
    )


def _is_condition(q: Quantity, before: str) -> bool:
    """A condition of the experiment in a physical unit: "at 2 mm/h", "for 12 h"."""
    if not q.unit or q.unit in _RESULT_UNIT or q.role in ("to", "compared"):
        return False
    if _TIME_UNIT.match(q.unit) and re.search(r"\bfor\s+(?:about\s+|~)?$", before):
        return True
    if re.search(r"\bat\s+[+−-]?\d[^,;()]{0,16}\s+and\s+$", before):
        return True  # "at 300 °C and 1 MPa": the second of two conditions
    if re.search(r"\bto\s+(?:reach|achieve|deliver|attain|drive|sustain|hold)\s+$", before):
        return True  # "needs 104 mV to reach 10 mA/cm²": the target, not the result
    if _CONCENTRATION.match(q.unit) and re.search(r"\b(?:in|at)\s+$", before, re.I):
        return True  # "in 0.5 M H2SO4": the medium
    at = re.search(r"(?:(?:^|[,;(]\s*|\S\s+)at\s+|@\s*)(?:about\s+|~)?[$€£]?$", before)
    return bool(at) and not _HELD_AT.search(before)


# The point on a trade-off at which the figure before it was read: "a purity of 0.92 at 50%
# completeness", "98.1% at 0.1% false-positive rate", "at recall@10 = 0.95 …", "lags by 1.7 s
# at BLEU 27.4", "D_H/r_d = 8.52 at z_eff = 2.33". A condition, as a physical one is.
_AT_NAMED = re.compile(
    r"(?:\b[Aa]t|@)\s+(?P<name>[^\s\d,;()=:+−-][^\s,;()=:]*(?:\s+[^\s,;()=:\d][^\s,;()=:]*){0,2})"
    r"\s*(?P<eq>=)?\s*$"
)
_AT_SHARE = re.compile(r"(?:(?:^|[,;(]\s*|\S\s+)[Aa]t|@)\s+(?:about\s+|~)?$")
# A statistic of association or effect is what a comparison found, never the point it was
# read at: "correlates with the PDO at r = 0.74", "came out at d = 0.04".
_ASSOCIATION = re.compile(r"[a-zρκβ]|R²|r²|OR|HR|RR|IRR|aOR|aHR|SMD|ICC", re.IGNORECASE)
_SHARE_OF = re.compile(r"\s+(?P<noun>[A-Za-z][\w-]*)")


def _operating_point(text: str, q: Quantity) -> bool:
    before = text[max(0, q.start - 60) : q.start]
    if _HELD_AT.search(before) or q.role in ("to", "compared"):
        return False
    named = _AT_NAMED.search(before)
    if (
        named
        and (named["eq"] or (q.label and q.label == named["name"]))
        and not _ASSOCIATION.fullmatch(named["name"])
    ):
        return True
    noun = _SHARE_OF.match(text[q.end : q.end + 40])
    return bool(
        q.unit == "%" and _AT_SHARE.search(before) and noun and noun["noun"].lower() not in _STOP
    )


# A value something is stated to be at, not a condition: "peaks at", "comes out at", "kept
# suture spacing at 0.4 mm", "set the fastest lap at 17.47 s", "place the Pleiades at
# 135.2 pc", "puts the loss at 0.92%", "is estimated at 10 individuals", "sits at 9.00 dB".
_HELD_AT = re.compile(
    r"\b(?:(?:peaks?|peaked|stands?|stood|comes?(?:\s+out)?|came(?:\s+out)?|sits?|sat|"
    r"trails?|trailed|settles?|settled|estimated|put\s+at|worst\s+year|best\s+year)\s+"
    r"|(?:kept|keeps|keep|held|holds|hold|maintained|maintains|places?|placed|puts?|leaves|"
    r"leaving|left)\s+"
    r"(?:[^\s,;.]+\s+){0,4}|sets?\s+(?:[\w-]+\s+){1,4})at\s+(?:about\s+|only\s+|~)?$",
    re.IGNORECASE,
)


def _paired_baseline(
    text: str,
    q: Quantity,
    earlier: list[Quantity],
    used: set[int],
    drafts: list[ResultDraft],
    draft_sentence: list[int],
    s_start: int,
) -> bool:
    """ "92.4% and 88.1% …, against 89.0% / 90.3%": baselines paired with results in order.

    The baseline before the slash went to the last result; the results of the sentence
    take the pair in their order instead. True when ``q`` was read as such a baseline.
    """
    if not earlier or earlier[-1].start not in used:
        return False
    if not re.fullmatch(r"\s*/\s*", text[earlier[-1].end : q.start]):
        return False
    own = [i for i, at in enumerate(draft_sentence) if at == s_start]
    if len(own) < 2:
        return False
    first, last = own[-2], own[-1]
    if drafts[first].baseline_value is not None:
        return False
    drafts[first] = replace(
        drafts[first],
        baseline_value=drafts[last].baseline_value,
        baseline_name=drafts[last].baseline_name,
    )
    drafts[last] = replace(drafts[last], baseline_value=q.value)
    used.add(q.start)
    return True


# The end of a change after its start and a few words: "… in 2017 to 35.5%".
_TO_LATER = re.compile(r"[^;.\d]{0,50}?(?:\d{4}[^;.\d]{0,30}?)?\bto\s+(?:about\s+|~)?[+−-]?\d")


# Durations that are themselves measured: "lead time", "lag", "life expectancy".
_DURATION_MEASURE = re.compile(
    r"\b(?:time|times|lag|lags|expectancy|survival|age|duration|delay|lifetime|half-life|"
    r"period|lead|span|horizon|length|latency|lap|life)\b",
    re.IGNORECASE,
)


def _duration_measured(text: str, q: Quantity) -> bool:
    """A span of time that is a measure's value, not a time point or a length of study:
    "a mean absolute error of 4.1 years", "a median lead time of 5 days", "rose to 77.5
    years" (a figure the grammar reads as a setting elsewhere)."""
    if q.kind != SETTING or not _TIME_UNIT.match(q.unit) or q.role in _SKIP_ROLES:
        return False
    before = text[max(0, q.start - 80) : q.start]
    if not _MEASURE_LINK.search(before) and not re.search(r"\bto\s+$", before):
        # "median PFS 11.2 months": a measure of time named right before its value.
        # "… PFS 11.2 months vs 6.9 months on placebo": the compared span too.
        compared = re.search(rf"\b{_VERSUS}\s+$", before)
        return bool(_SURVIVAL_BEFORE.search(before) or (compared and _SURVIVAL.search(before)))
    name = _phrase_back(_LINK.sub("", before))
    return bool(name) and (
        _is_measure(name) or bool(_DURATION_MEASURE.search(name) or _SURVIVAL.search(name))
    )


# Survival end points, by name or short name: "median PFS", "overall survival".
_SURVIVAL = re.compile(
    r"\b(?:OS|PFS|DFS|EFS|RFS|MFS|DoR|DOR|TTP|TTF|(?:overall|progression-free|disease-free|"
    r"event-free|relapse-free)\s+survival|duration\s+of\s+response|life\s+expectancy|"
    r"half-life)\b"
)
_SURVIVAL_BEFORE = re.compile(_SURVIVAL.pattern + r"\s+$")


# A figure compared against after the results of its sentence: "…, versus 11.7 ms for
# CUBIC", "against 1.05 for ACD/Percepta", "improving on the ResNet-34 x-vector's 1.05%",
# "roughly half the NOAA panel's 21.4", "beats SEAS5 (0.29)", "(PostgreSQL's estimator: 7.4)".
_LATE_BASELINE = re.compile(
    r"(?:\b(?:vs\.?|versus|against|compared\s+(?:with|to)|than|beats?|beating|"
    r"improving\s+(?:up)?on|improves\s+(?:up)?on|(?:about|roughly|nearly|almost)?\s*"
    r"(?:half|twice|double|a\s+third)(?:\s+of)?)\s+"
    r"(?P<pre>(?:the\s+)?(?:[\w/.+-]+\s+){0,4}?[\w/.+-]+['’]s\s+"
    r"|(?P<named>[A-Z][\w/.+-]*(?:\s+[\w/.+-]+){0,2})\s+\(\s*)?"
    r"|\((?P<inner>[A-Z][\w/.+'’ -]{0,40}?(?=:)|[a-z][\w/.+'’ -]{0,40}?(?=:)|"
    r"(?![A-Z]{1,4}\s)[A-Z][\w/.+'’-]*(?:\s+[\w/.+'’-]+){0,2}?(?=\s))"
    r":?\s*)(?:about\s+|~)?$"
)
_FOR_NAME = re.compile(
    r"\s+(?:for|with|from|by)\s+(?:the\s+)?([A-Z][\w/.+-]*(?:\s+[\w/.+-]+){0,2})"
)


def _late_baseline(
    text: str, q: Quantity, drafts: list[ResultDraft], draft_sentence: list[int], s_start: int
) -> bool:
    """Give ``q`` to the nearest earlier result of its sentence as that result's baseline,
    when the words before it compare (True when it was taken so)."""
    cue = _LATE_BASELINE.search(text[max(s_start, q.start - 80) : q.start])
    control = _CONTROL_AFTER.match(text[q.end : q.end + 40])
    if cue is None and control is None:
        return False
    if cue is not None and cue["inner"] and (q.label or _is_measure(cue["inner"])):
        return False  # "(IRR 0.12)": the same finding in another measure
    if cue is not None and control is None and _OTHER_CONDITION.match(text[q.end : q.end + 40]):
        return False
    for i in range(len(drafts) - 1, -1, -1):
        if draft_sentence[i] != s_start:
            break
        d = drafts[i]
        if d.baseline_value is not None or (d.unit != q.unit and q.unit):
            continue
        name = (cue["named"] or cue["inner"] or (cue["pre"] or "")) if cue else control["name"]
        if not name:
            after = _FOR_NAME.match(text[q.end : q.end + 60])
            name = after.group(1) if after else ""
        name = re.sub(r"^the\s+|['’]s\s*$", "", name.strip()).strip()
        drafts[i] = replace(d, baseline_value=q.value, baseline_name=d.baseline_name or name)
        return True
    return False


# A version after a name, then what it is the version of: "Neuropixels 2.0 probes",
# "wav2vec 2.0 large", "PolyBench/C 4.2 kernels", "DuckDB 1.1 runs".
_VERSIONED_NAME = re.compile(r"(?:^|[\s(])(?P<name>[A-Za-z][\w/.+-]*[A-Za-z\d])\s+$")
_AFTER_VERSION = re.compile(
    r"\s+(?!(?:and|or|vs|versus|on|in|at|for|with|over|to|from|by|of|than|while|whereas|but|"
    r"when|after|before|across|under|per|points?|pp|percent|times|fold)\b)[a-z][a-z-]+\b"
)


def _is_version(text: str, q: Quantity) -> bool:
    if q.unit or not re.fullmatch(r"[1-9]\d?\.\d{1,2}", q.text):
        return False
    name = _VERSIONED_NAME.search(text[max(0, q.start - 40) : q.start])
    return bool(
        name
        and re.search(r"[A-Z]|\d", name["name"])
        and not _is_measure(name["name"])
        and _AFTER_VERSION.match(text[q.end : q.end + 30])
    )


# A sentence that says how the work was set up, not what it found: a procedure told in
# the passive or by "we", with no measure named and no verb of a finding ("Samples were
# dissolved in CDCl3 (0.6 mL) …", "Training audio is resampled to 16 kHz …", "We benchmark
# on 4 x A100 80GB nodes …"). Its figures are settings.
_SETUP = re.compile(
    r"(?:\b(?:is|are|was|were|been)\s+(?:\w+ly\s+)?(?:dissolved|recorded|prepared|sown|planted|"
    r"implanted|resampled|framed|trained|collected|sampled|stained|incubated|filtered|"
    r"centrifuged|purified|fixed|mounted|diluted|heated|cooled|annealed|sintered|pressed|"
    r"calcined|grown|cultured|housed|randomi[sz]ed|allocated|enrolled|stratified|tuned|"
    r"configured|deployed|installed|compiled|repeated|split|run|tested|evaluated)\b"
    r"|\b[Ww]e\s+(?:benchmark|use|used|ran|run|train|trained|test|tested|evaluate|set|fix|"
    r"fine-tuned|fine-tune)\b)"
)
# Words that make a sentence a set-up even beside a measure's name: values chosen for a model
# ("we calibrate β = 0.99, a Frisch elasticity of 0.5"), a trial's planned power.
_SETUP_CHOSEN = re.compile(
    r"\b[Ww]e\s+(?:calibrate|calibrated|assume|assumed|impose|imposed)\b"
    r"|\bpower\s+to\s+detect\b"
)
# A heading that says what follows is how the work was set up: "Test protocol: …", "Recipe:
# …", "Index build: …", "Campaign plan: …", "Squad monitoring set-up: …".
_SETUP_HEAD = re.compile(
    r"^\s*(?:[A-Za-z][\w-]*\s+){0,3}(?:protocol|set-?up|settings?|configuration|config|"
    r"conditions|recipe|plan|design(?:\s+note)?|build|pipeline|hyperparameters|parameters|"
    r"procedure|calibration|materials\s+and\s+methods|methods)\s*(?::|\s[—–]\s)",
    re.IGNORECASE,
)
_FINDING_VERB = re.compile(
    r"\b(?:reach\w*|achiev\w*|improv\w*|outperform\w*|beat\w*|rose|rise[sn]?|fell|fall\w*|"
    r"increas\w*|decreas\w*|reduc\w*|lower\w*|rais\w*|cut|cuts|gain\w*|lost|loses?|drop\w*|"
    r"found|finds?|shows?|showed|yield\w*|scor\w*|gives?|gave|delivers?|hits?|tops?|"
    r"leads?|surpass\w*|match\w*|exceed\w*|associated|lifts?|boosts?)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=64)
def _is_setup(sentence: str) -> bool:
    if _FINDING_VERB.search(sentence):
        return False
    if _SETUP_HEAD.match(sentence) or _SETUP_CHOSEN.search(sentence):
        return True
    return bool(_SETUP.search(sentence)) and not _is_measure(sentence)


_RATE_SETTING = re.compile(r"\d[\d.]*(?!st\b|nd\b|rd\b|th\b)[A-Za-z]+(?:\s|$)")


def _clean_metric(metric: str) -> str:
    """A measure's name without the unit or setting it was read after ("t/ha", "A/g zinc
    Coulombic efficiency", "1C"); a unit alone names no measure."""
    while metric:
        unit = unit_prefix(metric)
        if re.fullmatch(r"[A-Za-z]{4,}", unit):
            unit = ""  # a word that is also a unit's name: "hours worked"
        setting = _RATE_SETTING.match(metric)  # "1C capacity retention": a C-rate
        unit = unit or (setting.group(0) if setting else "")
        if not unit or _GREEK_SYMBOL.fullmatch(metric):
            break  # "σ8", "Ωm": a quantity's symbol, not a unit to a power or a product
        metric = metric[len(unit) :].strip()
    return metric


def _named_measure(metric: str) -> str:
    """The measure a phrase names, without a reporting word before it ("Reported attack
    success rate"); none for a phrase about what was measured on or what was said ("five
    competition-level benchmarks", "the transfer claim")."""
    metric = _REPORTED.sub("", metric)
    if _NOT_A_MEASURE_HEAD.search(metric):
        return ""
    return metric


# A reporting word before a measure's name: "Reported attack success rate".
_REPORTED = re.compile(r"^(?:reported|reports|stated|claimed|headline)\s+", re.I)
# Head nouns of what is measured on, or of what is said, never of a measure.
_NOT_A_MEASURE_HEAD = re.compile(
    r"\b(?:claims?|benchmarks|datasets|suites|harnesses|scaffolds|environments|statements?|"
    r"sentences?|abstracts?)$",
    re.I,
)


# A heading before a colon that names what the sentence measures: "SWE-bench Verified: …",
# "KEYSTONE-07 phase 2 expansion cohort: ORR 43%", "AReSVi-306, adults ≥60 y, first season:
# …", "Bayelva permafrost site: …". A topic heading ("Drone racing: …", "Code LMs: …", "GC
# study (…): …") is no name.
_HEAD = re.compile(
    r"\s*(?P<head>[^:;,()—]{2,60}?)\s*(?:\([^()]{0,80}\)\s*)?(?:,[^:;()—]{0,60})?"
    r"(?::(?:\s|$)|\s[—–·|]\s)"
)
_HEAD_KINDS = {
    "cohort",
    "site",
    "sites",
    "trial",
    "rct",
    "sample",
    "survey",
    "array",
    "station",
    "field",
    "plot",
    "plots",
    "panel",
    "catalogue",
    "catalog",
    "release",
    "dataset",
    "benchmark",
    "split",
    "campaign",
    "experiment",
    "observatory",
    "registry",
    "census",
}


def _leading_name(tokens: list[str]) -> str:
    """The acronym a heading starts with ("ERCOT winter 2024 peak", "NHIS 2023 adults",
    "GB grid"), with the capitalised words that follow it, else "". A heading led by a
    method, a task or a study ("HPLC method", "NER in …", "GC study") names no benchmark;
    a number closing the run is a year or a dose ("Tirzepatide 15 mg"), not part of it."""
    run: list[str] = []
    for token in tokens:
        if not re.match(r"[A-Z\d]|[a-z]+[A-Z]", token):
            break
        run.append(token)
    while run and re.fullmatch(r"[\d.,]+", run[-1]):
        run.pop()
    if not run or not re.fullmatch(r"[A-Z]{2,}[a-z]?\d*|[a-z]+[A-Z][A-Za-z]*", run[0]):
        return ""  # an acronym or a name written in camel case ("nuScenes test —")
    following = tokens[len(run) : len(run) + 1]
    if following and following[0].lower() in _HEAD_NOT_BENCHMARK:
        return ""
    name = " ".join(run)
    return "" if _is_measure(name) else name


# Words after a heading's acronym that make it a method, a task or a study, not a collection.
_HEAD_NOT_BENCHMARK = {
    "method", "methods", "model", "models", "study", "studies", "in", "for", "of", "on",
    "with", "approach", "analysis", "assay", "protocol", "pipeline", "system", "systems",
}  # fmt: skip


@lru_cache(maxsize=64)
def _head_name(sentence: str) -> str:
    m = _HEAD.match(sentence)
    if not m:
        return ""
    if _CITED_TITLE.match(sentence, m.end()):
        return ""  # "SPADE: Self-Play in … Environments (arXiv:…)": a cited work's title
    head = m["head"].strip().lstrip("•▪◦‣*· ")  # a list's bullet is no part of a name
    tokens = head.split()
    if not tokens or len(tokens) > 6 or _is_measure(head) or _MONTH.match(tokens[0]):
        return ""
    if _MODEL_SIZE.search(" " + head) and not _CALLED_DATA.search(head):
        return ""  # "Llama-3-70B — MMLU 79.5": the model the claim is about
    if re.match(r"(?:Phase|Ph\d\w*|Stage|Part|Step|Table|Figure|Fig)\b", head) or re.search(
        r"(?:^|\s)[vV]\d", head
    ):
        return ""  # a trial's phase, a part of the paper, a versioned system ("FourCastNet v2")
    strong = any(re.search(r"\d|[A-Z]{3}|[a-z][A-Z]{2}|^[a-z]+[A-Z]", t) for t in tokens)
    lower = [t for t in tokens if re.fullmatch(r"[a-z][^A-Z\d]*", t)]
    kind_end = tokens[-1].lower() in _HEAD_KINDS
    if lower and not kind_end:
        # "ERCOT winter 2024 peak:", "NHIS 2023 adults:": the name that leads the heading
        # is what it measures, the words after it the occasion.
        return _leading_name(tokens)
    if not (strong or (len(tokens) >= 2 and kind_end and tokens[0][0].isupper())):
        return ""
    return head


# A list under a heading that names the measure: "Unemployment, Mar 2024 (Eurostat, SA): ES
# 11.7% / GR 10.1%", "SWE-bench Verified, % resolved: Helix-Agent 49.0 | CodeRover-S 43.2".
# Each item is a name and its figure; the heading gives the measure of them all.
_LIST_HEAD = re.compile(_HEAD_TEXT + r"(?P<items>\S.*?)\.?\s*$")
_LIST_SEPARATOR = re.compile(r"\s*(?:[,;]|\s[/|·])\s+")
_LIST_ITEM = re.compile(
    r"(?P<name>[^\d\s:;|·/,()](?:[^:;|·/,()]|(?<=\S)/(?=\S)){0,39}?)\s+"
    r"(?P<value>[+−-]?\d[\d.,]*)(?:\s*[^\s,;|·/]+(?:/[^\s,;|·]+)?)?"
)
# A table flattened into a line: "ImageNet-1k top-1 | ResNet-50 76.1 | ViT-B/16 81.8", its
# heading the first cell, a closing bracket of settings left out.
_TABLE_ROW = re.compile(
    r"(?P<head>[^|:]{2,90}?)\s+\|\s+(?P<items>[^|]+(?:\s+\|\s+[^|(]+)+?)"
    r"(?:\s+\|\s+\([^()|]*\))?\.?\s*"
)
# A date or a period in a heading, or a quarter alone ("Q3 GDP nowcast"): no part of a measure.
_DATE_WORDS = re.compile(_PERIOD.pattern + r"|\bQ[1-4]\b", re.IGNORECASE)


@dataclass(frozen=True)
class _NamedList:
    metric: str
    benchmark: str  # a name the heading gives beside its measure ("SWE-bench Verified")
    places: bool  # the items name where each figure was measured, not who made it
    items: tuple[tuple[int, str], ...]  # where each item's figure starts, and its name
    head_end: int = 0  # where the heading ends in the sentence
    items_end: int = 0  # where the last item ends


@lru_cache(maxsize=64)
def _named_list(sentence: str) -> _NamedList | None:
    """The list a sentence is, when it is a heading that names a measure followed by at least
    two items each a name and a figure, and no item's name is itself a measure (that is a
    list of measures: "PCE 18.2%, Voc 0.86 V", "mean trip 2.1 km, median 1.6 km"; a name has
    a capital, but for one item in three or more: "random walk 0.61"; the items share a
    unit). Items named by plain words ("ES", "Brazil", "W. Pacific") are where the figures
    were measured; a name with a digit, a hyphen, a "+", a "/" or an inner capital
    ("Helix-Agent", "plain ReAct loop") is a system. A table flattened into a line
    ("CheckMate 067 10-y OS | nivo+ipi 43% | nivo 37%") is read the same way, its cells'
    names as written."""
    m = _LIST_HEAD.fullmatch(sentence)
    row = not m and _TABLE_ROW.fullmatch(sentence)
    m = m or row
    if not m:
        return None
    parts = re.split(r"\s+\|\s+", m["items"]) if row else _LIST_SEPARATOR.split(m["items"])
    matched = [_LIST_ITEM.fullmatch(part.strip()) for part in parts]
    if len(parts) < 2 or not all(matched):
        return None
    names = [i["name"].strip() for i in matched if i]
    if any(_is_measure(n) or better(n) is not None for n in names):
        return None
    if not row and sum(not re.search(r"[A-Z]", n) for n in names) > (len(names) >= 3):
        return None  # "water contact angle 162°, sliding angle 3°": measures in words
    units = {i.group(0)[i.end("value") - i.start() :].strip() for i in matched if i}
    if len(units - {""}) > 1:
        return None  # "slump flow 720 mm, T500 2.8 s": a figure of each measure, each its unit
        # ("DFM 0.42 pp, LASSO-MIDAS 0.38": a unit written once holds for the others)
    head = re.sub(r"\([^()]*\)", " ", m["head"])
    pieces = [_DATE_WORDS.sub(" ", p).strip(" %") for p in head.split(",")]
    # "On MMLU: …": the preposition heading the list is not part of the name.
    pieces = [
        re.sub(r"^(?:On|In|For|At)\s+", "", " ".join(p.split())) for p in pieces if p.strip(" %")
    ]
    measured = [p for p in pieces if _is_measure(p)] or [
        p for p in pieces if re.search(r"(?:^|\s)[a-z]", p)
    ]
    # Plain words name places; catalogued objects ("TOI-270 b", "NGC 5548") are what was
    # measured, as places are; a digit, a hyphen, a "+" or an inner capital names a system.
    catalogued = all(_CATALOGUED.match(n) for n in names)
    places = catalogued or not any(re.search(r"\d|-|\+|/|[a-z][A-Z]", n) for n in names)
    named = [p for p in pieces if p not in measured and _NAME_LIKE.match(p.split()[0])]
    if not measured:
        if places or not named:
            return None
        # "MMLU-Pro 5-shot CoT — Llama-3.1-70B 66.4, Gemma-2-27B 57.9": systems on the
        # benchmark the heading names, under its settings, the measure unsaid.
        leading = re.match(r"(?:[A-Z][\w.+/-]*(?:\s+|$))+", named[0])
        return _list_of(m, parts, matched, "", leading.group(0).strip() if leading else "", False)
    metric, benchmark = measured[-1], named[0] if named else ""
    scoped = re.match(r"(.+?)\s+(?:on|in|over|across)\s+((?:[A-Z][\w.+/-]*\s*)+)", metric)
    if scoped and _is_measure(scoped.group(1)):
        # "WER on LibriSpeech test-other: Whisper-L3 3.9% | …": the measure, then where.
        metric, benchmark = scoped.group(1), benchmark or scoped.group(2).strip()
    # "HER overpotential at 10 mA/cm² in 1 M KOH —": the point it was read at is its protocol
    metric = re.split(r"\s+(?:at\s+|@\s*)(?=[~≈]?\d)", metric)[0]
    leading = re.match(r"((?:(?:[A-Z][\w.+/@-]*|\d+)\s+)+)(?=[a-z\d])", metric)
    named_like = leading and re.search(r"[a-z]|\d|-|[A-Z]{4}", leading.group(1))
    if not benchmark and not places and named_like and not _is_measure(leading.group(1)):
        # "HumanEval pass@1 — GPT-4 67.0%, …", "Brain-Score average: CORnet-S 0.417 · …":
        # the name leading the measure is the benchmark the systems were scored on.
        benchmark, metric = leading.group(1).strip(), metric[leading.end() :]
    return _list_of(m, parts, matched, metric, benchmark, places)


def _list_of(
    m: re.Match[str],
    parts: list[str],
    matched: list[re.Match[str] | None],
    metric: str,
    benchmark: str,
    places: bool,
) -> _NamedList:
    items = []
    offset = m.start("items")
    for part, item in zip(parts, matched, strict=True):
        at = m.string.index(part.strip(), offset)
        if item is not None:
            items.append((at + item.start("value"), item["name"].strip()))
        offset = at + len(part.strip())
    return _NamedList(metric, benchmark, places, tuple(items), m.start("items"), offset)


# A system's achievement verb just before its score: "reaches", "scored", "gets".
_ACHIEVES = re.compile(
    r"\b(?:reach(?:es|ed)?|achiev(?:es|ed)|scor(?:es|ed)|gets|got|attain(?:s|ed)|hits?)\s+"
    r"(?:about\s+|around\s+|roughly\s+|nearly\s+|only\s+|just\s+|~\s*|≈\s*)?$",
    re.I,
)


# A phrase whose head noun is a system, whatever measure words it holds: "a process reward
# model", "the diffusion policy".
_SYSTEM_HEAD = re.compile(
    r"\b(?:models?|methods?|polic(?:y|ies)|agents?|systems?|networks?|approach(?:es)?|"
    r"pipelines?|variants?|architectures?|classifiers?|solvers?|planners?)$",
    re.I,
)


# What a sentence's subject did to a measure, before the figure: "Dapagliflozin cut the
# outcome by 39%", "ExoMiner++ posts 0.96 precision", "TRACE raises Qwen3-4B from 7.2 to 35.6".
# The doer is the system, treatment or method the figure belongs to.
_DOER_VERB = (
    r"(?:raise[sd]?|lift(?:s|ed)?|boost(?:s|ed)?|push(?:es|ed)|reach(?:es|ed)?|achiev(?:es|ed)|"
    r"scor(?:es|ed)|posts|posted|puts|gives?|gave|yield(?:s|ed)?|cuts?|slow(?:s|ed)|"
    r"lower(?:s|ed)|reduc(?:es|ed)|improv(?:es|ed)|outperform(?:s|ed)|beats?|attain(?:s|ed)|"
    r"deliver(?:s|ed)?|brought|brings?|matche[sd]|surpass(?:es|ed))"
)
# A name's gloss set off as an aside, a bracket of words after the name and before a comma:
# "OPSA (entropy-adaptive negative advantages), reports …" says what OPSA is, not a setting.
_GLOSS = re.compile(
    r"(?<=[\w+-] )\((?=[^()\d]*[a-z])[^()\d]{2,80}\),\s+(?:(?:also|further|then|now)\s+)?"
    r"(?:reports?|reported|claims?|claimed|shows?|showed|" + _DOER_VERB + r")\b",
    re.I,
)
_DOER = re.compile(
    r"^(?:[^:;]{2,80}:\s+)?"
    r"(?:[^,;:]{1,60}?\s(?:says?|said|reports?|reported|finds?|found|shows?|showed|notes?|"
    r"noted|claims?|claimed)\s+(?:that\s+)?)?(?P<doer>(?:(?:the|a|an|our|their|its)\s+)?[^\s,;:()]"
    r"[^,;:()]{0,70}?)(?:\s+\([^()]{1,60}\))?(?:\s+(?:in|on)\s+[A-Z][\w.+/-]*)?"
    r"(?:\s+(?:also|further|then|now|only|still))?\s+(?P<verb>" + _DOER_VERB + r")\b",
    re.I,
)
# Subjects that report or contain rather than do: the writers, the paper, a pronoun.
_NOT_A_DOER = re.compile(
    r"(?:^|\s)(?:authors?|paper|papers|study|studies|trial|trials|work|analysis|"
    r"meta-analysis|review|report|survey|team|group|we|they|it|he|she|this|that|which|who|"
    r"results?|data|findings?|evidence|estimates?|figures?|numbers?|table|abstract|summary|"
    r"preprint|article|one|each|both|all|none|there|the|a|an)$"
    r"|^(?:the|this|that|our|their|its|the\s+new|the\s+proposed)\s+(?:model|method|approach|"
    r"system|agent|policy|framework|scheme|algorithm|technique|tool|pipeline|architecture|"
    r"variant)s?$"
    r"|\b(?:et\s+al|and\s+colleagues)\b|\d\s*%|(?<![\w-])(?:19|20)\d{2}(?![\w-])|['’]s?$",
    re.I,
)
# What stands between a doer's verb and the figure when the figure belongs to another clause.
_OTHER_CLAUSE = re.compile(r";|\s(?:while|whereas|but)\s|,\s+(?:and|while|whereas|but)\s", re.I)
# A preposition's phrase after the doer's head: "Biochar at 20 t/ha", "X on gram scale".
_DOER_PHRASE = re.compile(
    r"\s+(?:at|on|in|of|for|from|under|over|with|by|across|after|during|to|via)\s.*$", re.I
)


# A name set off after what it is, doing the figure: "Their supervision-free replacement,
# OPSA (entropy-adaptive negative advantages), reports +35.41 …".
_NAMED_DOER = re.compile(
    r"(?:^|,\s+)(?P<doer>[A-Z][\w.+/-]*(?:\s+[A-Z\d][\w.+/-]*){0,3})(?:\s+\([^()]{1,80}\))?,?\s+"
    r"(?:(?:also|further|then|now)\s+)?(?:reports?|reported|posts|posted|" + _DOER_VERB + r")"
    r"\s+(?:an?\s+)?(?=[~≈]?[+−-]?\d)"
)
# A name in an absolute phrase whose verb reports the figure right after it: "…, with
# GLM-4.5-Air reaching 66.8% Pass@1 on SWE-bench Verified".
_WITH_DOER = re.compile(
    r"\bwith\s+(?P<doer>[A-Z][\w.+/-]*(?:\s+[A-Z\d][\w.+/-]*){0,3})\s+(?:reaching|achieving|"
    r"scoring|attaining|posting|hitting|getting)\s+(?:an?\s+)?(?=[~≈]?[+−-]?\d)"
)
# A sentence that opens with a cited work, its method's name before the title: "SPADE:
# Self-Play in Adaptive Synthetic Executable Environments (arXiv:2608.19197) removes …".
_CITED_METHOD = re.compile(r"(?P<name>[A-Z][\w.+-]*[A-Z][\w.+-]*):\s+" + _CITED_TITLE.pattern)


def _named_doer(sentence: str, before_value: int) -> str:
    """The name set off before the verb whose objects are figures, for the figure at
    ``before_value``: the verb's first object, or one after it in the same list ("…, and
    +16.77 over OPD itself"), not one of another clause; or the name of an absolute phrase
    whose participle takes the figure ("with GLM-4.5-Air reaching 66.8%")."""
    for m in [
        *_NAMED_DOER.finditer(sentence, 0, before_value + 2),
        *_WITH_DOER.finditer(sentence, 0, before_value + 2),
    ]:
        doer, between = m["doer"], sentence[m.end() : before_value]
        if (
            m.end() <= before_value
            and not re.search(r";|\s(?:while|whereas|but)\s", between)
            and (", and " not in between or between.endswith(", and "))
            and re.search(r"[A-Z]{2}|\d|[a-z][A-Z]", doer)
            and not _NOT_A_DOER.search(doer)
            and not _is_measure(doer)
        ):
            return doer
    return ""


def _words_overlap(a: str, b: str) -> bool:
    """One name contains the other as whole words, case folded."""
    a, b = (" ".join(re.sub(r"[^\w]+", " ", x.casefold()).split()) for x in (a, b))
    return bool(a and b) and (f" {a} " in f" {b} " or f" {b} " in f" {a} ")


# A difference named with what it is over: "the margin over GRPO", "its lead over X".
_MARGIN_OVER = re.compile(
    r"\b(?P<measure>(?:margin|gap|lead|gain|improvement|advantage|edge|difference|uplift)s?)"
    r"\s+(?:over|versus|vs\.?|against|relative\s+to|compared\s+(?:with|to))\s+"
    r"(?P<name>(?:the\s+)?[\w.+/-]+(?:\s+[\w.+/-]+){0,3}?)\s*$",
    re.I,
)
# A word after a figure that takes an object, so a verb, not a measure: "67.4% carries an
# asterisk", "0.8 keeps the lead".
_VERB_THEN_OBJECT = re.compile(
    r"\s+[a-z]+s\s+(?:a|an|the|its|their|this|that|no|some|every|each)\s", re.I
)
# A model named with its size, as a token: "Qwen3-4B", "Llama-3-70B-Instruct", "a 3B student"
# is no name.
_SIZED_MODEL = re.compile(
    r"(?<![\w./-])(?:[A-Za-z][\w.]*(?:-[\w.]+)*-|[A-Z][\w.]*\s(?:\d+(?:\.\d+)?\s)?)"
    r"(?:\d+x)?\d+(?:\.\d+)?B(?:-[A-Za-z\d][\w.]*)*(?![\w-])"
    r"(?!\s+(?:tokens|parameters|params|words|images|samples|examples))"
)


# A name right after a comparing word is what the result is compared against.
_COMPARED_NAME = re.compile(
    r"\b(?:over|than|vs\.?|versus|against|from|below|above|beating|outperforming)\s+"
    r"(?:(?:the|a|an|its|base|baseline|untuned|original)\s+){0,2}$",
    re.I,
)


def _sized_model(region: str) -> str:
    """The one model named with its size in a clause, if exactly one is."""
    names = {
        m.group(0)
        for m in _SIZED_MODEL.finditer(region)
        if not _CALLED_DATA.match(region, m.end())
        and not _COMPARED_NAME.search(region, 0, m.start())
    }
    return names.pop() if len(names) == 1 else ""


# The settings a list of figures was measured in, when the sentence names their kind.
_HARNESS_KIND = re.compile(
    r"\b(?:harness(?:es)?|scaffold(?:s|ings?)?|agent\s+frameworks?|inference\s+engines?)\b", re.I
)
_ITEM_BEFORE = re.compile(
    r"(?:^|[,;—–:]\s*|\s(?:and|in|with|under|using)\s+)(?P<name>[A-Z][\w.+-]*(?:\s+[A-Z][\w.+-]*){0,2})"
    r"\s+(?:[+−-]?\d[\d.,]*\s*%?\s*(?:→|->|to)\s*)?$"
)


def _harness_item(sentence: str, at: int) -> str:
    """The harness or scaffold named right before a figure, in a sentence that says the
    items are harnesses ("SWE-agent 41.2% and Agentless 38.0%" after "two scaffolds")."""
    item = _ITEM_BEFORE.search(sentence, 0, at)
    if not item or not _HARNESS_KIND.search(sentence, 0, item.start("name")):
        return ""
    return item.group("name")


# A list whose items are each a name right before its figure: "gives DeepSWE +11.7%,
# ProgramBench +17%, Terminal-Bench v2.1 +8.5%", "accuracy: Kilosort2 0.81; IronClust 0.79".
_PARALLEL_ITEM = re.compile(
    r"(?:^|(?P<lead>[,;:]|\s" + _DOER_VERB + r")\s+|\sand\s+)"
    r"(?P<name>(?:[A-Z]|\d+[A-Za-z])[\w.+/@-]*(?:\s+(?:v?\d[\w.]*|[A-Z][\w.+/@-]*))*)\s+"
    r"(?=[+−-]?\d[\d.,]*(?![\w.,]*[A-Za-z]))"
)
# A name written as a name, not as a word: a digit, a hyphen, two capitals or an inner one.
_STRONG_NAME = re.compile(r"[\d-]|[A-Z]{2}|[a-z][A-Z]")


@dataclass(frozen=True)
class _Parallel:
    items: dict[int, str]  # where each item's figure starts in the sentence, and its name
    places: bool | None  # the names are where the figures were measured, or systems, or unsaid


@lru_cache(maxsize=64)
def _parallel_items(sentence: str) -> _Parallel:
    """A list of at least two items "Name figure" in ``sentence``, names written as names,
    none of them a measure. What the names are is read from what opens the list: after a
    verb ("gives DeepSWE +11.7%, …") or a model named with its size and a colon ("Llama-3-70B:
    MMLU 79.5, GSM8K 93.0") they are where it was measured; after a measure and a colon ("accuracy:
    Kilosort2 0.81; IronClust 0.79") they are the systems measured."""
    found = list(_PARALLEL_ITEM.finditer(sentence))
    items = {m.end(): m["name"] for m in found}
    if len(items) < 2 or not all(
        _STRONG_NAME.search(n) and not _is_measure(n) and not _MONTH.match(n.split()[0])
        for n in items.values()
    ):
        return _Parallel({}, None)
    first, places = found[0], None
    if first["lead"] and first["lead"] not in ",;:":
        places = True
    elif first["lead"] == ":":
        opener = _phrase_back(sentence[: first.start()])
        if opener and _is_measure(opener):
            places = False
        elif opener and _SIZED_MODEL.fullmatch(opener.split()[-1]):
            places = True
    return _Parallel(items, places)


def _doer(sentence: str, before_value: int) -> str:
    """The subject of the sentence's verb of doing, when that verb comes before the figure
    in the same clause and the subject is a thing that acts: not a measure, a reporter or a
    pronoun. A phrase after its head ("at 20 t/ha") is a setting, not part of its name."""
    found = _DOER.match(sentence)
    if not found or found.end() > before_value:
        return ""
    if _OTHER_CLAUSE.search(sentence, found.end(), before_value):
        return ""
    doer = re.split(r"\s[—–]\s|\s-\s", found.group("doer"))[-1].strip()
    if re.match(
        r"(?:at|on|in|of|for|from|under|over|with|by|across|after|during|to|via)\s", doer, re.I
    ):
        return ""
    phrase = _DOER_PHRASE.search(doer)
    if phrase and not re.match(r"\s+(?:at|with)\s+[~≈]?\d", phrase.group(0)):
        return ""  # "Distillation from a 70B teacher": the doer is inside the phrase
    doer = doer[: phrase.start()] if phrase else doer
    if re.search(r"\b" + _DOER_VERB + r"\b", doer, re.I):
        return ""
    if not doer or _NOT_A_DOER.search(doer) or _is_measure(doer) or len(doer.split()) > 6:
        return ""
    return doer


# A ratio of chances: "1.4 times more likely", "50-fold less likely".
_LIKELY = re.compile(r"\s*(?:times|-?fold|x|×)?\s*(?P<how>(?:more|less)\s+likely)\b", re.I)
# A measure that aggregates over what it does not name: "+5.3 average over the strongest
# baseline, +5.7 on BFCL-v4 …" (the average is over the benchmarks, not on the next one).
_AGGREGATE = re.compile(
    r"(?:average|mean|overall|aggregate)(?:\s+(?:gain|score|improvement))?", re.I
)
# A figure's own named place right after it: "+5.7 on BFCL-v4", "2.1 points in MMLU".
_ON_A_NAME = re.compile(r"\s*(?:%|points?|pp)?\s*(?:on|in)\s+(?:the\s+)?(?:[A-Z]|\d+[A-Za-z])")
# A count out of a total, and what was counted: "28 of 36 heuristic-design settings".
_TALLY = re.compile(
    r"\s+(?:of|out\s+of)\s+(?:the\s+|its\s+|their\s+)?\d[\d,]*\s+(?P<things>(?:[\w-]+\s+){0,3}?[\w-]+s)"
    r"(?=[\s,;:.)]|$)(?!\s+of\b)"
)


# The words of a count read with its total (``words["value"]`` of a tally): "28 of 36".
_COUNT_WORDS = re.compile(r"\d\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+)?\d")


def counts_out_of(written: str) -> bool:
    """Do a result's words for its value ("28 of its 36") state a count out of a total?"""
    return bool(_COUNT_WORDS.search(written))


# A collection a figure was measured on, counted, not named: "on four agentic
# mathematical-reasoning benchmarks", "across all three benchmarks", "on 5 real-world tasks".
_COLLECTION = re.compile(
    r"\b(?:on|across|over|in)\s+(?:the\s+|all\s+|its\s+|their\s+)?(?:\d+|two|three|four|five|"
    r"six|seven|eight|nine|ten|eleven|twelve|several|multiple|many)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:benchmarks|tasks|datasets|suites|environments|games|languages|domains|test\s+sets)\b",
    re.I,
)


def _named_for_another(
    text: str, figures: list[Quantity], q: Quantity, at: int, clause_end: int, listing: bool
) -> bool:
    """Is the name at ``at``, after figure ``q`` and past another figure, where that other
    figure was measured? So it is when ``q`` names a place of its own before the other ("8.80
    points on agentic maths and 2.0 on SWE-bench Verified"), or when ``q``'s clause ends
    before it in a sentence ``listing`` what was measured on a collection ("72.87% on four
    benchmarks — +8.80 over GRPO — and 67.4% on SWE-bench Verified"). A name after a list
    with no place of its own is the list's ("Sensitivity 92.4% and specificity 88.1% … on
    the validation cohort")."""
    later = [f for f in figures if q.end <= f.start < at]
    if not later:
        return False
    # "8.80 points on agentic maths and 2.0 on SWE-bench Verified": its own place first.
    return (listing and clause_end < later[0].start) or bool(
        _OWN_PLACE.search(text, q.end, later[0].start)
    )


# A place of a figure's own, before the next figure: "on agentic maths", "in the wild".
_OWN_PLACE = re.compile(r"\b(?:on|in|across)\s+(?:the\s+)?[a-z][\w-]*")


def results_in(text: str, *, context: str = "") -> list[ResultDraft]:
    """The results a claim states, in the order its figures appear. ``context``: the words
    around the claim (its entry's claims), read only for what a capitalised
    abbreviation stands for ("in TTT" where the entry speaks of "test-time training").

    The text is read as far as the quantity grammar reads it (``MAX_CHARS``), and as much of
    the context, so hostile input costs no more than a long claim.
    """
    text = text[:MAX_CHARS]
    around = f"{text}\n{context[:MAX_CHARS]}" if context else text
    found = quantities(text)
    figures = [q for q in found if q.kind == FIGURE or _duration_measured(text, q)]
    drafts: list[ResultDraft] = []
    used: set[int] = set()
    taken: set[int] = set()  # starts of the figures read as results or their baselines
    sentences = _sentences(text)
    last_metric: dict[int, str] = {}
    # per sentence, a change's starting value not yet paired, and where it stands
    starts: dict[int, tuple[float, int]] = {}
    draft_sentence: list[int] = []  # the sentence of each draft, by its start
    drafted_ends: list[int] = []  # where each draft's figure ends
    inline_benchmark: list[bool] = []  # whether a draft's benchmark is named in its clause
    collected: set[int] = set()  # sentences with a figure measured on a collection
    for index, q in enumerate(figures):
        if q.start in used or q.role in _SKIP_ROLES or q.label.lower() in _SKIP_LABELS:
            continue
        if _DOSE_UNIT.match(q.unit) or not re.match(r"[+−\-.\d]", q.text):
            continue  # a dose is a setting; a change in words has no value to compare
        before = text[max(0, q.start - 24) : q.start]
        after = text[q.end : q.end + 40]
        if (
            _INTERVAL_BEFORE.search(before)
            or (re.search(r"\(\s*$", before) and re.match(r"\s*/", after))
            or re.search(r"[+−-]?\d[\d.]*\s*/\s*$", before)
            or _TREATMENT_AFTER.match(after)
            or _SHOCK_AFTER.match(text[q.end : q.end + 80])
            or (
                _TIME_UNIT.match(q.unit)
                and re.search(r"\b(?:after|at|over|during|within)\s+$", before)
                and not _HELD_AT.search(text[max(0, q.start - 60) : q.start])
            )
            or (re.search(r"\bat\s+$", before) and q.unit.startswith(("$", "USD", "EUR")))
            or _is_threshold(q, before)
            or (_CYCLE_UNIT.match(q.unit) and re.search(r"\b(?:after|over|for|across)\s+$", before))
            or _NOT_MEASURED_BEFORE.search(before)
            or _BRACKET_INTERVAL.search(before)
            or _is_composition(q, after)
            or _NOT_MEASURED_AFTER.match(after)
            or (_SET_MARGIN.match(after) and re.search(r"\ba\s+$", before))
            or _in_settings_list(text, q)
            or _glosses_subject(text, q)
            or _is_condition(q, text[max(0, q.start - 60) : q.start])
            or _operating_point(text, q)
            or _describes_a_thing(q, before, after)
            or _counts_things(q, before, after)
            or re.fullmatch(r"\d+(?:st|nd|rd|th)", q.text)
            or _is_version(text, q)
        ):
            continue  # an interval or error bar, the size of a treatment, a time point,
            # a threshold ("BMI ≥ 27", "above 0.5"), a condition ("at 2 mm/h", "for 12 h")
        s_start, s_end = next((a, b) for a, b in sentences if a <= q.start <= b)
        # where the sentence's last result ended: a list's next figure reads on from there
        last_end = drafted_ends[-1] if draft_sentence and draft_sentence[-1] == s_start else s_start
        sentence = text[s_start:s_end]
        if _is_setup(sentence):
            continue
        listed = _named_list(sentence)
        if listed is not None and q.end - s_start <= listed.head_end:
            continue  # "MOF CO2 uptake at 298 K, 1 bar | …": a condition of every item
        if re.search(r"\bfrom\s+(?:about\s+|~)?$", before) and _TO_LATER.match(
            text[q.end : min(s_end, q.end + 60)]
        ):
            # "jumped from 17.4% in 2017 to 35.5% in 2023": where the change started, the
            # baseline of the value it went to.
            starts[s_start] = (q.value, q.start)
            taken.add(q.start)
            continue
        # The clause of the value: back to the previous figure or clause mark.
        left_start = s_start
        for m in _CLAUSE_END.finditer(text, s_start, q.start):
            left_start = m.end()
        previous = [
            f
            for f in figures
            if f.end <= q.start
            and f.start >= s_start
            and (f.start in taken)
            and f.value != q.baseline
            and f.start != starts.get(s_start, (0.0, -1))[1]
        ]
        if previous and previous[-1].end > left_start:
            left_start = previous[-1].end
        left = text[left_start : q.start]
        right_end = s_end
        following = [f for f in figures if f.start >= q.end]
        m = _CLAUSE_END.search(text, q.end, s_end)
        if m:
            right_end = m.start()
        clause_close = right_end  # where the figure's clause ends, whatever follows it
        if following and following[0].start < right_end:
            right_end = following[0].start
        right = text[q.end : right_end]
        clause = text[left_start:right_end]

        trimmed = _FROM_TO.sub("", left) if q.role == "to" or s_start in starts else left
        while True:
            # "seroconversion at day 28 was", "incidence over 24 months fell to", "USD":
            # a time point, a link verb or a currency between the measure and its value.
            stripped = _TIME_POINT_END.sub("", _LINK.sub("", trimmed))
            stripped = re.sub(r"\s*\b(?:USD|EUR|GBP|US\$)\s*$", " ", stripped)
            if stripped == trimmed:
                break
            trimmed = stripped
        model = ""
        tokens = _phrase_back(trimmed).split()
        if tokens and _NAME_LIKE.match(tokens[-1]) and re.search(r"\bof\s+\S+\s*$", trimmed):
            model = tokens[-1]
            trimmed = trimmed[: trimmed.rfind(" of ")]
        metric = _metric_back(trimmed, by=bool(re.search(r"\bby\s+(?:about\s+|~)?$", left)))
        changed = _SUBJECT_CHANGED.search(left)
        if changed and left[: changed.start()].strip() and not _is_measure(metric):
            # "Wild bee visits to oilseed rape fell by 31%": what fell is the subject, not
            # the object of its preposition.
            subject = _SUBJECT_ONLY.match(_CONJUNCTION.sub("", left[: changed.start()]))
            metric = subject.group("measure") if subject else metric
        forward = _phrase_forward(right)
        benchmark = ""
        bounded = _BOUNDED_MEASURE.search(trimmed)
        scoped = _SCOPED_MEASURE.fullmatch(trimmed.strip())
        if q.kind == SETTING:  # a duration measured: what it is the value of
            metric = _phrase_back(_LINK.sub("", text[max(0, q.start - 80) : q.start]))
        if bounded:
            metric = bounded.group(1)  # "time below 70 mg/dL dropped to 1.6%"
        elif scoped and not metric:
            # "Remittances to LMICs reached …": the measure, then whom it is of.
            metric, benchmark = scoped.group("measure"), scoped.group("scope")
        if _HYPHEN_SETTING.fullmatch(forward):
            forward = ""  # "−0.26 short-run": a setting, not the measure
        if forward and _VERB_THEN_OBJECT.match(right):
            forward = ""  # "the 67.4% carries an asterisk": a verb and its object follow
        previous = figures[index - 1] if index else None
        if (
            metric
            and forward
            and _is_measure(forward)
            and previous is not None
            and previous.start in taken
            and re.fullmatch(
                r"\s*" + re.escape(metric) + r"\s*(?:,|;|and|&|/)?\s*", text[previous.end : q.start]
            )
        ):
            # "0.96 precision and 0.93 recall": the measure before this figure is the last
            # one's, written after it; this one's follows it.
            metric = forward
        if (
            forward
            and re.match(r" [a-z]", right)
            and not _NOT_A_NAME_WORD.fullmatch(forward.split()[0])
            and not _SPLIT_WORD.fullmatch(forward.split()[0])
            and not _is_measure(metric)
            and q.unit in ("%", "")
        ):
            # "75% efficacy against …", "0.78 task progress": the noun right after a bare
            # value or a share names what it measures, in any field's words.
            metric = forward
        elif (
            forward
            and (not metric or (_is_measure(forward) and not _is_measure(metric)))
            and not _SPLIT_WORD.fullmatch(forward.split()[0])
        ):
            if _is_measure(forward) or not _NAME_LIKE.match(forward.split()[0]):
                metric = forward
            elif not metric:
                benchmark = forward
        part_of = re.match(r"\s+of\s+(?:the\s+|its\s+|their\s+)?(.*)", right)
        share = _phrase_forward(part_of.group(1)) if part_of else ""
        if q.unit == "%" and share and share.split()[-1].lower() in MEASURES:
            # "recovers 97% of tensile strength": the share of a named measure.
            metric = share
        source = re.fullmatch(
            r"(?:the\s+)?([A-Z][\w.+/-]*(?:\s+[A-Z\d][\w.+/-]*)*)\s+"
            r"(?:value|estimate|measurement|determination|result|figure)",
            metric,
        )
        alike = [
            d
            for d, at in zip(drafts, draft_sentence, strict=True)
            if at == s_start and d.metric and d.value and 1 / 3 < q.value / d.value < 3
        ]
        if source and alike:
            # "H0 = 67.4 …, the SH0ES value of 73.0": the same measure (a figure of the
            # same size) from a named source.
            benchmark, metric = source.group(1), alike[-1].metric
        change_in = re.match(
            r"\s*(?:rise|increase|fall|drop|decline|reduction|gain|improvement|change|"
            r"decrease|jump)\s+in\s+(.*)",
            right,
            re.IGNORECASE,
        )
        if change_in and _phrase_forward(change_in.group(1)):
            # "a 3-fold rise in antibody titres": the measure that changed.
            metric = _phrase_forward(change_in.group(1))
        elif re.search(r"\bof\s+$", left) and forward and _is_measure(forward):
            metric = forward  # "at a cost of 0.8 points WER": the measure named after the unit
        designation = re.match(
            r"^(?:[A-Z]+\d{5,}\w*|[A-Z]+\s+J\d{4}[+−-]\d{4})\s+(?=[a-z])", metric
        )
        if designation:
            # "GW190521 remnant mass": an object's catalogue name, then the measure.
            metric = metric[designation.end() :]
            benchmark = benchmark or designation.group(0).strip()
        if metric and not benchmark:
            benchmark, metric = _split_benchmark(metric)
        significance = q.unit == "σ" and not _is_measure(metric)
        if significance:
            metric = ""  # "excluding its absence at 5.0σ": a significance, unnamed
        own_share = q.unit == "%" and bool(share) and share.split()[-1].lower() not in MEASURES
        own_share = own_share or significance
        if own_share and not _is_measure(_phrase_back(trimmed)):
            metric = ""
        metric = _clean_metric(metric)
        if (
            not metric
            and q.label
            and q.label.lower() not in _SKIP_LABELS
            and not re.search(r"\d\s*" + re.escape(q.label) + r"\W*$", before)
        ):  # "at HRT 3 d: 62%": the unit of the number before is no label of this one
            metric = q.label
        named = _phrase_back(trimmed)
        if not metric and named and _MEASURE_LINK.search(left) and not own_share:
            # "an EER of 0.87%", "PESQ improves to 3.31", "a ViSQOL of 4.12": the words the
            # value is said to be of are its measure, known or not.
            metric = named
        likely = _LIKELY.match(text, q.end, s_end)
        if likely and re.search(r"risk|odds|probabilit|likelihood|chance", metric, re.I):
            likely = None  # "a relative risk of 2.1 times more likely …" keeps its name
        if likely:
            metric = likely["how"]  # "made the floods 1.4 times more likely"
        tally = None if _is_measure(metric) else _TALLY.match(text, q.end, s_end)
        if tally:
            metric = tally["things"]  # "28 of 36 settings", "10 of 53 models above 5 K"
        if not metric and not own_share:
            # After a figure of the same sentence, only what follows it: "+5.3 average over
            # X, +5.7 on Y" keeps the last figure's measure, not one named before it.
            earlier = [
                r
                for r in _runs(text[min(last_end, left_start) : left_start])
                if _is_measure(r) and _clean_metric(r) and not _SYSTEM_HEAD.search(r)
            ]  # not a unit read as a measure: "at HRT 3 d: 62%" is no Cohen's d; nor a
            # system named by what it scores: "outperform a scalar reward model, reaching …"
            metric = earlier[-1] if earlier else ""
        if not metric and not own_share and s_start not in last_metric:
            # "Nitrate in the Elbe fell from 4.9 mg/L …", "CO2 at Mauna Loa averaged …": the
            # sentence's subject, before its verb, is what its first figure measures.
            subject = _SUBJECT_MEASURE.match(sentence)
            if subject and s_start + subject.end() <= q.start:
                metric = subject.group("measure")
        if not metric and not own_share:
            # "29% of emissions" is a share of something that is not a measure: unnamed.
            metric = last_metric.get(s_start, "")
            if _AGGREGATE.fullmatch(metric) and _ON_A_NAME.match(text, q.end):
                metric = ""  # "+5.3 average …, +5.7 on BFCL-v4": not an average, one benchmark
        metric = _named_measure(metric)
        margin_over = _MARGIN_OVER.search(trimmed)
        margin_name = ""
        if margin_over and (not metric or _words_overlap(metric, margin_over["name"])):
            # "the margin over GRPO is 8.80 points": the measure is the margin, and what it
            # is over is the baseline, not the measure.
            metric, margin_name = margin_over["measure"], margin_over["name"]
        if metric and not likely:
            last_metric[s_start] = metric
        subject = _SUBJECT_SOURCE.match(sentence)
        if not benchmark and subject and s_start + subject.end() <= q.start:
            # "The CMIP6 ensemble gives …", "Exoplanet TOI-270 d: radius …": the collection
            # or the object the sentence measures.
            benchmark = subject.group("name")
        head = _head_name(sentence)
        framed = _framed_name(sentence) if not benchmark and not head else None
        if framed and s_start + framed[1] < q.start:
            benchmark = framed[0]
        # "72.87% on four maths benchmarks — +8.80 over GRPO — and 67.4% on SWE-bench
        # Verified": a figure measured on a collection has no one benchmark, and a name
        # past its clause's end and past another figure is that figure's.
        collection = not benchmark and bool(_COLLECTION.search(clause))
        unnamed = False
        if not benchmark:
            found_benchmark = _benchmark_in(sentence, s_start, q.start, metric)
            if (
                found_benchmark
                and found_benchmark[1] > q.start
                and (
                    collection
                    or _named_for_another(
                        text,
                        figures,
                        q,
                        found_benchmark[1],
                        clause_close,
                        s_start in collected or bool(_AGGREGATE.fullmatch(metric)),
                    )
                )
            ):
                found_benchmark = _benchmark_in(sentence[: q.start - s_start], s_start, q.start)
                unnamed = not found_benchmark and not head
            if found_benchmark and _spells_common_phrase(found_benchmark[0], around):
                found_benchmark, unnamed = None, not head
            if (
                tally
                and found_benchmark
                and found_benchmark[1] < q.start
                and _CLAUSE_END.search(text, found_benchmark[1], q.start)
            ):
                # "+6.69% on WebArena-Lite …, and its baseline beaten in 28 of 36 settings":
                # a count over things of its own is not on the benchmark of another clause.
                found_benchmark, unnamed = None, not head
            if collection:
                collected.add(s_start)
                unnamed = not found_benchmark and not head
            if unnamed:
                benchmark = ""  # measured on nothing named: not borrowed from elsewhere
            elif head and (
                not found_benchmark
                or sentence[: found_benchmark[1] - s_start].endswith("(")
                or found_benchmark[1] - s_start < len(head)
            ):
                benchmark = head
            elif found_benchmark:
                benchmark = found_benchmark[0]
            else:
                # "A three-season trial at Rothamsted …. Yields were unchanged (9.6 …)":
                # where the claim says it measured holds for its later sentences.
                # A heading the claim opens with ("Market-1501: …; with re-ranking mAP
                # rises to 94.6") holds for its later sentences in the same way.
                earlier_names = [
                    name
                    for a, b in sentences
                    if b <= s_start
                    for name in (
                        _head_name(text[a:b]) if a == 0 else "",
                        *(n for n, _at in _benchmarks_named(text[a:b])),
                    )
                    if name
                ]
                benchmark = earlier_names[-1] if earlier_names else _object_named(sentence)
        earlier_result = drafts[-1] if drafts and draft_sentence[-1] == s_start else None
        if not benchmark and not unnamed:
            standard = _TESTED_TO.search(sentence)
            if standard and s_start + standard.start() < q.start:
                benchmark = standard.group("standard")  # "tested to ASTM C1856: …"
        if not benchmark and not unnamed:
            studied = _STUDIED.search(sentence)
            if studied:
                benchmark = studied.group("who")
        if not benchmark and earlier_result is not None and not unnamed:
            # "FID-30k 7.9, CLIP score 0.321" after "zero-shot MS-COCO": one benchmark, its
            # measures listed one after another; "…, +13.16 over PPO" the list's.
            benchmark = earlier_result.benchmark
        protocol = _protocol_in(sentence, clause, benchmark, q.text)
        harness = _harness_item(sentence, q.start - s_start)
        if harness:
            # "three harnesses — OpenHands SDK 64.0% → 70.4%, Claude Code …": each item is
            # the setting its figures were measured in, not a measure.
            protocol = ", ".join(p for p in (harness, protocol) if p)
            if harness in metric or _HARNESS_KIND.search(metric):
                metric = ""
        adjoining = _phrase_back(left)
        if (
            earlier_result is not None
            and inline_benchmark[-1]
            and adjoining
            and _NAME_LIKE.match(adjoining.split()[0])
            and not _is_measure(adjoining)
            and re.search(r"(?:^|,\s*)" + re.escape(adjoining) + r"\s*$", left)
        ):
            # "HumanEval pass@1 40.2, MBPP 60.7": a list item parallel to a named benchmark.
            metric, benchmark = "", adjoining
        if (
            earlier_result is not None
            and q.unit in _RESULT_UNIT
            and _RELATIVE_AFTER.match(text[q.end : q.end + 30])
        ):
            # "RMSE of 0.52, 18% lower than X": a relative figure of the measure just stated.
            metric, benchmark = earlier_result.metric, earlier_result.benchmark
            protocol, model = earlier_result.protocol, earlier_result.model

        item_name = dict(listed.items).get(q.start - s_start) if listed else None
        if listed and item_name:
            # "Unemployment, Mar 2024: ES 11.7% / GR 10.1%": the heading's measure, the item's
            # name where it was measured or what made it.
            metric = listed.metric
            # the heading's settings, not the items' names: "at 10 mA/cm² in 1 M KOH — Pt/C …"
            settings = sentence[: listed.head_end] + sentence[listed.items_end :]
            protocol = _protocol_in(settings, settings, benchmark)
            protocol = ", ".join(p.strip(" —–|·") for p in protocol.split(", ") if p.strip(" —–|·"))
            protocol = _with_heading_conditions(protocol, sentence[: listed.head_end])
            if listed.places:
                benchmark, model = item_name, ""
            else:
                benchmark, model = listed.benchmark or benchmark, item_name

        parallel = _parallel_items(sentence)
        item = "" if harness else parallel.items.get(q.start - s_start, "")
        if (
            listed
            and item_name
            and not parallel.places
            and min(parallel.items, default=0) >= listed.head_end
        ):
            # a heading's list ("HER overpotential — Pt/C 32 mV, NiMo 58 mV"): its reading
            # holds, but for an item's name run on from the one before ("… and BM25-Okapi")
            if item and item in model and item != model:
                model = item
            item = ""
        items = parallel.items.values()
        if item and (
            parallel.places is False
            or _SIZED_MODEL.fullmatch(item)
            or (parallel.places is None and benchmark and benchmark not in items)
        ):
            # "on MMLU: Llama-3-70B 79.5, Qwen2-72B 84.2": each item is a system.
            model = item if not model or item in model else model
        elif item and parallel.places:
            # "gives DeepSWE +11.7%, ProgramBench +17%": each item is where it was measured.
            benchmark = item
            model = "" if model in items else model
            if _words_overlap(metric, item):
                metric = ""
        if earlier_result is not None and _MOVED_TO.search(before):
            metric = earlier_result.words.get("metric", earlier_result.metric)

        paired = _paired_baseline(text, q, figures[:index], used, drafts, draft_sentence, s_start)
        if paired or _late_baseline(text, q, drafts, draft_sentence, s_start):
            taken.add(q.start)
            continue
        baseline_q, baseline_name, _cue = _baseline(text, q, figures[index + 1 :])
        baseline_name = baseline_name or margin_name
        if _BASELINE_NAMED.match(metric) or _BASELINE_NAMED.match(model):
            # "the previous best of 20.0%", "placebo 32%": the figure compared against.
            if earlier_result is not None and earlier_result.baseline_value is None:
                drafts[-1] = replace(
                    earlier_result,
                    baseline_value=q.value,
                    baseline_name=earlier_result.baseline_name or (metric or model),
                )
            taken.add(q.start)
            continue
        baseline_value = q.baseline
        if baseline_value is None and s_start in starts and re.search(r"\bto\s+$", before):
            baseline_value = starts.pop(s_start)[0]
        if baseline_q is not None and baseline_value is None:
            baseline_value = baseline_q.value
            used.add(baseline_q.start)
            taken.add(baseline_q.start)
        taken.add(q.start)
        owner = re.match(r"(?:the\s+)?(?P<owner>.+?)['’]s\s+(?P<measure>\S.*)$", metric)
        if owner and not part_of and _is_measure(owner["measure"]):
            # "the new neural model's peak-amplitude error": the owner is what was measured.
            metric, model = owner["measure"], model or owner["owner"]
        if _VERB_NOT_MEASURE.fullmatch(metric):  # "reaching 71.5%": the verb, not the measure
            metric = ""
        if (
            metric
            and benchmark
            and not model
            and _ACHIEVES.search(left)
            and metric in left
            and (not _is_measure(metric) or _SYSTEM_HEAD.search(metric))
            and metric.lower() not in benchmark.lower()
        ):
            # "GPT-4 reaches 86.4% on MMLU", "Outcome rewards reach 41%": what reaches a
            # score on a benchmark is the system measured, not the measure; the object of
            # a preposition ("step labels at scale reach …") is neither.
            governed = re.search(
                r"\b(?:at|in|on|with|for|by|of|from|under)\s+" + re.escape(metric) + r"\b", left
            )
            # Its measure, if any, is written after the value: "A reward model reaches 46.5%
            # accuracy on MATH-Hard".
            measured = forward if forward and _is_measure(forward) else ""
            metric, model = measured, ("" if governed else metric)
        if not model:
            # "TRACE raises Qwen3-4B from 7.2 to 35.6", "Qwen3.5-9B 41.8% → 56.4%", "… on
            # Qwen3.6-27B": the model the clause names with its size.
            model = _sized_model(text[last_end : q.start]) or _sized_model(text[q.end : right_end])
            if (
                not model
                and earlier_result is not None
                and _SIZED_MODEL.fullmatch(earlier_result.model)
            ):
                model = earlier_result.model  # the sentence's model holds for its list
        if not model:
            doer = _doer(sentence, q.start - s_start) or _named_doer(sentence, q.start - s_start)
            if doer and not _words_overlap(doer, metric) and not _words_overlap(doer, benchmark):
                model = doer
        if not model and (cited := _CITED_METHOD.match(sentence)):
            # "SPADE: Self-Play in … (arXiv:…) removes …, giving +5.3 …": the figures of a
            # sentence about a cited work are its method's, unless it names another doer.
            model = cited.group("name")
        benchmark = _benchmark_cleaned(benchmark, q.value)
        if qualified := _QUALIFIED_NAME.match(benchmark):
            # "the closed-web BrowseComp-Plus benchmark": the setting it was run in.
            benchmark = qualified["name"]
            if normalise_protocol(qualified["setting"]) not in normalise_protocol(protocol):
                protocol = ", ".join(p for p in (qualified["setting"], protocol) if p)
        if _DOCUMENT_PART.match(model):
            model = ""  # "Supplementary Table 4 gives …": where it is written, not who made it
        # "28 of 36": a count out of a total is read with its total
        counted = tally and not q.unit
        words = {"value": text[q.start : tally.start("things")].strip() if counted else q.text}
        if metric:
            words["metric"] = metric
            metric = spelt_out(metric)
            if q.unit in ("mV", "V") and re.fullmatch(r"η[\w₀-₉,]*", metric):
                metric = f"overpotential ({metric})"  # "η₁₀ = 230 mV": the electrochemists' η
        for name, value in (
            ("benchmark", benchmark),
            ("protocol", protocol),
            ("model", model),
            ("baseline_name", baseline_name),
        ):
            if value:
                words[name] = value
        draft_sentence.append(s_start)
        drafted_ends.append(q.end)
        inline_benchmark.append(bool(benchmark) and benchmark in clause)
        drafts.append(
            ResultDraft(
                value=q.value,
                unit=q.unit
                or (baseline_q.unit if baseline_q is not None else "")
                or (
                    # "8.80 points on agentic maths and 2.0 on …": the list's change in points
                    earlier_result.unit
                    if earlier_result is not None
                    and earlier_result.unit == "pp"
                    and earlier_result.metric == metric
                    else ""
                ),
                metric=metric,
                benchmark=benchmark,
                protocol=protocol,
                model=model,
                baseline_value=baseline_value,
                baseline_name=baseline_name,
                direction=metric_direction(metric, q.unit),
                words=words,
            )
        )
    return drafts
