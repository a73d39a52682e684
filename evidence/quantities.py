"""The quantities a text states: one grammar of numbers and units for every field.

``quantities(text)`` reads each number in a text and says what it is:

* ``value`` (float), ``text`` (the exact characters), ``start``/``end`` (offsets);
* ``unit``, normalised: "%", "pp", "x" (fold, ×, times), "σ", physical units ("K",
  "°C", "eV", "kPa", "mg/L", "μm", "km/s", "W/m²", "Myr", …), money ("$", "USD") or "";
* ``kind``: "figure" (a stated result or measurement), "name" (a number that names
  something: a year, a date, a model size, a catalogue or trial id, a formula, a
  version, a section), "setting" (the conditions of a result: a confidence level, a
  learning rate, a dose given as a setting) or "count" (a bare count of the setup:
  "500 tasks", "n = 412");
* ``role``: where the number sits in a comparison or a spread: "from"/"to"
  ("from 0.8 to 1.3", "46 → 58"), "low"/"high" (a range or an interval), "uncertainty"
  (after ±), "of" (the M of "N of M"), "" otherwise; ``baseline`` is the "from" value of
  a "to", ``uncertainty`` the ± of a value;
* ``label``: the word naming the measure just before the number ("p", "HR", "WER",
  "accuracy"), and ``comparator`` ("<", "≤", ">", "≥", "=", "~" or "").

The grammar is written for this domain: a general parser reads "32K context" as kelvin
and "70B" as bytes. A number joined to letters ("CO2", "GW190521", "CIFAR-100",
"Llama-3-70B", "TP53") is part of a name; a capitalised acronym before an integer names a
catalogue entry ("NGC 1275") unless it is a measure ("HR 0.82", "WER 4.2"); a four-digit
integer from 1900 to 2099 without a unit is a year. The text is read once with linear
patterns, so hostile input (a megabyte of digits, thousands of brackets) takes bounded time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Longer texts are read up to here, and no further than this many numbers: a claim is a
# few hundred characters with a handful of numbers, so the bounds keep hostile input cheap.
MAX_CHARS = 2_000
MAX_NUMBERS = 100

FIGURE = "figure"
NAME = "name"
SETTING = "setting"
COUNT = "count"


@dataclass(frozen=True)
class Quantity:
    value: float
    text: str
    start: int
    end: int
    unit: str = ""
    kind: str = FIGURE
    role: str = ""
    baseline: float | None = None
    uncertainty: float | None = None
    label: str = ""
    comparator: str = ""


_MINUS = "−–-"  # unicode minus, en dash (as a minus only before a digit), hyphen
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_TO_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")

# A number: sign, digits with thousands separators, decimals, an exponent (3e-4, ×10^8).
_NUMBER = re.compile(
    r"(?P<sign>[+−-])?"
    r"(?P<digits>\d{1,3}(?:,\d{3})+(?![\d])|\d+)?(?P<frac>\.\d+)?"
    r"(?:(?P<e>[eE][+−-]?\d{1,3})(?![\w])"
    r"|\s?[×x]\s?10\s?(?:\^\s?(?P<pow>[+−-]?\d{1,3})|(?P<sup>[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))"
    # A power of ten in superscript: "above 10⁵ cm² V⁻¹ s⁻¹".
    r"|(?<=10)(?P<ten>[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))?"
)
# A token longer than any word, number or name ("1" * 10_000, "a-a-a-…") is blanked first,
# keeping the offsets, so no pattern scans it.
_LONG_TOKEN = re.compile(r"\S{60,}")
_NUMBER_START = re.compile(r"[+−-]?\.?\d")

# Units, spelled as written -> normalised. Prefixes are spelled out with their bases.
_SI_PREFIX = {"": "", "k": "k", "M": "M", "G": "G", "T": "T", "m": "m", "μ": "μ", "µ": "μ",
              "u": "μ", "n": "n", "p": "p", "c": "c", "h": "h", "f": "f", "P": "P",
              "E": "E"}  # fmt: skip
_PREFIXED = {
    "eV": "kMGTPEm", "Pa": "khMG", "g": "kmμµnpfTP", "mol": "mμµnpf", "M": "mμµnpf",
    "L": "mμµd", "m": "kcmμµnp", "s": "mμµnp", "J": "kMGTPZ", "W": "kMGTm", "Wh": "kMGT",
    "Hz": "kMGT", "V": "kmμµ", "A": "mμµn", "Da": "kM", "t": "GMk", "yr": "kMG",
    "pc": "kMG", "bar": "m", "Ω": "kMm", "C": "m", "T": "m", "F": "μµnp", "S": "mμµ",
}  # fmt: skip
_PLAIN_UNITS = {
    "%": "%", "percent": "%", "per cent": "%", "pp": "pp", "p.p.": "pp",
    "percentage points": "pp", "percentage point": "pp", "points": "pp", "point": "pp",
    "pts": "pp", "pt": "pp", "bp": "bp", "basis points": "bp",
    "×": "x", "x": "x", "X": "x", "fold": "x", "-fold": "x", "times": "x",
    "σ": "σ", "sigma": "σ",
    "K": "K", "kelvin": "K", "°C": "°C", "° C": "°C", "℃": "°C", "degC": "°C", "°F": "°F",
    "mmHg": "mmHg", "atm": "atm", "Torr": "Torr", "psi": "psi",
    "ppm": "ppm", "ppb": "ppb", "ppt": "ppt", "ppmv": "ppm", "PSU": "PSU", "psu": "PSU",
    "min": "min", "h": "h", "hr": "h", "hrs": "h", "hours": "h", "hour": "h",
    "minutes": "min", "minute": "min", "seconds": "s", "second": "s", "sec": "s",
    "milliseconds": "ms", "millisecond": "ms", "microseconds": "μs", "nanoseconds": "ns",
    "d": "d", "days": "days", "day": "days", "weeks": "weeks", "week": "weeks",
    "months": "months", "month": "months", "years": "years", "year": "years",
    "mo": "months", "mos": "months", "wk": "weeks", "wks": "weeks",
    "dex": "dex", "bps": "bp",
    "Myr": "Myr", "Gyr": "Gyr", "kyr": "kyr", "yr": "yr", "Ma": "Ma", "Ga": "Ga",
    "Å": "Å", "au": "au", "AU": "au", "ly": "ly", "mas": "mas", "arcsec": "arcsec",
    "arcmin": "arcmin", "μas": "μas", "µas": "μas", "uas": "μas", "″": "arcsec",
    "′": "arcmin", "°": "°", "deg": "°", "rad": "rad",
    "microarcseconds": "μas", "microarcsecond": "μas", "milliarcseconds": "mas",
    "milliarcsecond": "mas", "arcseconds": "arcsec", "arcsecond": "arcsec",
    "arcminutes": "arcmin", "arcminute": "arcmin",
    "dB": "dB", "dBm": "dBm", "cal": "cal", "kcal": "kcal", "Gt": "Gt", "Mt": "Mt",
    "GtCO2": "GtCO2", "MtCO2": "MtCO2", "GtC": "GtC", "PgC": "PgC", "tCO2": "tCO2",
    "ZJ": "ZJ", "EJ": "EJ", "M☉": "M☉", "M⊙": "M☉", "Msun": "M☉", "solar masses": "M☉",
    "R⊕": "R⊕", "M⊕": "M⊕", "R☉": "R☉", "L☉": "L☉", "Jy": "Jy", "mJy": "mJy", "μJy": "μJy",
    "cycles": "cycles", "cycle": "cycles", "-cycle": "cycles",
    "ha": "ha", "hectares": "ha", "hectare": "ha", "tonnes": "t", "tonne": "t", "‰": "‰",
    "USD": "USD", "EUR": "EUR", "GBP": "GBP",
    "mAh": "mAh", "mA h": "mAh", "f.u.": "f.u.", "atom": "atom", "dec": "dec",
    "tokens/s": "tokens/s", "tok/s": "tokens/s", "it/s": "it/s", "fps": "fps",
    "TFLOPS": "TFLOPS", "GB": "GB", "MB": "MB", "TB": "TB", "kb": "kb", "Mb": "Mb",
    "bp.": "bp", "mol%": "mol%", "wt%": "wt%", "vol%": "vol%", "ms": "ms",
    "erg": "erg", "erg/s": "erg/s", "mag": "mag", "magnitudes": "mag", "magnitude": "mag",
    "Sv": "Sv", "mSv": "mSv", "Pg C": "PgC", "Tg C": "TgC", "Gt C": "GtC", "IU": "IU",
    "pps": "pps", "kpps": "kpps", "Mpps": "Mpps", "Gbps": "Gbps", "Mbps": "Mbps",
    "QPS": "QPS", "qps": "QPS", "IOPS": "IOPS", "ops/s": "ops/s", "req/s": "req/s",
    "queries/s": "queries/s", "requests/s": "req/s", "rps": "req/s",
    # imperial and US customary units
    "ft": "ft", "feet": "ft", "mi": "mi", "miles": "mi", "lb": "lb", "lbs": "lb",
    "gal": "gal", "cfs": "cfs", "acre-ft": "acre-ft", "mph": "mph",
    "bu": "bu", "bushels": "bu", "bushel": "bu", "ac": "ac", "acre": "ac", "acres": "ac",
}  # fmt: skip
_SCALES = {"thousand", "million", "billion", "trillion"}
_COORDINATE = re.compile(r"\s?°\s?[NSEW](?![\w°])")
_MULTIPLIERS = {"thousand": 1e3, "k": 1e3, "million": 1e6, "mn": 1e6, "m": 1e6,
                "billion": 1e9, "bn": 1e9, "trillion": 1e12, "tn": 1e12}  # fmt: skip


def _build_units() -> dict[str, str]:
    units = dict(_PLAIN_UNITS)
    for base, prefixes in _PREFIXED.items():
        units.setdefault(base, base)
        for p in prefixes:
            units.setdefault(p + base, _SI_PREFIX.get(p, p) + base)
    # A bare "M", "A", "T", "C", "S", "F", "t", "g", "L" after a number is too often a
    # size ("1M tokens"), a letter or a word; they count only inside compound units.
    for ambiguous in ("M", "A", "T", "C", "S", "F", "t", "Pa", "g", "L", "d", "pc"):
        units.pop(ambiguous, None)
    return units


_UNITS = _build_units()
_COMPOUND_ONLY = {"g", "L", "t", "m", "s", "d", "C", "A", "T", "atom", "f.u.", "dec", "pc"}
_UNIT_ALT = "|".join(
    re.escape(u)
    for u in sorted(
        {*_UNITS, *_COMPOUND_ONLY, *(p + "g" for p in "kmμµ"), "Mpc", "kpc", "Gpc", "M"},
        key=len,
        reverse=True,
    )
)
# One unit with an optional power: "m^-2", "cm⁻²", "s-1", "m2" (only after a unit).
_UNIT_ONE = rf"(?:{_UNIT_ALT})(?:\^?[-−]?\d(?![\d.])|[⁻]?[¹²³⁴⁵⁶⁷⁸⁹])?"
_NEG_POWER = r"(?:\^?[-−]\d(?![\d.])|⁻[¹²³⁴⁵⁶⁷⁸⁹])"
_UNIT = re.compile(
    rf"(?P<u>(?:{_UNIT_ONE})(?:\s?(?:/|·|⋅|\bper\s)\s?(?:{_UNIT_ONE})"
    rf"|\s(?:{_UNIT_ALT}){_NEG_POWER}){{0,3}})"
    r"(?![\w%])"
)
_UNIT_AFTER = re.compile(r"(\s?)(?:" + _UNIT.pattern + r"|%|×)")


def unit_prefix(text: str) -> str:
    """The unit a text starts with ("t/ha", "A/g", "kHz"), or "" when it starts otherwise."""
    m = _UNIT.match(text)
    return m.group(0) if m and (m.end() == len(text) or text[m.end()] == " ") else ""


_POWER = re.compile(r"^(?P<base>.+?)(?:\^?(?P<pow>[-−]?\d)|(?P<sup>[⁻]?[¹²³⁴⁵⁶⁷⁸⁹]))$")

# A count that is what was found, right after the verb that reports it: "rose to 2,800",
# "reached over 5,000 holdings", "confirmed in 14 herds", "caused 9 deaths", "scored 510".
_OUTCOME_BEFORE = re.compile(
    r"\b(?:rose|risen|rises|fell|fallen|falls|grew|grown|grows|dropped|drops|increased|"
    r"decreased|declined|climbed|jumped|reached|reaches|hit|hits|scored|scores|totall?ed|"
    r"totals|caused|causes|killed|kills|(?:confirmed|reported)\s+in|(?:detected|found)(?:\s+in)?|"
    r"finds|detects|seized|seizes|confiscated|intercepted|counts|"
    r"counted|flags|flagged|identified|identifies|recovered|recovers|logged|logs|produced|"
    r"produces|yielded|yields|documented|documents|recorded|records|averted|prevented|save|saves|saved|"
    r"lost|gained|fledged|lists|listed|cites|cited|total|tallied|exceeds|exceeded|"
    r"retreated|receded|advanced|thinned|thickened|subsided|migrated|shrank|expanded|picked\s+up|"
    r"surpassed|surpasses|fed|feeds|classified|catalogued|cataloged|discovered|down|"
    r"tallies|(?:escapes|harvests?|catch(?:es)?|losses|deaths|cases|sales|exports|imports|"
    r"output|production|yields?|landings|emissions|discharges?)\s+of)\s+(?:to\s+|by\s+)?(?:over\s+|about\s+|"
    r"around\s+|nearly\s+|almost\s+|more\s+than\s+|some\s+|~)?$",
    re.I,
)
_APPROXIMATE_BEFORE = re.compile(
    r"(?:\b(?:about|roughly|around|nearly|almost|some|approximately|an\s+estimated|"
    r"estimated\s+at|over|more\s+than|at\s+least|upwards\s+of)\s+|~\s?)$",
    re.I,
)
# Who or what a study took in: "about 1,200 participants", "roughly 15 trillion tokens" are
# its size, not a finding.
_SAMPLE_AFTER = re.compile(
    r"\s+(?:[\w-]+\s+)?(?:participants|patients|subjects|respondents|volunteers|individuals|"
    r"people|households|samples|specimens|sites|animals|records|images|questions|items|"
    r"tokens|steps|parameters|params|examples|epochs|iterations|sequences|documents|pages|"
    r"words|hours|GPUs?)\b",
    re.I,
)
# Currencies by their codes: the number after one is a price, not a catalogue entry.
CURRENCIES = frozenset(
    "USD EUR GBP NOK SEK DKK ISK CHF JPY CNY RMB INR AUD CAD NZD BRL ZAR MXN KRW SGD HKD "
    "PLN CZK HUF TRY RUB ILS AED SAR NGN KES EGP ARS CLP COP PEN IDR THB VND PHP MYR".split()
)
# A count of things the work found, the verb after them: "61 footprints preserved", "6,674
# structures mapped", "around 40 trusts have removed it".
_OUTCOME_AFTER = re.compile(
    r"\s+(?:[\w-]+\s+){1,3}?(?:have\s+|had\s+|were\s+|was\s+)?(?:preserved|recovered|mapped|"
    r"found|identified|recorded|detected|excavated|removed|dropped|adopted|confirmed|"
    r"documented|unearthed|died|survived|escaped|infected|fledged|hatched|collapsed|"
    r"destroyed|damaged|burned|burnt|closed|failed|trapped|caught|captured|sighted|"
    r"emerged|rescued|stranded|evacuated|ruptured)\b",
    re.I,
)
# What a count of found things names: events that happened to someone or something ("over
# 200 cases", "90 presumed extinctions", "three treatment-related deaths"), never a set-up.
_OUTCOME_NOUN = re.compile(
    r"\s+(?:[\w-]+\s+){0,2}?(?:cases|deaths|infections|extinctions|fatalities|casualties|"
    r"hospitali[sz]ations|admissions|outbreaks|strandings|sightings|detections|relapses|"
    r"recurrences|retractions|layoffs|bankruptcies|defaults|wildfires|earthquakes|eruptions|"
    r"flares|bursts|mergers|evictions|arrests|overdoses|suicides|births|fledglings|"
    r"adverse\s+events|serious\s+adverse\s+events)\b",
    re.I,
)
# A count named as a threshold or a plan, not as found: "interim analysis after 150 cases".
_THRESHOLD_BEFORE = re.compile(
    r"\b(?:after|until|once|when|at|per|every|first|target(?:ing|s|ed)?|planned|needs?|needed|"
    r"requires?|required)\s+(?:the\s+)?(?:first\s+)?$",
    re.I,
)
# Words that name a measure: a number right after one is a result ("WER 4.2", "HR 0.82").
MEASURES = {
    "wer", "cer", "bleu", "rouge", "map", "miou", "iou", "ndcg", "mrr", "psnr", "ssim",
    "fid", "rmse", "mae", "mse", "auroc", "auprc", "aupr", "auc", "roc", "dice", "lddt",
    "em", "f1", "elo", "accuracy", "acc", "recall", "precision", "perplexity", "ppl",
    "score", "rate", "ratio", "hr", "or", "rr", "irr", "aor", "ahr", "ci", "cri", "se",
    "p", "r", "rho", "r2", "r²", "z", "t", "d", "g", "i²", "i2", "tau", "kappa",
    "efficiency", "yield", "selectivity", "conversion", "ton", "tof", "zt", "pce", "voc",
    "jsc", "ff", "eqe", "iqe", "h0", "skill", "correlation", "elasticity", "gini",
    "coefficient", "estimate", "effect", "mortality", "incidence", "prevalence",
    "sensitivity", "specificity", "ppv", "npv", "nnt", "nnh", "survival", "risk", "odds",
    "gap", "overpotential", "slope", "capacity", "retention", "density", "strength",
    "modulus", "toughness", "conductivity", "mobility", "lifetime", "ecs", "tcr", "feedback",
    "forcing", "anomaly", "trend", "bias", "error", "loss", "reward", "success", "pass@1",
    "pass@k", "latency", "throughput", "speedup", "speed-up", "gain", "improvement",
    "reduction", "increase", "drop", "decline", "fall", "rise", "change", "difference",
    "richness", "abundance", "diversity", "biomass", "cover", "growth", "inflation",
    "unemployment", "multiplier", "premium", "return", "returns", "wage", "wages", "price",
    "index", "mass", "radius", "luminosity", "redshift", "flux", "distance", "period",
    "temperature", "metallicity", "velocity", "dispersion", "significance", "tension",
    "width", "height", "depth", "thickness", "area", "volume", "value", "level", "bound",
    "spearman", "pearson", "mos", "fps", "match", "age",
    # trials' endpoints, tracking and detection, ranking and audio, named by their acronyms
    "orr", "dcr", "dor", "pfs", "efs", "dfs", "rfs", "mace", "egfr", "sbp", "dbp", "bmi",
    "vo2max", "hota", "idf1", "mota", "motp", "nds", "lpips", "fvd", "ctr", "cvr", "gmv",
    "sdr", "pesq", "stoi", "eer", "mindcf", "snr",
}  # fmt: skip
# Capitalised words before a number that read it as a catalogue entry, not as a measure.
_SETTING_WORDS = re.compile(
    r"(?:\b(?:temperature|temp|lr|learning\s+rate|dropout|beta|alpha|gamma|lambda|top-[pk]|"
    r"weight\s+decay|epsilon|momentum|rank|warm-?up(?:\s+ratio)?|discount|batch\s+size|"
    r"seed|seeds|context(?:\s+length)?|horizon|budget|lead\s+time|resolution|grid|"
    r"U)\s*(?:of|=|:|at|to|is)?\s*|\bat\s+(?:a\s+|the\s+)?)$",
    re.I,
)
_NAME_BEFORE = re.compile(
    r"(?:\b(?:section|sec\.|§|table|tab\.|figure|fig\.|eq\.|equation|appendix|chapter|"
    r"step|stage|round|version|release|phase|(?-i:Ph|PH|ph)|wave|layer|cycle|no\.|number|"
    r"vol\.|volume|issue|pp\.|page|pages|grade|class|type|tier|level|lot|arm|cohort|"
    r"study|trial|experiment|exp\.|item|question|problem|task|rule|article|art\.|"
    r"chromosome|chr|exon|codon|residue|patient|subject|case|site|station|plot|"
    r"generation|gen|block|sample|dr|data\s+release|band|sector|orbit|epoch|"
    r"iteration|session|lecture|part|box|line|row|column|col\.|figure|panel|cluster)"
    r"\s+|#\s*)$",
    re.I,
)
MONTHS = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|"
    r"aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_DATES = re.compile(
    rf"\b\d{{4}}-\d{{1,2}}(?:-\d{{1,2}})?\b|\b\d{{1,2}}\s+{MONTHS}(?:\s+\d{{4}})?\b"
    rf"|\b{MONTHS}\s+\d{{1,2}}(?:,\s*\d{{4}})?\b|\b{MONTHS}\s+\d{{4}}\b"
    r"|\b\d{4}\s*[-–—/]\s*\d{2,4}\b(?=\s*(?:baseline|period|climatology|average|mean|"
    r"season|decade|window|[),;]|$))"
    r"|\b\d{4}\s*Q[1-4]\b|\bQ[1-4]\s*\d{4}\b|\b\d{4}(?:Q[1-4])?\s*[–-]\s*\d{4}Q[1-4]\b"
    r"|\b(?:19|20)\d{2}s\b|\b(?:19|20)\d{2}/\d{2}\b"
    # A day written with slashes: "[AM 02/05/25]", "on 11/11/2024".
    r"|(?<![\w./-])[0-3]?\d/[01]?\d/(?:\d{2}|\d{4})(?![\w/]|\.\d)"
    # Round the clock, a schedule: "once the hub goes 24/7".
    r"|(?<![\w./-])24\s*/\s*7(?![\w/-]|\.\d)",
    re.I,
)
_ARXIV = re.compile(r"(?<![\w./])\d{4}\.\d{4,5}(?:v\d+)?(?!\w|\.\d)")
# Tokens that join letters and digits: names, formulas, ids ("CO2", "GW190521",
# "CIFAR-100", "SSP5-8.5", "Llama-3-70B", "AZD-1234", "Pt1/CeO2", "NMC-811-B3").
_NAMED = re.compile(
    r"(?<![\w])(?:[A-Za-zα-ωΑ-Ω][\w]*(?:[-–./+:][\w]+)*?(?:[-–.+:]\d[\w.]*|(?<=[A-Za-z])\d[\w]*)"
    r"(?:[-–./+:][\w]+)*|\d+(?:\.\d+)?(?![xX×](?![A-Za-z]))[A-Za-z][\w]*(?:[-–.][\w]+)+"
    r"|\d+[xX×]\d+(?![\w.]))"
)
# A number joined by a hyphen to capitals after it names a compound or a receptor: "5-FU",
# "6-MP", "5-HT3", "2-DG".
_CODE_AFTER = re.compile(r"-[A-Z]{2,}[A-Z\d]*(?![\w-])")
# Sizes joined to their number: "70B", "7B", "1.5B", "32K", "128k", "2T", "30B-A3B".
_SIZE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[BKMTkb](?:-A\d+(?:\.\d+)?B)?(?![\w])")
_SIZE_CONTEXT = re.compile(
    r"^\s*(?:-?\s*)?(?:tokens?|context|parameters?|params?|model|vocab|vocabulary|"
    r"sequences?|words?|examples?|samples?|images?|steps?|documents?|rows?|checkpoints?|"
    r"teacher|student|base|instruct|chat|dense|moe)\b",
    re.I,
)
_SPACED_ACRONYM = re.compile(r"(?<![\w-])([A-Z][A-Z\d]*[A-Z]|[A-Z]{2,})\s+$")
_CAP_NAME_VERSION = re.compile(r"(?<![\w-])([A-Z][\w-]*[a-z][\w-]*)\s+$")
_COMPARATOR = re.compile(r"(?:(?P<label>[A-Za-z][\w@²-]{0,30})\s*)?(?P<cmp>[<>≤≥=~≈]|<=|>=)\s*$")
_PLUS_MINUS = re.compile(r"^\s*(?:\(\s*)?(?:±|\+/-|\+-|\+/−)\s*")
_RANGE_SEP = re.compile(r"^\s*(?:–|—|-|to|and)\s*$")
_ARROW = re.compile(r"^\s*(?:→|->|⇒|=>)\s*$")
_VERSUS = re.compile(
    r"^\s*(?:vs\.?|versus|against|compared\s+(?:with|to)|over|relative\s+to|and|/)\s+$|^\s*/\s*$"
)
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:about\s+|roughly\s+|around\s+|approximately\s+|~)?$", re.I)
_BETWEEN_BEFORE = re.compile(r"\bbetween\s+(?:about\s+|roughly\s+)?$", re.I)
_OF_AFTER = re.compile(r"^\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+|all\s+)?$")
_OF_BEFORE = re.compile(
    r"(?:^|[^\w.,])(\d[\d,]*)\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+|all\s+)?$"
)
_CI_BEFORE = re.compile(
    r"(?:\d+(?:\.\d+)?\s*%\s*(?:CI|CrI|confidence\s+interval|credible\s+interval|"
    r"prediction\s+interval|PI|HDI|range|interval|UI)|\bCI|\bCrI|\bIQR|\brange)"
    r"\s*(?:[:=,]\s*|of\s+)?(?:\(\s*|\[\s*)?$",
    re.I,
)
_CI_LEVEL_AFTER = re.compile(
    r"^\s*(?:%|percent)\s*(?:CI|CrI|confidence|credible|prediction|PI|HDI|UI|range|"
    r"interval|probability\s+interval)\b",
    re.I,
)
_COUNT_NOUN = re.compile(
    r"^\s+(?:[\w-]+\s+){0,2}?(?:tasks?|problems?|questions?|items?|examples?|samples?|"
    r"prompts?|participants?|patients?|adults?|children|people|subjects?|individuals?|"
    r"households?|firms?|countries|sites?|papers?|studies|trials?|models?|benchmarks?|"
    r"languages?|images?|videos?|documents?|episodes?|seeds?|runs?|gpus?|nodes?|layers?|"
    r"heads?|experts?|members?|realisations?|realizations?|simulations?|stations?|"
    r"galaxies|stars|sources|plots?|transects?|colonies|species|genera|apiaries|words?|"
    r"tokens?|steps?|epochs?|pressure\s+levels?|levels?|rcts?|estimates?|developers?|"
    r"workers?|students?|schools?|villages?|regions?|states|counties|cities|arms?)\b",
    re.I,
)
_REPEAT_NOUN = re.compile(
    # "500 cycles", "100 adsorption–desorption cycles", "30 freeze-thaw cycles".
    r"^\s+(?:[a-z]+(?:[-–][a-z]+)?\s+){0,2}?(?:cycles?|passes|repeats?|reuses?)\b",
    re.I,
)
_RESULT_UNITS = {"%", "pp", "x", "σ", "cycles", "bp"}
_AMOUNT_OF = re.compile(r"^\s+of\s+(?!the\b|its\b|their\b|a\b|an\b)[\w-]+", re.I)
_AMOUNT_UNIT = re.compile(
    r"^(?:h|min|s|ms|days|weeks|months|years|[kMGT]?B|[kmμn]?g|[mμ]?L|tokens?|samples?)$"
)
_SETUP_NOUN_AFTER = re.compile(
    r"^\s+(?:[a-z-]+\s+)?(?:grid|resolution|beam|budget|window|dose|loading|design|cutoff|"
    r"threshold|spacing|aperture|continuum|target|cap|limit|horizon|bin|bins)\b"
)
_CONDITION_UNIT = re.compile(
    r"^(?:[kMGT]?Hz|K|°C|°F|[kMGh]?Pa|m?bar|atm|Torr|[mμnp]?M|mA/cm²|psi)$"
)
_WHEN_BEFORE = re.compile(
    r"\b(?:week|day|month|year|hour|minute|lead|horizon|(?<!\d\s)(?:wk|mo|yr))\s+$", re.I
)
# A step of a procedure just before the number: how the sample was made or treated, not
# what was found ("annealed at 150 °C for 10 min", "dried 60 °C", "washed 3× in EtOH"); not
# what it was brought to ("heated to 300 K", "dried to 5% moisture").
_PROCEDURE_BEFORE = re.compile(
    r"\b(?:annealed|calcined|dried|washed|rinsed|stirred|autoclaved|sintered|"
    r"spin-coated|centrifuged|incubated|sonicated|baked|cured|quenched|refluxed|pyroly[sz]ed|"
    r"ball-milled|milled|hot-pressed|purged|evacuated|soaked|immersed)"
    r"(?:(?:\s+(?!(?:and|but|then|which|that)\b)[^\s.;,:]+){0,3}?\s+(?:at|for|in|with|under)"
    r"|\s+(?:at|for|with|under)?)\s*(?:~|about\s+|approx\.?\s+)?$",
    re.I,
)
# A text headed as a procedure: "Synth: 2 mmol Ni(NO3)2 + …", "Procedure: …" (not
# "Synthesis:", the writers' drawing together of findings).
_PROCEDURE_HEAD = re.compile(
    r"(?:^|[.;]\s)\W*(?:synth|procedure|prep(?:aration)?|recipe)\s*:[^.;]*$", re.I
)
_N_EQUALS = re.compile(r"\b[nN]\s*=\s*$|\bN\s*=\s*$")
_WORD_BEFORE = re.compile(r"([A-Za-z][\w@²'-]*)\s*(?:of|=|:|was|is|at|reached|reaches|to)?\s*$")
_HYPHEN_SETTING = re.compile(r"^-(?!fold\b|times\b|points?\b|percent\b|pp\b)[a-z]")
# ... unless a unit (``_UNITS``) comes before words that name a change by that amount: "a
# 30-minute reduction in door-to-needle time", "a 10-mmHg drop", "a 3-day increase in stay".
_HYPHEN_CHANGE = re.compile(
    r"^-(?P<unit>[^\W\d_]+)\s+(?P<change>saving|reduction|decrease|increase|rise|fall|drop|gain|"
    r"loss|improvement|delay|shortening|lengthening|prolongation|extension|difference|advantage)s?\b"
)
_ORDINAL = re.compile(r"^(?:st|nd|rd|th)\b")
# An asymmetric spread after a value, then a power of ten the value and its spread share:
# "503 +26/−27 K", "4.0 (+1.1/−0.6) ×10⁶ M☉", "0.31^{+0.02}_{-0.03}".
_ASYMMETRIC = re.compile(
    r"\s?(?:(?P<open>\()\s?\+\s?(?P<up>\d+(?:\.\d+)?)\s?/\s?[−–-]\s?(?P<down>\d+(?:\.\d+)?)\s?\)"
    r"|\+\s?(?P<up2>\d+(?:\.\d+)?)\s?/\s?[−–-]\s?(?P<down2>\d+(?:\.\d+)?)(?![\d/])"
    r"|\^\{?\+(?P<up3>\d+(?:\.\d+)?)\}?_\{?[−–-](?P<down3>\d+(?:\.\d+)?)\}?)"
    r"(?:\s?[×x]\s?10(?:\^\s?(?P<pow>[+−-]?\d{1,3})|(?P<sup>[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})))?"
)
# A power of ten written after a number's digits ("0.4 × 10⁹"), shared by the value before
# a ± when that value has none ("6.6 ± 0.4 × 10⁹ M☉" is 6.6 × 10⁹).
_POWER_AFTER = re.compile(r"[×x]\s?10\s?(?:\^|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹])")

_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100, "a hundred": 100,
}  # fmt: skip
_FRACTIONS = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "fifth": 0.2, "tenth": 0.1}
_WORD_QUANTITIES = re.compile(
    r"\b(?P<fold>one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|hundred)[\s-]?fold\b"
    r"|\b(?P<change>doubl|tripl|quadrupl)(?:e|es|ed|ing)\b|\b(?P<halve>halv(?:e|es|ed|ing))\b"
    r"|\b(?:by\s+|cut\s+|reduced?\s+|fell\s+|dropped\s+)?(?P<frac_n>a|one|two|three)[\s-]"
    r"(?P<frac>half|third|quarter|fifth|tenth)s?\b(?=\s+(?:of|the|as|fewer|less|more)\b|"
    r"[,.;)]|$)"
    r"|\b(?P<times>twice|thrice)\b"
    r"|\b(?P<nt>two|three|four|five|six|seven|eight|nine|ten)\s+times\s+(?=more|less|"
    r"fewer|higher|lower|larger|smaller|faster|slower|as|better|worse|cheaper)"
    r"|\b(?P<order>an\s+order\s+of\s+magnitude)\b",
    re.I,
)
# What follows "double", "triple", "halve" used as a verb ("could double by 2030", "double
# in winter", "halve the dose"), not as an adjective before a noun ("layered double
# hydroxide", "a double bond").
CHANGE_VERB_AFTER = (
    r"(?=\s+(?:in|by|over|from|to|within|after|when|again|the|its|their|his|her|our|every|each|"
    r"if|under|since|with|between|across|during|or|and)\b|\s*[,.;:!?)]|\s*$)"
)
_CHANGE_VERB_AFTER = re.compile(CHANGE_VERB_AFTER, re.I)
# ... or a verb by what comes before it: "could double profits", "set to halve emissions",
# a plural subject in a headline's grammar ("Beaver dams double summer baseflow", "cover
# crops halve losses"; not "uses", "is", "has", "its" or "this").
CHANGE_VERB_BEFORE = (
    r"(?:will|would|could|may|might|can|to|did|does|do|nearly|almost|roughly|"
    r"(?!(?:is|was|has|its|this|his|hers|ours|theirs|as|us|does|plus|less|thus|across|towards|"
    r"uses|gives|forms|contains|includes|shows|yes)\s)[a-z]{2,}[^s\W]s)\s+"
)
_CHANGE_VERB_BEFORE = re.compile(rf"\b{CHANGE_VERB_BEFORE}$", re.I)
# A share that names part of a whole, not a result: "the lower half of the distribution".
_PART_BEFORE = re.compile(
    r"\b(?:upper|lower|first|second|last|top|bottom|northern|southern|eastern|western|"
    r"other|latter|former)\s+$",
    re.I,
)


def _float(match: re.Match[str]) -> float | None:
    digits = (match["digits"] or "").replace(",", "")
    frac = match["frac"] or ""
    if not digits and not frac:
        return None
    value = float(digits + frac) if (digits + frac) != "." else 0.0
    if match["e"]:
        value *= 10.0 ** int(match["e"][1:].translate(str.maketrans("−", "-")))
    elif match["pow"] is not None:
        value *= 10.0 ** int(match["pow"].translate(str.maketrans("−", "-")))
    elif match["sup"]:
        value *= 10.0 ** int(match["sup"].translate(_SUPERSCRIPT))
    elif match["ten"]:
        value = 10.0 ** int(match["ten"].translate(_SUPERSCRIPT))
    if match["sign"] in ("−", "-"):
        value = -value
    return value


def _normalise_unit(raw: str) -> str:
    """ "W m^-2" -> "W/m²", "km s^-1" -> "km/s", "mg/L" -> "mg/L", "µm" -> "μm"."""
    raw = raw.replace("µ", "μ").strip()
    if raw in _UNITS:
        return _UNITS[raw]
    parts = re.split(r"\s?(/|·|⋅|\bper\s)\s?|\s", raw)
    num: list[str] = []
    den: list[str] = []
    over = False
    for part in parts:
        if not part:
            continue
        if part in ("/", "per "):
            over = True
            continue
        if part in ("·", "⋅"):
            over = False
            continue
        m = _POWER.match(part)
        power = 1
        base = part
        if m and m["base"] in {*_UNITS, *_COMPOUND_ONLY, "g", "M", "Mpc", "kpc"}:
            base = m["base"]
            power = int((m["pow"] or m["sup"]).translate(_SUPERSCRIPT).replace("−", "-"))
        base = _UNITS.get(base, base)
        target = den if (over or power < 0) else num
        power = abs(power)
        target.append(base + (str(power).translate(_TO_SUPERSCRIPT) if power != 1 else ""))
        over = over and part in ("/", "per ")
    if not num:
        num = ["1"] if den else []
    unit = "·".join(num) if len(num) < 3 else " ".join(num)
    if den:
        unit += "/" + "/".join(den)
    return unit


# Carbon's isotopes written as "13C", "14C" (an NMR spectrum, radiocarbon ages).
_ISOTOPES = frozenset({"11", "12", "13", "14"})
# The number before a bare "C" read as Celsius: two digits or more, or a minus sign, and no
# label before it ("Stage 3C", "Table 12C", "Fig. 10C").
_CELSIUS_BARE = re.compile(
    r"(?<!\bstage\s)(?<!\btable\s)(?<!\bfig\.\s)(?<!\bfigure\s)(?<!\bpanel\s)(?<!\bgrade\s)"
    r"(?:(?<![\w.])[-−–]\s?\d+(?:\.\d+)?|(?<![\w.,-])\d{2,}(?:\.\d+)?)$",
    re.I,
)


def _unit_after(text: str, pos: int) -> tuple[str, int, float]:
    """(normalised unit, end of the unit, multiplier) right after a number, or ("", pos, 1)."""
    rest = text[pos : pos + 40]
    multiplier = 1.0
    m = re.match(r"\s?(thousand|million|billion|trillion|bn|mn|tn)\b", rest, re.I)
    if m:
        # "USD 656 billion" is 656 in units of a billion, as it is written.
        scale = {"bn": "billion", "mn": "million", "tn": "trillion"}.get(m.group(1).lower())
        return scale or m.group(1).lower(), pos + m.end(), multiplier
    m = re.match(r"(?:\s?-\s?|\s)?(fold|times)\b", rest, re.I)
    if m:
        return "x", pos + m.end(), multiplier
    m = re.match(r"\s?(?:°\s?C|℃)", rest)
    if m:
        return "°C", pos + m.end(), multiplier
    # Celsius written without its degree sign, as plain-text notes do: "below 150 C",
    # "stored at -20C" (two digits or more, or below zero: not a battery's "1C" rate, a
    # panel "3C", a "2 C" that may name a scenario or carbon-13 written "13C").
    m = re.match(r"\s?C(?![\w°'’-])", rest)
    isotope = (
        m is not None
        and not m.group(0).startswith(" ")
        and re.search(r"[\d.]*$", text[max(0, pos - 6) : pos])[0] in _ISOTOPES
    )
    if m and not isotope and _CELSIUS_BARE.search(text[max(0, pos - 12) : pos]):
        return "°C", pos + m.end(), multiplier
    # Chemical equivalents: "2 equiv of H2", "1.5 eq. of base".
    m = re.match(r"\s?(?:equiv\.?|eq\.|eq\b|equivalents?\b)", rest)
    if m:
        return "equiv", pos + m.end(), multiplier
    # A potential against its reference electrode written as a subscript: "−1.0 V_RHE".
    m = re.match(r"\s?(m?V)(?:_\{?(?:RHE|SHE|NHE|SCE)\}?|\((?:RHE|SHE|NHE|SCE)\))(?![\w}])", rest)
    if m:
        return m.group(1), pos + m.end(), multiplier
    m = _UNIT_AFTER.match(rest)
    if not m:
        return "", pos, multiplier
    raw = m.group(0).strip()
    if raw in ("%", "×"):
        return ("%" if raw == "%" else "x"), pos + m.end(), multiplier
    spaced = bool(m.group(1))
    first = re.match(_UNIT_ONE, raw)
    if first and first.group(0) == raw and raw in _COMPOUND_ONLY:
        return "", pos, multiplier
    if raw in ("x", "X") and spaced:
        return "", pos, multiplier
    if raw == "m" and not spaced:
        return "", pos, multiplier
    # A single letter spaced from its number is a unit only when nothing word-like follows
    # ("300 K." but not "3 K-means"); written out units always are.
    after = text[pos + m.end() : pos + m.end() + 1]
    if len(raw) == 1 and raw not in ("%", "σ", "K", "h", "x", "×", "°", "″", "′") and after == "-":
        return "", pos, multiplier
    return _normalise_unit(raw), pos + m.end(), multiplier


def _is_year(value_text: str, unit: str) -> bool:
    return not unit and re.fullmatch(r"(?:1[89]|20)\d{2}", value_text) is not None


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text)]


def _covered(spans: list[tuple[int, int]], length: int) -> bytearray:
    """A mask of the characters inside any of the spans."""
    mask = bytearray(length + 1)
    for s, e in spans:
        mask[s:e] = b"\x01" * (e - s)
    return mask


@dataclass
class _Num:
    start: int
    end: int
    value: float
    unit: str
    kind: str
    role: str = ""
    baseline: float | None = None
    uncertainty: float | None = None
    label: str = ""
    comparator: str = ""
    procedure: bool = False  # a step of how the sample was made: never related to a figure


def _label_before(before: str) -> tuple[str, str]:
    """(measure word, comparator) just before a number: "p <", "HR", "accuracy of"."""
    m = _COMPARATOR.search(before[-40:])
    if m and (m["cmp"] not in "~≈" or (m["label"] or "").lower() in MEASURES):
        return (m["label"] or "", m["cmp"])
    if m:
        before = before[: len(before) - len(m.group(0))] + (m["label"] or "")
        measure = _label_before(before)[0] if m["label"] else ""
        return measure, "~"
    m = _WORD_BEFORE.search(before[-40:])
    if m and m.group(1).lower() in MEASURES:
        return m.group(1), ""
    return "", ""


def _plural_measure_before(before: str) -> bool:
    """A measure named in the plural before its values: "CO2/SO2 ratios of 8-12" (not a
    verb: "covers 12 categories")."""
    m = re.search(r"([A-Za-z][\w-]{3,})s\s*(?:of|=|:|were|are)\s*$", before[-40:])
    return bool(m and m.group(1).lower() in MEASURES)


# What an amount in a unit names when it stands before it: a spectral line, a climate
# scenario or goal, a model's runs at a resolution ("the 6.4 keV iron line", "the 2 °C
# insurance-pricing scenarios", "the 1 km runs").
_NAMED_BY_AMOUNT = re.compile(
    r"\s+(?:[\w-]+\s+)?(?:lines?|features?|scenarios?|pathways?|targets?|worlds?|goals?|runs|"
    r"simulations)\b",
    re.I,
)
_DETERMINER_BEFORE = re.compile(r"\b(?:the|a|an|its|their|this|that)\s+$", re.I)


def quantities(text: str) -> list[Quantity]:
    """Every number of the text with its value, unit, kind and role, in order."""
    text = _LONG_TOKEN.sub(lambda m: "_" * len(m.group(0)), text[:MAX_CHARS])
    names = _covered(_spans(_NAMED, text) + _spans(_ARXIV, text) + _spans(_DATES, text), len(text))
    sizes = {s.start(): s for s in _SIZE.finditer(text)}
    nums: list[_Num] = []
    pos = 0
    while True:
        start_match = _NUMBER_START.search(text, pos)
        if not start_match or len(nums) >= MAX_NUMBERS:
            break
        start = start_match.start()
        m = _NUMBER.match(text, start)
        value = _float(m) if m else None
        if m is None or value is None or m.end() == start:
            pos = start + 1
            continue
        end = m.end()
        if (
            m["sign"] == "-"
            and start > 0
            and (text[start - 1].isalnum() or text[start - 1] in ")]")
        ):
            # "SSP5-8.5", "2–3": a hyphen after a word or number joins, it is not a minus.
            start += 1
            m = _NUMBER.match(text, start)
            value = _float(m) if m else None
            if value is None:
                pos = start + 1
                continue
            end = m.end()
        pos = max(end, start + 1)
        if m["sign"] == "+" and start > 0 and text[start - 1].isalnum():
            nums.append(_Num(start, end, value, "", NAME))  # "SGR 1935+2154"
            continue
        if text[end : end + 1] in ".:" and text[end + 1 : end + 2].isalnum():
            tail = re.match(r"[\w.:-]*", text[end : end + 60])
            nums.append(_Num(start, end, value, "", NAME))  # "2022.1.01234.S", "1.2.3"
            pos = end + (tail.end() if tail else 1)
            continue
        before = text[max(0, start - 60) : start]
        after = text[end : end + 60]
        digits_text = text[start:end]
        # Joined to letters on either side: part of a name, a formula or an id.
        prev = text[start - 1] if start else ""
        joined = prev.isalpha() and not (
            prev in "xX×" and (start < 2 or not text[start - 2].isalnum())
        )
        formula = prev in (")", "]") and start >= 2 and text[start - 2].isalnum()
        if joined or formula or (prev and prev in "_@#"):
            nums.append(_Num(start, end, value, "", NAME))
            continue
        if names[start] and names[end - 1]:
            nums.append(_Num(start, end, value, "", NAME))
            continue
        if _CODE_AFTER.match(text, end):
            nums.append(_Num(start, end, value, "", NAME))  # "5-FU", "6-MP", "5-HT3"
            continue
        power = re.match(r"\^\s?([+−-]?\d{1,3})(?!\d)", text[end : end + 8])
        if power and digits_text == "10":
            value = 10.0 ** int(power.group(1).replace("−", "-"))
            end += power.end()
            digits_text = text[start:end]
            after = text[end : end + 60]
        size = sizes.get(start)
        if size is not None and not (prev and prev in "$€£"):
            unit_letter = size.group(0)[len(digits_text) :]
            tail = text[size.end() : size.end() + 30]
            temperature = re.search(
                r"\b(?:temperatures?|heat\w*|cool\w*|anneal\w*|thermal|melt\w*|kelvin|T_?c)\b",
                before,
                re.I,
            )
            if unit_letter[0] in "BT" or _SIZE_CONTEXT.match(tail) or not temperature:
                if unit_letter[0] in "Kk" and temperature:
                    pass
                elif _OUTCOME_BEFORE.search(before[-60:]) and not _SIZE_CONTEXT.match(tail):
                    pass  # an amount reached, not a size that names: "climbed to 1.1m"
                else:
                    nums.append(_Num(start, size.end(), value, "", NAME))
                    pos = size.end()
                    continue
        if prev and prev in "$€£":
            scale = re.match(r"(k|K|m|M|bn|B|tn|T)(?![\w])", text[end : end + 3])
            if scale:
                value *= {"k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12}[scale.group(1)[0].lower()]
                end += scale.end()
        spread = _ASYMMETRIC.match(text, end)
        uncertainty = None
        if spread is not None and not (m["e"] or m["pow"] or m["sup"]):
            scale = 1.0
            if spread["pow"] is not None:
                scale = 10.0 ** int(spread["pow"].replace("−", "-"))
            elif spread["sup"]:
                scale = 10.0 ** int(spread["sup"].translate(_SUPERSCRIPT))
            up = spread["up"] or spread["up2"] or spread["up3"]
            down = spread["down"] or spread["down2"] or spread["down3"]
            value *= scale
            uncertainty = max(float(up), float(down)) * scale
            end = spread.end()
            after = text[end : end + 60]
        unit, unit_end, multiplier = _unit_after(text, end)
        value *= multiplier
        if _ORDINAL.match(after) and unit_end == end and not names[start]:
            percentile = re.match(r"\w+\s+percentile", after, re.I)
            nums.append(_Num(start, end + 2, value, "", FIGURE if percentile else COUNT))
            continue
        # A latitude or a longitude names a place: "RAPID 26.5°N", "45° N, 120° W".
        if coordinate := _COORDINATE.match(text, end):
            nums.append(_Num(start, coordinate.end(), value, "", NAME))
            continue
        # Joined to letters that are not a unit ("4o", "2023ixf", "3rd"): a name.
        if end < len(text) and text[end].isalpha() and unit_end == end:
            scale = re.match(r"(?:k|m|bn|mn)(?![\w])", text[end : end + 3])
            if text[end] in "xX×" and not text[end + 1 : end + 2].isalnum():
                unit, unit_end = "x", end + 1
            elif scale and _OUTCOME_BEFORE.search(before[-60:]):
                # An amount reached, in a scale's letter: "climbed to 1.1m", "rose to 40k".
                unit = {"k": "thousand", "m": "million", "b": "billion"}[scale.group(0)[0]]
                value *= _MULTIPLIERS[unit]
                unit_end = end + scale.end()
            else:
                nums.append(_Num(start, end, value, "", NAME))
                continue
        # A prefix × or x: "×3", "x2".
        if prev and prev in "×xX" and unit == "":
            unit = "x"
        if prev and prev in "$€£":
            currency = {"$": "$", "€": "EUR", "£": "GBP"}[prev]
            unit = f"{currency} {unit}" if unit in _SCALES else currency + unit
        elif re.search(r"\b(?:USD|EUR|GBP|US\$)\s*$", before):
            currency = "USD" if "US" in before[-5:] else before.strip()[-3:]
            unit = f"{currency} {unit}".strip()
        label, comparator = _label_before(before)
        kind = FIGURE if unit and unit not in _SCALES else COUNT  # "4 trillion tokens": a count
        if (
            _is_year(digits_text, "" if unit in ("USD", "EUR", "GBP", "$") else unit)
            and not comparator
        ):
            kind = NAME
        elif unit in ("days", "weeks", "months", "years"):
            kind = SETTING
        elif _NAME_BEFORE.search(before[-25:]) and not unit:
            kind = NAME
        elif _WHEN_BEFORE.search(before[-25:]) and not unit:
            kind = SETTING
        elif (
            not unit
            and _CAP_NAME_VERSION.search(before[-30:])
            and re.fullmatch(r"\d\.\d", digits_text)  # "Qwen 2.5"; "CodeRover-S 43.2" is a score
        ):
            word_match = _CAP_NAME_VERSION.search(before[-30:])
            word = word_match.group(1)
            word_start = start - len(before[-30:]) + word_match.start()
            opening = re.search(r"(?:^|[.:;!?(]\s*)$", text[max(0, word_start - 4) : word_start])
            if word.lower() not in MEASURES and not label and not opening:
                kind = NAME
        elif not unit and _SPACED_ACRONYM.search(before[-20:]):
            acronym = _SPACED_ACRONYM.search(before[-20:]).group(1)
            # A catalogue entry is an integer ("NGC 1275"), a version a small decimal
            # ("GPT 3.5"); "MBPP 60.7" is a score.
            version = re.fullmatch(r"\d\.\d", digits_text)
            if acronym in CURRENCIES:
                kind, unit = FIGURE, acronym  # "NOK 89/kg", "CHF 1,200": a price
            elif acronym.lower() not in MEASURES and (digits_text.isdigit() or version):
                kind = NAME
        if (
            kind != NAME
            and _HYPHEN_SETTING.match(text[unit_end : unit_end + 3])
            and unit in ("", "h", "d", "min", "s", "K")
        ):
            change = _HYPHEN_CHANGE.match(text[unit_end : unit_end + 40])
            if change and change["unit"] in _UNITS:
                kind, label = FIGURE, change["change"]
            else:
                kind = SETTING  # "16-dimensional", "4-bit", "5-shot", "100-step"
        if (
            kind != NAME
            and unit not in ("", "%", "pp", "x", "σ")
            and _NAMED_BY_AMOUNT.match(text, unit_end)
            and _DETERMINER_BEFORE.search(before[-8:])
        ):
            kind = NAME  # "the 3.5 keV line", "a 1.5 °C world", "the 2 °C scenarios"
        found = False
        if kind in (COUNT, FIGURE) and kind != NAME:
            if _SETTING_WORDS.search(before[-40:]) and kind == COUNT:
                kind = SETTING
            if kind == COUNT and (
                label or comparator not in ("", "~") or _plural_measure_before(before)
            ):
                kind = FIGURE
            if kind == COUNT and (
                "." in digits_text or "e" in digits_text.lower() or m["sign"] in ("+", "−")
            ):
                kind = FIGURE
            if kind == COUNT and _REPEAT_NOUN.match(text[unit_end:]):
                kind, unit = FIGURE, "cycles"
            found = (
                kind == COUNT
                and bool(
                    _OUTCOME_BEFORE.search(before[-60:])
                    or _OUTCOME_AFTER.match(text, unit_end)
                    or (
                        _OUTCOME_NOUN.match(text, unit_end)
                        and not _THRESHOLD_BEFORE.search(before[-24:])
                    )
                    # An estimate of a large number ("about 200,000 excess deaths", "over 16,000
                    # ommatidia", "an estimated 4 billion"): what was found, not a set-up's size.
                    or (
                        _APPROXIMATE_BEFORE.search(before[-24:])
                        and (abs(value) >= 1000 or unit in _SCALES)
                        and not _SAMPLE_AFTER.match(text, unit_end)
                    )
                )
            )
            if found:
                kind = FIGURE  # "rose to 2,800", "confirmed in 14 herds", "scored 510"
            if _N_EQUALS.search(before[-8:]):
                kind, label, comparator = COUNT, "n", "="
            if unit == "%" and _CI_LEVEL_AFTER.match(text[end:]):
                kind = SETTING
            if label.lower() in ("p",) and comparator:
                kind = FIGURE
        if kind == FIGURE and unit not in _RESULT_UNITS:
            if _AMOUNT_UNIT.match(unit) and _AMOUNT_OF.match(text[unit_end : unit_end + 30]):
                kind = SETTING  # "4,000 hours of speech", "3 seconds of audio", "2 g of catalyst"
            elif _CONDITION_UNIT.match(unit) and re.search(
                r"(?:\b(?:at|in)\s+|@\s*)(?:~|about\s+)?$", before
            ):
                kind = SETTING  # "at 44.1 kHz", "at 923 K", "in 1 mM KOH"
            elif _SETTING_WORDS.search(before[-40:]) and not re.search(r"\bat\s+\S*$", before):
                # A temperature in kelvin or degrees after a named temperature is measured
                # ("equilibrium temperature 387 K"); a sampling temperature has no unit.
                measured = unit in ("K", "°C", "°F") and re.search(
                    r"\b(?:equilibrium|surface|effective|brightness|dust|gas|mean|peak|"
                    r"critical|transition|melting|glass\s+transition|curie)\s+"
                    r"temperatures?\s*(?:of|=|:|was|is)?\s*$",
                    before,
                    re.I,
                )
                if not measured:
                    kind = SETTING
        if kind == FIGURE and _SETUP_NOUN_AFTER.match(text[unit_end:]):
            kind = SETTING  # "a 0.25° grid", "the 2% target", "0.05″ beam"
        # (a window on a longer text starts with a letter, so "^" is the text's own start)
        head_window = (
            text[max(0, start - 200) : start] if start <= 200 else "x" + text[start - 200 : start]
        )
        procedure = kind in (FIGURE, COUNT) and bool(
            _PROCEDURE_BEFORE.search(before[-60:]) or _PROCEDURE_HEAD.search(head_window)
        )
        if procedure:
            kind = SETTING  # "annealed at 150 °C", "Synth: 2 mmol …": how it was made
        role = "found" if found and kind == FIGURE else ""
        if uncertainty is not None and kind != NAME:
            kind = FIGURE  # an estimate with its spread
        nums.append(
            _Num(
                start,
                unit_end,
                value,
                unit,
                kind,
                role,
                uncertainty=uncertainty,
                label=label,
                comparator=comparator,
                procedure=procedure,
            )
        )
        pos = max(pos, unit_end)

    _relate(text, nums)
    found = [
        Quantity(
            value=n.value,
            text=text[n.start : n.end].strip(),
            start=n.start,
            end=n.end,
            unit=n.unit,
            kind=n.kind,
            role=n.role,
            baseline=n.baseline,
            uncertainty=n.uncertainty,
            label=n.label,
            comparator=n.comparator,
        )
        for n in nums
    ]
    found.extend(_word_quantities(text, found))
    found.sort(key=lambda q: q.start)
    return found


def _relate(text: str, nums: list[_Num]) -> None:
    """Comparisons, spreads, ranges and "N of M" between neighbouring numbers."""
    for i, n in enumerate(nums):
        if n.kind == NAME or n.procedure:
            continue
        nxt = nums[i + 1] if i + 1 < len(nums) else None
        between = text[n.end : nxt.start] if nxt else ""
        before = text[max(0, n.start - 40) : n.start]
        if nxt is None or nxt.kind == NAME or nxt.procedure:
            continue
        if _PLUS_MINUS.match(between) and _PLUS_MINUS.match(between).end() == len(between):
            nxt.role, nxt.kind = "uncertainty", FIGURE
            if _POWER_AFTER.search(text[nxt.start : nxt.end]) and not _POWER_AFTER.search(
                text[n.start : n.end]
            ):
                mantissa = re.match(r"[+−-]?(\d[\d,]*)?(\.\d+)?", text[nxt.start : nxt.end])
                digits = mantissa.group(0).lstrip("+−-").replace(",", "") if mantissa else ""
                if digits and float(digits):
                    n.value *= abs(nxt.value) / float(digits)
            n.uncertainty = abs(nxt.value)
            n.kind = FIGURE
            if not nxt.unit and n.unit:
                nxt.unit = n.unit
            if not n.unit and nxt.unit:
                n.unit = nxt.unit
            continue
        arrow = _ARROW.match(between)
        if (arrow and arrow.end() == len(between)) or (
            _FROM_BEFORE.search(before)
            and re.fullmatch(r"\s*(?:to|→|->)\s*(?:about\s+|roughly\s+)?", between)
        ):
            n.role, nxt.role = "from", "to"
            nxt.baseline = n.value
            n.kind = nxt.kind = FIGURE
            n.unit = n.unit or nxt.unit
            nxt.unit = nxt.unit or n.unit
            continue
        rng = _RANGE_SEP.match(between)
        interval = _CI_BEFORE.search(before)
        if (
            rng
            and (
                between.strip() in ("–", "—", "-")
                or _BETWEEN_BEFORE.search(before)
                or (between.strip() == "to" and (n.unit or nxt.unit) and n.unit in ("", nxt.unit))
            )
            and (interval or n.unit == nxt.unit or not n.unit)
        ):
            n.role, nxt.role = "low", "high"
            if n.kind != SETTING:
                n.unit = n.unit or nxt.unit
            counted = n.kind in (COUNT, SETTING) and nxt.kind in (COUNT, SETTING)
            if counted and not (interval or n.unit or _BETWEEN_BEFORE.search(before)):
                continue
            if n.kind != SETTING or interval:
                n.kind = nxt.kind = FIGURE
            continue
        weak = between.strip() in ("and", "/", "over")
        if (
            _VERSUS.match(between)
            and n.kind != SETTING
            and (not weak or FIGURE in (n.kind, nxt.kind))
        ):
            n.kind = nxt.kind = FIGURE
            n.role = n.role or "compared"
            nxt.role = nxt.role or "compared"
            nxt.unit = nxt.unit or n.unit
            continue
        of = _OF_AFTER.match(between)
        if of and of.end() == len(between) and n.kind in (COUNT, FIGURE) and not n.unit:
            n.kind, n.role = FIGURE, "part"
            nxt.role = "of"
            nxt.kind = COUNT
            continue
        if (
            re.fullmatch(r"\s*/\s*", between)
            and not n.unit
            and not nxt.unit
            and n.kind == COUNT
            and not re.match(r"\s*(?:day|yr|year|month|week|h\b)", text[nxt.end : nxt.end + 8])
        ):
            n.kind, n.role = FIGURE, "part"
            nxt.role, nxt.kind = "of", COUNT
    # A number inside a confidence interval after a figure is a figure.
    for n in nums:
        before = text[max(0, n.start - 40) : n.start]
        if n.kind == COUNT and _CI_BEFORE.search(before):
            n.kind = FIGURE
            n.role = n.role or "low"


def _word_quantities(text: str, numbers: list[Quantity]) -> list[Quantity]:
    """Numbers in words that state a change: "twofold", "doubled", "halves", "a third"."""
    found = []
    for m in _WORD_QUANTITIES.finditer(text):
        if any(q.start <= m.start() < q.end for q in numbers):
            continue
        if m["fold"]:
            value, unit = float(_NUMBER_WORDS[m["fold"].lower()]), "x"
        elif m["change"]:
            bare = m.group(0).lower().endswith("e")
            verb = _CHANGE_VERB_AFTER.match(text, m.end()) or _CHANGE_VERB_BEFORE.search(
                text[max(0, m.start() - 12) : m.start()]
            )
            if bare and not verb:
                continue
            value = {"doubl": 2.0, "tripl": 3.0, "quadrupl": 4.0}[m["change"].lower()]
            unit = "x"
        elif m["halve"]:
            value, unit = 0.5, "x"
        elif m["frac"]:
            if _PART_BEFORE.search(text[max(0, m.start() - 12) : m.start()]):
                continue
            if re.match(r"\s+of\s+the\s+way\b", text[m.end() : m.end() + 20]):
                continue
            n = 1 if m["frac_n"].lower() in ("a", "one") else _NUMBER_WORDS[m["frac_n"].lower()]
            value, unit = n * _FRACTIONS[m["frac"].lower()], ""
        elif m["times"]:
            if not re.match(
                r"\s+(?:as|the|its|their|more|less|higher|lower|faster|slower|that)\b",
                text[m.end() : m.end() + 12],
                re.I,
            ):
                continue
            value, unit = (2.0 if m["times"].lower() == "twice" else 3.0), "x"
        elif m["nt"]:
            value, unit = float(_NUMBER_WORDS[m["nt"].lower()]), "x"
        else:
            value, unit = 10.0, "x"
        found.append(
            Quantity(value=value, text=m.group(0).strip(), start=m.start(), end=m.end(), unit=unit)
        )
    return found


def figures(text: str) -> list[Quantity]:
    """The quantities of the text that state a result or a measurement."""
    return [q for q in quantities(text) if q.kind == FIGURE]
