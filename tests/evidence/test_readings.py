"""What the words say was read, in wordings the rules were widened for: each sentence here
is written for the test, none is taken from a labelled set."""

import pytest

from evidence import claim_findings

# (the claim, the words at the head of its section, the page's shape, the level expected)
READINGS = [
    # The original paper, reached by the writer: full text, over a feed's default.
    (
        "We went back to the Okoye et al. paper itself: the rate is 4.2 per year.",
        "",
        "digest",
        "full_text",
    ),
    (
        "Went to the original Nature paper; the 12% holds for one cohort only.",
        "",
        "digest",
        "full_text",
    ),
    (
        "We have read both the main text and the extended data: the effect is 0.3 SD.",
        "",
        "digest",
        "full_text",
    ),
    ("Read it carefully (methods + trial protocol): 18% switched arms.", "", "digest", "full_text"),
    (
        "Checked Fig. S7 in the supplement: the yield drops to 61% at scale.",
        "",
        "digest",
        "full_text",
    ),
    # Only the summary, however the sentence turns.
    (
        "We only went through the abstract; it reports a 2.1-fold rise.",
        "",
        "digest",
        "abstract_only",
    ),
    ("The abstract we read gives no figures for the control arm.", "", "digest", "abstract_only"),
    (
        "The consortium's release paper abstract says 'thousands of genomes'.",
        "",
        "digest",
        "abstract_only",
    ),
    # Passed on by others, named in the section's head.
    (
        "The probe held 250 units for 6 weeks.",
        "Posters at the spring meeting, relayed by Ana and Kofi; none of us saw them",
        "notes",
        "secondary",
    ),
    (
        "The catalyst reaches 95% conversion in 2 h.",
        "Notes from Prof. Lindqvist's seminar, 9 May",
        "notes",
        "secondary",
    ),
    # The writer's own verdict, however it is put.
    ("Honestly, the memory gains look oversold to us.", "", "digest", "editorial"),
    (
        "We don't buy the subgroup result: twelve subgroups, no correction.",
        "",
        "digest",
        "editorial",
    ),
    (
        "A TON of 30,000 is impressive, but we'd want an independent replication first.",
        "",
        "digest",
        "editorial",
    ),
    (
        "Quantum yield 91% — we'd want the integrating-sphere details before citing it.",
        "",
        "digest",
        "editorial",
    ),
    (
        "Responses shrink 20% with repetition — we find their adaptation model unconvincing.",
        "",
        "digest",
        "editorial",
    ),
    # A part of the paper as the source, or read with care.
    ("The supplement tables show the yield holds at 2 kg scale.", "", "digest", "full_text"),
    ("The safety section of the full report lists 3 serious events.", "", "digest", "full_text"),
    ("SI read closely: the catalyst loses 4% per cycle.", "", "digest", "full_text"),
    (
        "The drift is 0.2 mm/yr.",
        "Reading group - we read each one carefully",
        "digest",
        "full_text",
    ),
    ("The drift is 0.2 mm/yr.", "Full-paper checks by the hydrology team", "digest", "full_text"),
    # A heading naming abstracts as the source, or the papers not out yet.
    (
        "Yields rose 11% under the new tillage.",
        "ASA 2026 poster abstracts",
        "notes",
        "abstract_only",
    ),
    (
        "Yields rose 11%.",
        "From the symposium abstracts; full papers not out yet",
        "notes",
        "abstract_only",
    ),
    (
        "Yields rose 11%.",
        "Talks at the spring meeting - not yet published in full",
        "notes",
        "abstract_only",
    ),
    # Another paper's related work, or a review putting a figure at a value.
    ("The related-work section of Ito et al. cites a 2-fold rise.", "", "notes", "secondary"),
    ("A review article (Cell, 2025) puts the response rate at 41%.", "", "notes", "secondary"),
    # The writer's own judgement, labelled or after a full reading.
    ("Speculative: the drift may come from the sensor mount.", "", "notes", "editorial"),
    ("Lab note (opinion): a 2% gain is within noise.", "", "notes", "editorial"),
    (
        "Having checked every figure in the full paper, we still don't buy the 4% gain.",
        "",
        "digest",
        "editorial",
    ),
    # The writers handling the paper's own materials, with or without a subject.
    (
        "We re-ran the released Stan model on their posted data: the slope is 0.41, not 0.44.",
        "",
        "digest",
        "full_text",
    ),
    (
        "Re-plotted the authors' tide-gauge series ourselves; the trend is 3.1 mm/yr.",
        "",
        "digest",
        "full_text",
    ),
    (
        "The dose curves in Supplementary Figure 4, which we traced by hand, flatten at 20 mg.",
        "",
        "notes",
        "full_text",
    ),
    (
        "Replication files executed on our side: 7 of 9 estimates reproduce.",
        "",
        "digest",
        "full_text",
    ),
    # ... but not when the handling is denied or still to come.
    (
        "Their posted data we have not opened; the slope is said to be 0.41.",
        "",
        "notes",
        "abstract_only",
    ),
    (
        "We plan to rerun their code next month; the paper reports 12% savings.",
        "",
        "notes",
        "unmarked",
    ),
    # The makers' own institution as the source: a summary by the makers.
    (
        "The university's media office, on its own lab's trial, gives a 30% fall in falls.",
        "",
        "digest",
        "abstract_only",
    ),
    # A heading naming the kind of source, and one naming a topic.
    (
        "Ridership rose 9% in the first year.",
        "Overheard at the transit conference",
        "notes",
        "secondary",
    ),
    (
        "Ridership rose 9% in the first year.",
        "Posters from the spring meeting",
        "notes",
        "abstract_only",
    ),
    ("Ridership rose 9% in the first year.", "Desk view", "notes", "editorial"),
    ("Ridership rose 9% in the first year.", "Ridership", "notes", "unmarked"),
    # The material read in the passive, the reader unsaid; a section label after "Sec.".
    (
        "The cohort flow diagram and eTable 2 were both checked: 412 of 600 stayed.",
        "",
        "digest",
        "full_text",
    ),
    ("Loss fell to 3% of input, verified in Sec. III of the full text.", "", "digest", "full_text"),
    (
        "No change in yield at 2 years (ratio 0.98), per Table 4, both read.",
        "",
        "digest",
        "full_text",
    ),
    # A maker's own release by name; a figure taken on someone's word.
    (
        "Per the Hale Institute's own release on its drought trial, wheat yields rose 11%.",
        "",
        "digest",
        "abstract_only",
    ),
    (
        "The ministry's bulletin puts arrests down 6% (we took the bulletin's word for it).",
        "",
        "notes",
        "secondary",
    ),
    ("Ridership rose 9% in the first year.", "What the industry is saying", "notes", "secondary"),
    ("Ridership rose 9% in the first year.", "How we weigh it", "notes", "editorial"),
    # A reading denied after the thing named, or by a hyphenated verb: never full text.
    (
        "The full appendix we could not open; the abstract gives 14% lower emissions.",
        "",
        "notes",
        "abstract_only",
    ),
    (
        "In the agency's assessment report (which we did not cross-check) melt is 0.4 m a year.",
        "",
        "notes",
        "secondary",
    ),
    (
        "Proof-read the whole paper for the group: the drop is 0.3 points.",
        "",
        "digest",
        "full_text",
    ),
    # The writers' own leaning, forecast or estimate.
    (
        "We lean towards a measurement artefact here, not a real 9% effect.",
        "",
        "digest",
        "editorial",
    ),
    ("We'd put the true uptake nearer 40% than the 62% claimed.", "", "digest", "editorial"),
    # The reading denied between its subject and verb: never full text, even on a feed.
    ("We never got the full paper, so the 31% is from the listing.", "", "digest", "abstract_only"),
    ("Summary only; we never got the full text: yields rose 9%.", "", "notes", "abstract_only"),
    # The cue words misspelt or shortened: "manuscirpt", "full ms", "suppl.".
    ("Read the entire manuscirpt: relapse fell to 14%.", "", "digest", "full_text"),
    ("Full ms read, code included: the error halves.", "", "digest", "full_text"),
    ("Went through the tables in the suppl. ourselves: 2.1 mm/day.", "", "digest", "full_text"),
    (
        "Soil respiration is 3.4 g/m² per day, checked in the data repository myself.",
        "",
        "digest",
        "full_text",
    ),
    # Someone else heard or cited it: a person who heard, another paper's introduction.
    ("A postdoc at the workshop heard the group abandoned the cohort.", "", "notes", "secondary"),
    ("Cited in a later paper's related work: friction drops 30%.", "", "notes", "secondary"),
    ("A trade-magazine piece says output fell 8%.", "", "notes", "secondary"),
    # The authors' own channels and institutions, said to be theirs.
    ("The investigators' own poster showed relapse down 18%.", "", "notes", "abstract_only"),
    ("Authors' slides from the spring meeting: uptake rose 6%.", "", "notes", "abstract_only"),
    ("The authors' highlights: 12% of wells exceed the limit.", "", "digest", "abstract_only"),
    (
        "The institute's press release (the lead author is based there) says loss fell 30%.",
        "",
        "digest",
        "abstract_only",
    ),
    # A writer of the notes, the paper's inner parts read, a verdict on a figure.
    (
        "My co-author downloaded the authors' raw scans and re-measured: 41 mm.",
        "",
        "digest",
        "full_text",
    ),
    (
        "Supplement and methods consulted: pellets were sintered at 900 °C.",
        "",
        "digest",
        "full_text",
    ),
    ("The trial paper (methods, appendix) reports a 22% drop.", "", "notes", "full_text"),
    (
        "Having read the full paper, we still consider a 2% gain unconvincing.",
        "",
        "digest",
        "editorial",
    ),
    # A briefing, a review that tallies others' studies: others' words.
    ("Per an NGO briefing, catches fell 12%.", "", "notes", "secondary"),
    ("A review in Marine Policy tallies 14 studies of bycatch.", "", "notes", "secondary"),
    # "Where we stand" heads the writers' view only over claims that judge.
    ("Pumps failed in 9% of sites over the winter.", "Where we stand", "notes", "unmarked"),
    ("Cheaper pumps will likely matter more than sensors.", "Where we stand", "notes", "editorial"),
    # A claim's lead read as its heading: the team's own forecast over a feed's default.
    ("Team forecast: two more reactors will close by 2031.", "", "digest", "editorial"),
    ("Desk judgement — the trawl ban came too late for cod.", "", "digest", "editorial"),
    ("Q for the team: is a 3% gain worth it? My answer is no.", "", "digest", "editorial"),
    ("Podcast item (Reef Talk): bleaching covered 61% of the reef.", "", "notes", "secondary"),
    ("Not my reading: the authors say the gain vanishes at scale.", "", "notes", "unmarked"),
    # The team's own judgement named in a section's scope, or as the subject that reads.
    (
        "Levees are overbuilt for 1-in-50 events.",
        "The team's own assessment of levee design.",
        "notes",
        "editorial",
    ),
    (
        "The team reads the flat result as underpowered, not null (n = 90).",
        "",
        "notes",
        "editorial",
    ),
    ("Team consensus is that the effect is incremental.", "", "notes", "editorial"),
    # Figures taken from the paper's inner parts, by the section or in the claim's lead.
    (
        "Conversion reached 88% at 60 °C.",
        "Yields in this section were taken from the SI of each paper.",
        "notes",
        "full_text",
    ),
    (
        "Mortality fell by 12%.",
        "Numbers here were read off the papers' own tables.",
        "notes",
        "full_text",
    ),
    ("Supplement Table S4: 9% of controls crossed over by month 6.", "", "notes", "full_text"),
    ("Methods section of Ito et al.: only one rater scored the scans.", "", "notes", "full_text"),
    ("Appendix B2 puts nest density at 3.1 per hectare.", "", "notes", "full_text"),
    ("We re-analysed the IPD from the data portal: HR 0.91.", "", "notes", "full_text"),
    ("Re-ran the authors' input files: the barrier is 19.8 kcal/mol.", "", "notes", "full_text"),
    ("Presumably taken from the tables: 71% on the held-out set.", "", "notes", "unmarked"),
    # Another work's account of a finding.
    (
        "As cited in the review by Ruiz and Hale, the 111 facet drives selectivity.",
        "",
        "notes",
        "secondary",
    ),
    (
        "Cited in the introduction of Park et al.: herbivory halves seedling survival.",
        "",
        "notes",
        "secondary",
    ),
    (
        "Tax elasticities cluster near 0.3.",
        "Figures are as reported in the Annual Review survey; the originals were not consulted.",
        "notes",
        "secondary",
    ),
    # The makers' own channels: a talk, a lecture, a press conference; said of any maker.
    (
        "From the PI's talk at the spring meeting: relapse fell by 30%.",
        "",
        "notes",
        "abstract_only",
    ),
    ("Per the lead author's lecture, the drought cut yields by 14%.", "", "notes", "abstract_only"),
    (
        "Per the authors' press conference, sea ice thinned by 20 cm.",
        "Read in full.",
        "notes",
        "abstract_only",
    ),
    (
        "Lynx numbers passed 120 adults.",
        "These items summarise the projects' own news releases.",
        "digest",
        "abstract_only",
    ),
    (
        "The new mirror saw first light.",
        "Digest of press releases from the telescopes themselves.",
        "digest",
        "abstract_only",
    ),
    # A reservation about a relayed figure is an aside: the claim is as its source was read.
    (
        "A trade newsletter reports a 20% drop in hiring; we are sceptical of the controls.",
        "",
        "notes",
        "secondary",
    ),
    (
        "Newsletter item (Lab Weekly): the polymer unzips above 120 °C. We doubt the purity claim.",
        "",
        "notes",
        "secondary",
    ),
    (
        "The polymer unzips above 120 °C, but we would want an independent replication.",
        "",
        "notes",
        "editorial",
    ),
    # The writers' judgement, however they put their name to it.
    ("We remain unpersuaded that the sorbent survives humid cycling.", "", "digest", "editorial"),
    ("We are, all things considered, wary of the 40% claim.", "", "notes", "editorial"),
    ("I'm frankly still not sold on the cohort's 12% uptake.", "", "notes", "editorial"),
    ("We would cautiously suggest that the dating is off by a stage.", "", "notes", "editorial"),
    ("A 0.2 mm shift looks far too tidy to me.", "", "notes", "editorial"),
    ("For us the case for a second peak is thin.", "", "digest", "editorial"),
    ("It is the view of the editors that the index overstates the fall.", "", "notes", "editorial"),
    ("In the editors' estimation the model is not yet usable.", "", "notes", "editorial"),
    ("Our considered, if tentative, view: the trend is seasonal.", "", "notes", "editorial"),
    (
        "Culling is not warranted by a 3-fold rise; this is the team's interpretation.",
        "",
        "notes",
        "editorial",
    ),
    ("Went through every table, still reckon the 9% is a fluke.", "", "notes", "editorial"),
    # A judgement on what was read in full, in a later sentence, is still the writers' own.
    (
        "Full paper and SI read. Our verdict: the baseline is mis-specified.",
        "",
        "notes",
        "editorial",
    ),
    (
        "Read it in full. Honestly, the paper is mostly about the sampler; 7% in Table 4.",
        "",
        "notes",
        "full_text",
    ),
    # Material redone, by the writers or for the section.
    (
        "Recomputed the anomaly from the gridded reanalysis files ourselves: 0.9 K.",
        "",
        "notes",
        "full_text",
    ),
    ("Refit their mixed model from the Zenodo data; slope 0.31.", "", "notes", "full_text"),
    ("The 14% was checked vs. Table 3 of paper.", "", "digest", "full_text"),
    (
        "Slopes near 0.4.",
        "Every estimate here was re-derived from the authors' posterior chains.",
        "notes",
        "full_text",
    ),
    (
        "Decline of 30% since 1990.",
        "Values below were checked against the original data archives.",
        "notes",
        "full_text",
    ),
    # Someone else redoing it is their report, not the writers' reading.
    ("Third parties reproduced it and got 2 points less.", "", "notes", "secondary"),
    # Only the summary, however briefly said.
    ("(Read: abstract.) The ligand raises yield to 88%.", "", "notes", "abstract_only"),
    ("Rises 12% a year (first-page figures; did not read further).", "", "digest", "abstract_only"),
    (
        "We read the abstract ourselves; the paper itself, no. Dispersion 20 km/s.",
        "",
        "digest",
        "abstract_only",
    ),
    (
        "The authors' summary, and nothing beyond it, gives a 30% drop.",
        "",
        "digest",
        "abstract_only",
    ),
    ("We read only abstract here: 15% of sites lost.", "", "digest", "abstract_only"),
    ("We did not went beyond the abstract; deposits fall 8%.", "", "notes", "abstract_only"),
    (
        "Vents emit 2 t a day.",
        "The following were summarised from abstracts.",
        "notes",
        "abstract_only",
    ),
    (
        "A 9-point drop at week 6 - the abstract was the extent of our reading.",
        "",
        "digest",
        "abstract_only",
    ),
    # The writers' verdict with no one named: a recommendation, a verdict on a claim, a
    # synthesis, irony, a forecast without a figure; after a full reading too.
    ("Melt rates from one summer should be treated as a ceiling.", "", "notes", "editorial"),
    ("Another 'room-temperature' magnet claim. Skip.", "", "digest", "editorial"),
    ("Treat the 12% as an upper bound on uptake.", "", "notes", "editorial"),
    ("The 'superfood' label is dressed up as nutrition science.", "", "notes", "editorial"),
    ("Credit markets for restored peat are running ahead of the data.", "", "notes", "editorial"),
    (
        "Putting the two grazing trials together, fencing matters more than stocking.",
        "",
        "notes",
        "editorial",
    ),
    ("Ironic that the audit of audits cites no audit.", "", "digest", "editorial"),
    (
        "The hype around the new sorbent will fade once the cycling data appear.",
        "",
        "digest",
        "editorial",
    ),
    (
        "Read in full: the pooled estimate doesn't hold up once one site is dropped.",
        "",
        "digest",
        "editorial",
    ),
    ("Full trial report read. Heroic.", "", "notes", "editorial"),
    ("Biomass recovery is real but much smaller than first thought.", "", "notes", "editorial"),
    ("Team hunch: the second peak is a calibration artefact.", "", "digest", "editorial"),
    # Someone else's recommendation, a writer's plan or a surname is no verdict of theirs.
    ("The authors argue that doses should be lowered by a third.", "", "notes", "unmarked"),
    ("I should read the appendix before citing the 3% gain.", "", "notes", "unmarked"),
    ("Park et al. report that the lattice relaxes in 40 ps.", "", "notes", "unmarked"),
    # The paper's figures or data worked on by the writers.
    ("Digitised the Fig. 4 survival curves: median 14 months.", "", "digest", "full_text"),
    ("Pulled the daily station files ourselves; the anomaly is 1.2 K.", "", "notes", "full_text"),
    (
        "Emailed the authors for the plot-level file; 31 of 40 plots recovered.",
        "",
        "notes",
        "full_text",
    ),
    (
        "The lake's catch fell 30%; the paper itself, not opened, was cited by a blog.",
        "",
        "notes",
        "secondary",
    ),
    # Judgements given as the writers' own in yet other words.
    (
        "Having read it all, the trial leaves us uneasy about the crossover.",
        "",
        "notes",
        "editorial",
    ),
    (
        "The supplement didn't change our mind: the dose arm is underpowered.",
        "",
        "notes",
        "editorial",
    ),
    ("Not the panel's reading but ours: the 4% gain is within noise.", "", "notes", "editorial"),
    ("Bottom line: keep the older regimen for frail patients.", "", "digest", "editorial"),
    (
        "Taken together, the three cohorts point to confounding by smoking.",
        "",
        "notes",
        "editorial",
    ),
    ("Lab recommendation: switch to the cheaper ligand for scale-up.", "", "notes", "editorial"),
    ("A pity the trial stopped at half its planned events.", "", "digest", "editorial"),
    ("The single-centre arm is the one to trust.", "", "notes", "editorial"),
    # The paper's parts named first, then the reading, as a label.
    (
        "Whole report incl. appendices worked through: 12% fewer admissions.",
        "",
        "digest",
        "full_text",
    ),
    ("Protocol and SAP were read: the endpoint moved before unblinding.", "", "notes", "full_text"),
    ("IPD obtained from the sponsor and re-analysed: HR 0.88.", "", "notes", "full_text"),
    ("Re-integrated the GC traces from their raw files: 91% not 94%.", "", "notes", "full_text"),
    (
        "Only the results entry on the registry was seen: 300 enrolled.",
        "",
        "notes",
        "abstract_only",
    ),
    ("A hospital pharmacist said the 2 mg dose causes more falls.", "", "notes", "secondary"),
    # A team member's label, a comparison of trials, a sigh, the writers' own practice.
    ("Registrar's take: the 2 mmHg drop will not change prescribing.", "", "digest", "editorial"),
    ("Forecast from the group: the agency will cap the dose at 5 mg.", "", "digest", "editorial"),
    ("Comparing the two cohorts, the 9% gap is mostly case mix.", "", "notes", "editorial"),
    (
        "Across the three outcome trials the benefit looks similar, about 10%.",
        "",
        "notes",
        "editorial",
    ),
    ("Of course the open-label extension found it well tolerated.", "", "digest", "editorial"),
    (
        "Yet another 'record' quarter - the word has stopped meaning anything.",
        "",
        "digest",
        "editorial",
    ),
    ("Until the trial reports we would keep treating case by case.", "", "notes", "editorial"),
    # The makers' own summary, a registry entry, the full text shortened in a label.
    (
        "Lead author's thread on the cohort paper: risk halves with the new regimen.",
        "",
        "digest",
        "abstract_only",
    ),
    (
        "Lay summary from the investigators: no better than usual care.",
        "",
        "digest",
        "abstract_only",
    ),
    ("From the ClinicalTrials.gov entry: 4,000 to be randomised.", "", "notes", "abstract_only"),
    ("(FT + code) The model gives 0.4 K of extra warming.", "", "notes", "full_text"),
    # Someone else: a drug rep.
    ("A drug rep said the new inhaler halves exacerbations.", "", "notes", "secondary"),
    # Only the summary, in shorthand.
    ("Yield 71% at 5 mol% (abs. skimmed, nothing more).", "", "notes", "abstract_only"),
    ("Saw only the TOC graphic + abstract: 9-fold faster.", "", "digest", "abstract_only"),
    (
        "As the abstract states, 2 t/ha more, which is as far as reading went.",
        "",
        "notes",
        "abstract_only",
    ),
    # Had from someone's piece, however it is said.
    ("Half the glaciers gone by 2100 - picked from a Guardian article.", "", "notes", "secondary"),
    ("I only have the 40% through a Noahpinion post.", "", "notes", "secondary"),
    ("A 3 K rise (Quanta coverage, paper not opened).", "", "notes", "secondary"),
    ("Removal above 99%, according to the Chem. Rev. overview.", "", "notes", "secondary"),
    # The source named as a tag, or other papers' framing.
    (
        "Ferry emissions fall 20% with the new hulls - a Guardian news story.",
        "",
        "notes",
        "secondary",
    ),
    ("Yields up 5%. (Trade-press piece, not the paper.)", "", "notes", "secondary"),
    ("The Nature Rev. Chem. review gives 3 mS/cm for the best glass.", "", "notes", "secondary"),
    (
        "Rates rose 13%.",
        "Numbers here are taken from the related-work sections of later papers.",
        "notes",
        "secondary",
    ),
    # A sentence that only names its source, as a scope or after the claim.
    ("Heat deaths rose by a third.", "From the EEA's briefing.", "notes", "secondary"),
    ("Heat deaths rose by a third. Via a colleague at the meeting.", "", "notes", "secondary"),
    ("Heat deaths rose by a third.", "From the 2019 cohort.", "notes", "unmarked"),
    # No one of the writers read it: the talks a colleague heard are the source.
    (
        "HR 0.82 for the primary outcome.",
        "From Ana's notes on the sessions: she heard the talks, nobody has read the papers.",
        "digest",
        "secondary",
    ),
    # The primary papers not checked: what was read is others' account of them.
    (
        "Yields rose 8%.",
        "Taken from two review articles; primary papers not checked.",
        "notes",
        "secondary",
    ),
    (
        "Yields rose 8%.",
        "From an agency outlook, not the primary literature.",
        "notes",
        "secondary",
    ),
    (
        "Yields rose 8%.",
        "We did not go back to the primary papers for this part.",
        "notes",
        "secondary",
    ),
    ("The primary endpoint was not met: HR 0.97.", "", "notes", "unmarked"),
    # Someone's summary in a channel, a hat tip, a named doctor who speaks.
    (
        "From the guideline summary in a society newsletter: bleeding fell 20%.",
        "",
        "notes",
        "secondary",
    ),
    ("Lp(a) fell 80% at 36 weeks — h/t a lipid newsletter.", "", "notes", "secondary"),
    ("Dr Mensah, who attended the session, says the effect vanished.", "", "notes", "secondary"),
    # The makers' own talk, release or thread.
    ("We have only seen the presenter's slides; HR 0.84.", "", "notes", "abstract_only"),
    ("Registry results summary for TRIAL-7: success 70% vs 69%.", "", "digest", "abstract_only"),
    (
        "d = 0.02 across 36 sites.",
        "Presented at the spring convention by the lead author.",
        "digest",
        "abstract_only",
    ),
    (
        "The institute's press release, written with the authors, gives 3σ.",
        "",
        "notes",
        "abstract_only",
    ),
    (
        "Rate 4%.",
        "We have only the authors' social-media thread on this.",
        "digest",
        "abstract_only",
    ),
    (
        "The journal paper is not in our library access yet; the abstract gives 12%.",
        "",
        "notes",
        "abstract_only",
    ),
    # The paper or its parts read, however it is said.
    (
        "Rates fell 9%.",
        "Full papers, protocols and SAPs read for this section.",
        "notes",
        "full_text",
    ),
    ("Rates fell 9%.", "Journal club: paper + all supp read.", "digest", "full_text"),
    (
        "Went through Ortiz et al. 2022 (Science) in full: 90% of the loss was farmland.",
        "",
        "digest",
        "full_text",
    ),
    ("We checked the Halvorsen lensing paper directly: 500 candidates.", "", "digest", "full_text"),
    ("In the SI the success is counted with loose matching criteria.", "", "digest", "full_text"),
    ("Appendix B, table 4 (went through it properly): 4.7 M deaths.", "", "notes", "full_text"),
    (
        "The paper itself has not yet been read by us; the release gives 900 Wh/L.",
        "",
        "notes",
        "abstract_only",
    ),
    # The writers' own call, however it is labelled.
    ("Team's view for now — we keep the full IV course.", "", "notes", "editorial"),
    ("Our two cents: that drop looks too good to be true.", "", "digest", "editorial"),
    ("Bottom line for the ministry: the budget, not efficacy, binds.", "", "digest", "editorial"),
    ("Policy implication: capacity, not chemistry, is the bottleneck.", "", "digest", "editorial"),
    (
        "Putting the two trials side by side, we read the gain as mostly adherence.",
        "",
        "notes",
        "editorial",
    ),
    ("We'd push for brightness caps in licensing.", "", "digest", "editorial"),
    (
        "We consider a gain of 0.10 grade points too small to justify the rollout.",
        "",
        "notes",
        "editorial",
    ),
    # A lead with a dotted name, an abstract on a work, a paper not read, data re-run.
    ("ClinicalTrials.gov results summary for X-1: 70% vs 69%.", "", "digest", "abstract_only"),
    ("ASHG abstract on the follow-up: 40% colocalise.", "", "digest", "abstract_only"),
    ("Paper itself (Lee 2020) not yet read by us; 900 Wh/L.", "", "notes", "abstract_only"),
    (
        "The data of Orr (2019) were downloaded and the spec-curve analysis re-run.",
        "",
        "digest",
        "full_text",
    ),
    ("We checked the Ford et al. data files ourselves: 130 Gt left.", "", "notes", "full_text"),
    (
        "Rates rose 7%.",
        "Relayed from the state's weekly briefing; papers not seen.",
        "notes",
        "secondary",
    ),
    # The makers' own communications; the writers' pooling, verdicts and labels.
    ("Acme medical information letter: 13.6% vs 2.2% at 64 weeks.", "", "digest", "abstract_only"),
    ("Zeta investor slides (TRIAL-1): SBP down 14 mmHg.", "", "digest", "abstract_only"),
    (
        "GP adviser got the whole paper plus supplement: 0.78 vs 1.24 %/yr.",
        "",
        "notes",
        "full_text",
    ),
    ("We'd hold off anticoagulating short episodes locally.", "", "notes", "editorial"),
    (
        "Oncology view (mine, on secondment): the OS HR of 0.49 outweighs it.",
        "",
        "notes",
        "editorial",
    ),
    (
        "Pooling the three recent meta-analyses ourselves: below 1 per 10,000.",
        "",
        "digest",
        "editorial",
    ),
    (
        "Honestly this one is from the interaction table; we didn't find the primary study.",
        "",
        "notes",
        "secondary",
    ),
    ("Synthesis of TRIAL-4 and TRIAL-6: we'd sequence A before B.", "", "digest", "editorial"),
    (
        "Our recommendation, not the magazine's: stop calling it low-resource.",
        "",
        "digest",
        "editorial",
    ),
    ("Having read the full paper, not convinced by the emergent claim.", "", "notes", "editorial"),
    ("Went through the MATTERHORN methods line by line: EFS HR 0.71.", "", "notes", "full_text"),
    ("Checked the counts ourselves in the corpus: 18% to 41%.", "", "digest", "full_text"),
    ("A record 38 Mt, as described in the Methods.", "", "digest", "full_text"),
    (
        "Rates fell 4%.",
        "From the lab's press release (the authors' lab); paper itself not read.",
        "digest",
        "abstract_only",
    ),
    ("Education Week reported reading down 2 points.", "", "notes", "secondary"),
    ("According to the Decadal Survey, the orbiter is the top priority.", "", "notes", "secondary"),
    # The IPCC's assessment is a reading of others' papers; its scenarios are no source.
    (
        "The IPCC AR6 sea-level chapter assesses ice-cliff instability as low confidence.",
        "",
        "notes",
        "secondary",
    ),
    ("Under the IPCC SSP2-4.5 scenario the model warms 2.7 K.", "", "notes", "unmarked"),
    # "One" as the writer, and the writers as an institution.
    ("One remains unpersuaded that the leaf is news.", "", "digest", "editorial"),
    ("Colour me doubtful that a 1% leaf matters.", "", "digest", "editorial"),
    (
        "Two evenings with the full paper have not cured one of doubting it.",
        "",
        "digest",
        "editorial",
    ),
    ("The committee suspects that nausea unblinded some participants.", "", "notes", "editorial"),
    (
        "Staff assessment: the estimates are too imprecise to anchor policy.",
        "",
        "notes",
        "editorial",
    ),
    ("Our office will assume 1.0 m of sea-level rise by 2100.", "", "notes", "editorial"),
    (
        "The group's call is that the estimates should not be carried over.",
        "",
        "notes",
        "editorial",
    ),
    ("Recommendation from staff: drop the 'certain collision' line.", "", "digest", "editorial"),
    ("The NICE committee recommends the drug for adults.", "", "notes", "unmarked"),
    ("Stats corner: one season, one site, and a 0.41 t/ha difference.", "", "digest", "editorial"),
    ("Statistician's comment: the windows overlap.", "", "digest", "editorial"),
    # Read in full, however the papers are named or fetched.
    (
        "Rates rose 4%.",
        "Papers the physics teacher read in full, arXiv versions.",
        "notes",
        "full_text",
    ),
    ("Having read all of Jardim et al. on Seattle: hours fell 9%.", "", "notes", "full_text"),
    (
        "TRIAL-X has been read from start to finish; 91% met the endpoint.",
        "",
        "digest",
        "full_text",
    ),
    (
        "The full JAMA paper was pulled afterwards and checked: 92.7% vs 3.3%.",
        "",
        "digest",
        "full_text",
    ),
    (
        "Read the whole Carniani et al. (Nature 2024) paper: mass ~4×10^8.",
        "",
        "digest",
        "full_text",
    ),
    # The authors speaking for themselves, in person or in their own release.
    (
        "Heard the lead author herself on a podcast: 90% kept after 1,000 h.",
        "",
        "digest",
        "abstract_only",
    ),
    (
        "Aspen announces, in its own press release, that first patients were dosed.",
        "",
        "digest",
        "abstract_only",
    ),
    ("Age 7 Gyr.", "Written from the discovery-team press release.", "digest", "abstract_only"),
    (
        "Palmer and colleagues (JNCI) found no cancers among those immunised.",
        "",
        "notes",
        "unmarked",
    ),
    # Someone else's figures, or none of the writers reading.
    (
        "r* of 2% is quoted from a Financial Times article; the box was not consulted.",
        "",
        "notes",
        "secondary",
    ),
    (
        "A working paper finds pass-through of 95%.",
        "From the FT; none of us has looked up the working paper itself.",
        "digest",
        "secondary",
    ),
    # Gone from someone's account to the paper itself.
    (
        "Went from a Times article to the full paper (Ruiz 2019): 40% at risk.",
        "",
        "digest",
        "full_text",
    ),
    (
        "Derek did follow this one through to the full JNCI paper: zero cases.",
        "",
        "digest",
        "full_text",
    ),
    (
        "Saw the BBC piece, then got the WWF monitoring report itself: 0.9 ha.",
        "",
        "digest",
        "full_text",
    ),
    (
        "We did read the telescope team's full Sgr A* polarisation paper: strongly polarised.",
        "",
        "notes",
        "full_text",
    ),
    (
        "The paper we never did read in full; what we have is from the author's own emails.",
        "",
        "notes",
        "abstract_only",
    ),
    (
        "HR 0.82 from the investigators' talk; the full paper was not among those we checked.",
        "",
        "notes",
        "abstract_only",
    ),
    # The authors in person, or their own abstract.
    (
        "A talk by a collaboration member, so straight from the horse's mouth: 200 alerts.",
        "",
        "digest",
        "abstract_only",
    ),
    (
        "A friend mentioned a third of species lost range; she's a co-author.",
        "",
        "digest",
        "abstract_only",
    ),
    (
        "Zhu et al.'s abstract (Nature Climate Change, 2016): greening over 25–50%.",
        "",
        "digest",
        "abstract_only",
    ),
    (
        "Rates fell.",
        "Recent papers, as far as the abstracts take us; the paywall defeated us.",
        "notes",
        "abstract_only",
    ),
    # Others' digests; the writers agreeing, counselling, recommending.
    (
        "From the assessment's summary, which digests other people's studies: 1 million.",
        "",
        "notes",
        "secondary",
    ),
    ("We'd counsel against repeating the $500 a tonne figure.", "", "digest", "editorial"),
    (
        "An opinion with which we agree grudgingly: the crisis has dissolved.",
        "",
        "notes",
        "editorial",
    ),
    (
        "A recommendation, not a finding: ignore the papers until the survey reports.",
        "",
        "digest",
        "editorial",
    ),
    # Instruments are no sources; a company's announcement is someone else's.
    ("Greenland lost 270 Gt a year according to GRACE gravimetry.", "", "notes", "unmarked"),
    (
        "Per the company's announcement, the release supports 128K context.",
        "",
        "notes",
        "secondary",
    ),
    # A comparison of data in the paper is no synthesis of papers.
    (
        "We read the survey paper end to end: combined with CMB data, w is preferred at 3σ.",
        "",
        "notes",
        "full_text",
    ),
    # Names that look like channels: a post hoc analysis, a Registered Replication Report.
    ("The Americas-only post hoc suggests benefit.", "", "notes", "unmarked"),
    ("Registered Replication Report (23 labs): d = 0.04.", "", "notes", "unmarked"),
    # Letters defined as the initials of the words before them are no shorthand for the
    # full text; the same letters as a label are.
    (
        "The pilot runs the Fischer-Tropsch (FT) catalyst at 92% conversion.",
        "",
        "notes",
        "unmarked",
    ),
    ("Instruction fine-tuning (FT) adds 3 points on the held-out split.", "", "notes", "unmarked"),
    ("Capacity fade 8% over 500 cycles (FT, SI tables).", "", "notes", "full_text"),
    # Someone who was at a meeting, or is not of the work's team, passing on what was said.
    (
        "The fellow who was at the Vienna meeting said the ice loss doubled.",
        "",
        "notes",
        "secondary",
    ),
    (
        "Review in a psychiatry journal (other group) pooled the trials: g = 0.4.",
        "",
        "notes",
        "secondary",
    ),
    ("The authors, who were at the meeting, said the effect held.", "", "notes", "unmarked"),
    ("For the cure rate we went by the trade newsletter: 73% vs 70%.", "", "notes", "secondary"),
    # Someone else read the paper and passes on what they found: their word, not our reading.
    (
        "Dr. Lund read the full text for us and says the subgroup was post hoc: 3 of 11.",
        "",
        "notes",
        "secondary",
    ),
    ("Heard from Ana (she read the whole paper) that 12% needed rescue.", "", "notes", "secondary"),
    ("A registrar colleague read the paper and told me the NNT was 27.", "", "notes", "secondary"),
    (
        "Dr Ivo (cardiology, not on our team) went through the full paper and tells us 31%.",
        "",
        "notes",
        "secondary",
    ),
    # The paper named inside an aside is not what was read: "(…, not on the paper) read it".
    (
        "Dr. Berg (Uppsala, not on the paper) read it and tells us 9 of 40 relapsed.",
        "",
        "digest",
        "secondary",
    ),
    ("We (Ana and I) read the full paper, SI too: 9 of 40 relapsed.", "", "notes", "full_text"),
    # The makers' own channels by other names: a tweetorial, a slide deck, a product monograph.
    (
        "Per the lead author's tweetorial, the gradient fell by 4 mmHg.",
        "",
        "notes",
        "abstract_only",
    ),
    ("The sponsor's slide deck: LDL down 52% at week 24.", "", "digest", "abstract_only"),
    ("Manufacturer's product monograph: NNT 18 over two years.", "", "notes", "abstract_only"),
    # Someone else's word: a role in shorthand, told in person, a journal's editorial.
    (
        "HbA1c fell 0.6% — according to the renal SpR who read the trial.",
        "",
        "notes",
        "secondary",
    ),
    ("Stroke 2.1% vs 3.4% (neurology registrar, verbal).", "", "notes", "secondary"),
    ("Remission in 41% at a year (Dr Sato, pers. comm.).", "", "notes", "secondary"),
    ("Fewer falls with the drug. src: ESC GL summary", "", "notes", "secondary"),
    (
        "The colleague from Ghent has told to us relapses fell 30 percent, she was reading "
        "the whole paper.",
        "",
        "notes",
        "secondary",
    ),
    ("acording to a podcast the trial showd fewer admissions", "", "notes", "secondary"),
    ("From the JAMA editorial: the benefit is about one extra drug.", "", "notes", "secondary"),
    ("Editorial note: the benefit is about one extra drug.", "", "notes", "editorial"),
    # A third party quoting the makers' channel: the third party is the source.
    (
        "A reporter's piece quoting the authors' press release: 20% fewer admissions.",
        "",
        "notes",
        "secondary",
    ),
    (
        "The authors' press release, quoting a nurse: 20% fewer admissions.",
        "",
        "notes",
        "abstract_only",
    ),
    # A source tag after a dash, a ward's shorthand, survey talks, an episode's number.
    ("Sepsis deaths 19% vs 22% - from Monday handover, day reg.", "", "notes", "secondary"),
    ("Fewer bleeds with early TXA — from the on-call registrar.", "", "notes", "secondary"),
    ("Cardiology podcast ep. 12 - statins stop working at 85.", "", "notes", "secondary"),
    ("Lipase gives 96% ee.", "Notes from Dr Ruiz's grand rounds, May.", "notes", "secondary"),
    ("Dust lanes in 70% of discs.", "From Prof. Oda's colloquium.", "notes", "secondary"),
    (
        "Transaminases give >99% ee.",
        "This part summarises the related-work part of Li's review.",
        "notes",
        "secondary",
    ),
    # Distrust is a verdict: the writers', or urged on the reader.
    (
        "Having read all of the methods, I still don't trust the 4-sigma line.",
        "",
        "notes",
        "editorial",
    ),
    ("Don't believe the claim that the bundle halves deaths.", "", "notes", "editorial"),
    ("Patients do not trust the drug: adherence 40%.", "", "notes", "unmarked"),
    # The writers' own hands: a test in their lab, data downloaded by one of them, a trial
    # read in person.
    ("Ana ran the catalyst in our lab at 5 g scale: 91% yield.", "", "notes", "full_text"),
    ("Raj downloaded the data cube himself and measured a 38 au gap.", "", "notes", "full_text"),
    ("I read the ARREST trial myself: ROSC 43% vs 27%.", "", "notes", "full_text"),
    ("I saw the ARREST trial myself at the congress: ROSC 43% vs 27%.", "", "notes", "unmarked"),
    # Someone who read it, or was there, telling the writers; people met at a meeting.
    (
        "Dr Mensah at the renal centre, who has read the whole report, informs us 12% fewer.",
        "",
        "notes",
        "secondary",
    ),
    (
        "Ines (visiting from CERN), who refereed it, tells us the fit is off by 8%.",
        "",
        "notes",
        "secondary",
    ),
    (
        "Hb 11.2 vs 10.4 - this is from a delegate who emailed us afterwards.",
        "",
        "notes",
        "secondary",
    ),
    ("Met the NOAA people at the workshop; they say the skill rose 4%.", "", "notes", "secondary"),
    (
        "Patient forum chatter (mumsnet.com) says the pump alarms at night.",
        "",
        "notes",
        "secondary",
    ),
    ("Shift 2 mm.", "Notes from the society's webinar, June.", "notes", "secondary"),
    # A talk by one of the authors is their own summary; a product label seen is the makers'.
    (
        "Employment rose 4 percentage points.",
        "Notes from the CEPR seminar - the speaker was one of the authors.",
        "notes",
        "abstract_only",
    ),
    (
        "Saw on the product label of the inhaler: 92% dose consistency.",
        "",
        "notes",
        "abstract_only",
    ),
    # The whole trial read, "inc." going on; texting shorthand for a reading not had.
    ("Read the whole trial inc. the safety appendix: 3 deaths vs 1.", "", "notes", "full_text"),
    ("Over the full trial period HbA1c fell 0.4%.", "", "notes", "unmarked"),
    ("abx cut failure 12% vs 20%. abstract only, cdnt get full txt", "", "notes", "abstract_only"),
    # A verdict after a reading outranks it.
    (
        "I went back to the trial myself and its appendix simply doesn't support the dose.",
        "",
        "notes",
        "editorial",
    ),
    # The maker's label and data sheet by the maker's name; a rival's is a third party's.
    ("Maker's label for the new inhaler: 92% dose consistency.", "", "digest", "abstract_only"),
    ("The maker's own datasheet lists a melt index of 12 g/10 min.", "", "digest", "abstract_only"),
    (
        "A rival manufacturer's datasheet says the resin lasts 40% longer.",
        "",
        "digest",
        "secondary",
    ),
    # Said not to be the writers, or a text citing the primary work.
    ("Ilya (Geneva group, not us) says the signal fell below 2σ.", "", "notes", "secondary"),
    (
        "Tomas (Met Office, not in our group) read the paper for a review and says 35% wider.",
        "",
        "notes",
        "secondary",
    ),
    (
        "Recycling stands at 14%.",
        "Summarised from a foundation's report, which cites the primary work.",
        "notes",
        "secondary",
    ),
    ("From NEJM Journal Watch: screening found cancers earlier.", "", "notes", "secondary"),
    # Data fetched and refit by the writers; a team member's view as a label.
    (
        "We fetched the TESS light curves ourselves and refit: Rp/R* = 0.101.",
        "",
        "digest",
        "full_text",
    ),
    (
        "We downloaded their gauge records and reran the test: +2.1 mm/yr.",
        "",
        "digest",
        "full_text",
    ),
    (
        "Physio view: the gain needs 1:1 staffing.",
        "Abstracts only, this section.",
        "notes",
        "editorial",
    ),
    (
        "The news site says they 'scrutinised the full SI': yields at 0.1 mmol.",
        "",
        "notes",
        "secondary",
    ),
    (
        "A society report summarising earlier work recommends pKa 4.76 at 25 °C.",
        "",
        "notes",
        "secondary",
    ),
    ("Tentative detection at 3.1 sigma.", "arXiv abstracts this week", "digest", "abstract_only"),
    (
        "We worked through the replication package: the elasticity is 0.31.",
        "",
        "notes",
        "full_text",
    ),
    # A channel said not to be the authors': a third party's.
    (
        "Per an agency blog (not written by the authors), expectations fell 2%.",
        "",
        "notes",
        "secondary",
    ),
    (
        "A surgeon's blog (not one of the authors) argues one site drove it.",
        "",
        "notes",
        "secondary",
    ),
    # A team member's reading with no one telling it stays the writers' own.
    ("Our pharmacist went through the supplement: cases 7 vs 15.", "", "notes", "full_text"),
    (
        "We read the full paper; the press release said 30% but Table 2 gives 22%.",
        "",
        "notes",
        "full_text",
    ),
]


@pytest.mark.parametrize(("text", "scope", "shape", "level"), READINGS)
def test_the_words_decide_the_level(text, scope, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    "text",
    [
        "The plan is to go back to the original paper next month. The gain is 8%.",
        "Their view is that the catalyst is stable.",
        "The authors say it is impressive.",
        # A finding compared, not the writers' comparison of papers.
        "Comparing against baselines, the model gains 3 points.",
        "Across 5 models, the method improves accuracy by 2 points.",
    ],
)
def test_plans_and_others_views_mark_nothing(text):
    assert claim_findings(text).evidence == "unmarked"


@pytest.mark.parametrize(
    "text",
    [
        "A full review of the grid code is under way; the abstract idea is simple.",
        "The abstract section of the paper says it works.",
    ],
)
def test_a_full_review_of_something_else_and_an_abstract_section_are_no_full_reading(text):
    assert claim_findings(text).evidence != "full_text"


@pytest.mark.parametrize(
    "text",
    [
        "Notified cases rose to 2,800 in 2024.",
        "The virus was confirmed in 14 herds.",
        "The new variety scored 510 in the national trial.",
        "The survey found 212 kilns preserved under the dunes.",
        "About 30 councils have dropped the scheme since the audit.",
        "Escapes of about 45,000 trout were logged by the agency.",
        "Median rents rose to NOK 14,500 a month.",
        "The orchard covered 12 ha before the frost.",
        "Treated beams lasted 4 times longer than untreated ones.",
        "The glacier front retreated by up to 40 m in one summer.",
        "A COF 0.08 under boundary lubrication is the best we saw.",
        "Bee counts declined 38% across the transects.",
        "About 70,000 seabirds died in the heatwave.",
        "Seven of the 40 hives collapsed; 12 of the colonies recovered.",
        "Over 300 beetles were trapped near the port.",
        "The herd now exceeds 400 animals.",
        "Stranded whales fed 17 scavenger species over the winter.",
        "The survey classified 2,140 new variable stars, 31 of them eclipsing.",
        "The orbit is shrinking by about 40 milliseconds per year.",
        "The odds ratio fell from ~12 to ~7 after adjustment.",
        "The NNT was 48 over five years.",
        "Flu season so far: over 900 hospitalisations in the region.",
        "The cull followed 14 confirmed outbreaks on farms.",
        "At least 60 extinctions are attributed to the fungus.",
        "Inspectors found 180 packs of counterfeit insulin across the region.",
        "Border checks seized 40 consignments of the pesticide.",
        # Terse figures: a log-unit, a bare factor, a rate of events, basis points.
        "The two codes give abundances that differ by up to 1 dex.",
        "Cloud-free fits overestimate water by factor ~3.",
        "The NNT is about 21 over 18 months.",
        "Apnoea fell by ~25 events/hour more than on placebo.",
        "Most of the alpha is gone after costs (>30 bps).",
    ],
)
def test_a_count_reported_as_what_was_found_is_a_figure(text):
    draft = claim_findings(text)
    marks = {c.value for c in draft.caveats} | {s.value for s in draft.suggestions}
    assert "no figure stated" not in marks


@pytest.mark.parametrize(
    "text",
    [
        "We recruited about 1,200 participants across four sites.",
        "The model was trained on roughly 15 trillion tokens.",
        "Samples were collected on 4 Dec 2025.",
        "Release 3 of the corpus adds 12 new task families.",
        "The interim analysis is planned after 150 cases.",
    ],
)
def test_a_study_size_or_a_date_is_no_figure(text):
    draft = claim_findings(text)
    marks = {c.value for c in draft.caveats} | {s.value for s in draft.suggestions}
    assert "no figure stated" in marks


@pytest.mark.parametrize(
    ("scope", "text"),
    [
        # The makers' own channel heading an item: a summary by the makers.
        ("Webinar by the authors (their own slides)", "The coating lasts 900 h."),
        ("Press release of the authors (NIOZ)", "Reef cover recovered by 9%."),
        ("Keynote by the trial PI, slides only", "Relapses fell by a third."),
        ("Column by the authors themselves", "Wages rose 3% in treated firms."),
        # Their release with the abstract, and no more: still no full reading.
        ("Their institute's release — abstract also read, no full text", "Yields fell 6%."),
        # A digest whose papers' abstracts were then read.
        ("Weekly digest — abstract of each paper also read by Mo", "Rents rose 4%."),
    ],
)
def test_a_heading_naming_the_makers_channel_or_the_abstracts_read_gives_abstract_only(scope, text):
    assert claim_findings(text, scope=scope, source_kind="digest").evidence == "abstract_only"


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("The abstract of Okafor+ says survival rose to 61%.", "abstract_only"),
        ("We read Haddad+ 2021 in full: the effect holds in every region.", "full_text"),
        ("Then Ines read the preprint abstract herself: 12% of sites.", "abstract_only"),
        ("Only the ESO/collaboration press release read so far: a 40 M☉ remnant.", "abstract_only"),
        ("We read the survey authors' own news release only: a record low.", "abstract_only"),
        ("Mira found the paper and read it whole: recall 0.81 on the new sites.", "full_text"),
        ("A collaborator from Utrecht told us that the fits overestimate CO by 2x.", "secondary"),
        ("The bulletin quotes a virologist saying the strain is milder.", "secondary"),
        ("Our contact at the ministry says uptake is 40%.", "secondary"),
        ("We don't think the welfare numbers capture the politics.", "editorial"),
        ("tbh the sites rarely survive under reaction, we are skeptic.", "editorial"),
        ("Review by the Kim group (we did not check the orig. papers) cites 2,000 h.", "secondary"),
    ],
)
def test_terse_and_non_native_notes_state_their_reading(text, level):
    assert claim_findings(text).evidence == level


@pytest.mark.parametrize(
    "text",
    [
        "The perovskite's hole contact gives 24.1% efficiency in the certified cell.",
        "News sentiment scored by a language model gives 0.4% a month.",
        "The abstract was read, then the full paper was read to check the controls.",
    ],
)
def test_a_device_part_or_a_topic_is_no_source(text):
    assert claim_findings(text).evidence in ("unmarked", "full_text")


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("We pulled the FT afterwards: the 70% holds at week 12 only (Table 3).", "full_text"),
        ("Wage losses reach 2.1% in the worst case (appendix of the FT).", "full_text"),
        ("The SI (Table S4) lists a yield of 88.5%; checked by the desk.", "full_text"),
        ("The FT reports that the plant will close in 2027.", "secondary"),
        ("A member's safety officer reports two fires in 2024.", "secondary"),
        ("The authors' own policy brief says the welfare effects are negligible.", "abstract_only"),
        ("Members should not rely on supplier datasheets for durability.", "editorial"),
        ("In our reading of the full paper, the effect is too small to matter.", "editorial"),
        ("In our reading of the full paper, the effect holds in every region.", "full_text"),
    ],
)
def test_a_desks_shorthand_states_its_reading(text, level):
    assert claim_findings(text).evidence == level


def test_a_scope_that_has_not_read_the_full_text_says_so_in_shorthand():
    draft = claim_findings(
        "Two cases were mentioned in the late-breaking abstract.",
        scope="Safety signals [conference abstracts only; FT n/r]",
    )
    assert draft.evidence != "full_text"


@pytest.mark.parametrize(
    ("text", "level"),
    [
        # One of the authors speaking to the writers: the authors' own account.
        ("The lead author told us by phone the fit uses two instruments.", "abstract_only"),
        ("The senior author, in an interview with us, said 70% survived.", "abstract_only"),
        ("The first author said in a radio interview that it is local.", "abstract_only"),
        ("Presenting her group's work, the lead author showed a 3σ excess.", "abstract_only"),
        ("An outside climate researcher told us the signal needs a check.", "secondary"),
        # The desk's rating is its judgement.
        ("Rating: misleading. The 40% holds only for treated film.", "editorial"),
        ("We rate the headline accurate: jobs rose 210,000.", "editorial"),
    ],
)
def test_a_fact_check_desks_notes_state_their_reading(text, level):
    assert claim_findings(text).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "level"),
    [
        ("Release on the authors' work; not seen", "The release says 9% more.", "abstract_only"),
        ("Reported at the agency's briefing; study n/r", "They said rain fell 20%.", "secondary"),
        ("Wire copy only; the paper was paywalled", "A spokesperson said so.", "secondary"),
    ],
)
def test_a_claim_pointing_back_at_its_sections_source_takes_the_sections_level(scope, text, level):
    assert claim_findings(text, scope=scope).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "level"),
    [
        # A channel whose maker is said to have done the work is the makers' own summary.
        (
            "Application note from Halvorsen, the company that makes the catalyst and ran these "
            "tests",
            "Leaching was below 5 ppm.",
            "abstract_only",
        ),
        (
            "Investor slides by Solvanta, who developed and tested the coating",
            "It lasts.",
            "abstract_only",
        ),
        (
            "Registry results posted by the sponsor, Veranth, which ran the trial",
            "SAEs 4.6%.",
            "abstract_only",
        ),
        (
            "From a newsletter written by the study authors",
            "Blood lead fell 1.1 µg/dL.",
            "abstract_only",
        ),
        # Someone else's note on the paper is no reading of it.
        (
            "Taken from a third-party distributor's application note on the Kovač paper",
            "The MOF adsorbed 4.1 mmol/g.",
            "secondary",
        ),
        # A letter to the editor, or an editorial by others, is a third party's view.
        (
            "",
            "A letter to the editor from another group argues the arm was under-dosed.",
            "secondary",
        ),
        (
            "",
            "An accompanying editorial by outside authors argues the margin is too wide.",
            "secondary",
        ),
        ("", "According to the regional field guide, the larvae feed on one plant.", "secondary"),
        ("", "To the editors, this looks like leakage.", "editorial"),
        # The makers on a channel of theirs, and others speaking of them there.
        ("", "Lead author on Twitter: levels correlated with admissions.", "abstract_only"),
        ("", "The authors, via their webinar, said the effect held.", "abstract_only"),
        ("", "A critic of the authors on Twitter says the effect is small.", "secondary"),
        (
            "",
            "An outside ecologist, quoted in a local paper, noted the plots were few.",
            "secondary",
        ),
        ("", "An outside haematologist replied on Twitter that VTE was excluded.", "secondary"),
    ],
)
def test_who_made_a_channel_decides_whether_it_is_the_makers_summary(scope, text, level):
    assert claim_findings(text, scope=scope).evidence == level


@pytest.mark.parametrize(
    "scope, text, level",
    [
        # A section headed by a third party's text, with whose it is and when.
        (
            "From the county prescribing bulletin, winter issue",
            "Weight fell 9.1% on the new agent.",
            "secondary",
        ),
        ("Newsletter of the Midwives' Forum, June", "Induction rates fell by 12%.", "secondary"),
        # Not an overview, nor the writers' own or the makers' own text.
        (
            "Section overview: sepsis bundles",
            "Mortality fell where bundles were audited.",
            "unmarked",
        ),
        ("Commentary (ours)", "The effect looks too small to matter.", "editorial"),
        ("Webinar by the authors themselves", "Relapse fell by a third.", "abstract_only"),
    ],
)
def test_a_heading_naming_a_third_partys_text_makes_its_claims_secondary(scope, text, level):
    assert claim_findings(text, scope=scope).evidence == level


@pytest.mark.parametrize(
    "text, level",
    [
        # What only the maker of a medicine writes is the makers' own summary.
        ("Package leaflet: dizziness in 3.1% of patients.", "abstract_only"),
        ("The SmPC recommends halving the dose in renal impairment.", "abstract_only"),
        (
            "The sponsor posted its results on the EU trials register: SAEs 5% vs 4%.",
            "abstract_only",
        ),
        (
            "The vendor's investor slides (they ran the study) claim 31% fewer falls.",
            "abstract_only",
        ),
        # A regulator's assessment or a society's standards, relayed, are a third party's.
        ("We relied on the agency's public assessment report: relapse 18% vs 25%.", "secondary"),
        ("The society's Standards of Care cite the trial as showing a 0.3% benefit.", "secondary"),
        # A part of the full text named as the lead of the claim: read there.
        ("Supplementary eTable 2: withdrawal 4.4% vs 2.0%.", "full_text"),
    ],
)
def test_labels_registry_postings_and_parts_of_the_paper_say_what_was_read(text, level):
    assert claim_findings(text).evidence == level


@pytest.mark.parametrize(
    "scope, text, level",
    [
        # The writers' committee giving its feeling about a relayed figure: their own view.
        (
            "From the county prescribing bulletin",
            "Committee felt the 2-point gain is too small for the price.",
            "editorial",
        ),
        # The writers' reading of the whole paper, named as a noun in the heading.
        (
            "Formulary group review of the full paper, May",
            "Falls were similar between arms.",
            "full_text",
        ),
    ],
)
def test_the_writers_feeling_and_their_review_of_the_full_paper(scope, text, level):
    assert claim_findings(text, scope=scope).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "level"),
    [
        # A third party's summary, named with it: theirs, so secondary.
        ("From the WHO sodium guideline summary", "Keep sodium below 2 g.", "secondary"),
        ("ASCO Daily News highlights", "Osimertinib kept its DFS benefit (HR 0.23).", "secondary"),
        ("", "We only had the Cochrane review summary: SMD 0.6.", "secondary"),
        ("", "Per the EFSA opinion, the upper intake is 100 µg/day.", "secondary"),
        # The makers' own, or the paper's own: abstract only.
        ("Press release highlights", "The drug cut relapses by 30%.", "abstract_only"),
        ("The authors' blog summary", "The drug cut relapses by 30%.", "abstract_only"),
        ("", "Only the article summary was available: relapses fell by 30%.", "abstract_only"),
        # The paper's full tables.
        ("", "Full tables read — mean HAM-D change was −11.4 ± 6.2.", "full_text"),
    ],
)
def test_a_third_partys_summary_is_secondary_and_the_makers_is_not(scope, text, level):
    assert claim_findings(text, scope=scope).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # Another organisation's fact sheet is secondary; the makers' own is their summary.
        ("From the CDC fact sheet", "The vaccine is 90% effective.", "notes", "secondary"),
        ("From the authors' own fact sheet", "Yields rose 9.5%.", "notes", "abstract_only"),
        # A section named as read from the full papers.
        ("Journal club — full papers", "Number needed to treat was 42.", "notes", "full_text"),
        ("Journal club — no full papers", "Number needed to treat was 42.", "notes", "unmarked"),
        # The makers speaking through their own channel.
        ("", "In their conference talk the study authors reported that prices rose 4%.",
         "digest", "abstract_only"),
        ("", "Poster by the Ohio group: their survey turned up 14 new dwarfs.", "digest",
         "abstract_only"),
        ("", "Having gone through the data tables, the cluster has 312 members.", "digest",
         "full_text"),
    ],
)  # fmt: skip
def test_fact_sheets_full_paper_sections_and_the_makers_talks(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "level"),
    [
        # A claim's lead naming a third party's text; not a study that may be the work cited.
        ("", "Textbook (Goodman & Gilman, 14th ed.): rifampicin induces CYP3A4.", "secondary"),
        ("", "Related-work section of Zhang et al. 2024: earlier variants lost 40%.", "secondary"),
        ("", "Cuijpers' meta-analysis: CBT outperforms control conditions (g ≈ 0.7).", "unmarked"),
        # A section of texts the writers use, not wrote.
        ("Review articles we lean on", "Pretreatment recovers more than 90% of the lignin.",
         "secondary"),
        ("Reviews we wrote", "Pretreatment recovers more than 90% of the lignin.", "unmarked"),
        # Redone in the writers' own lab from the paper's procedure.
        ("", "Reproduced in-house following the SI procedure: 74% vs the 88% reported.",
         "full_text"),
        ("", "The EPO search report cites prior art disclosing the same route.", "secondary"),
    ],
)  # fmt: skip
def test_a_leads_third_party_text_and_work_redone_in_house(scope, text, level):
    assert claim_findings(text, scope=scope).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "level"),
    [
        # The writers' label for a note is no verdict: the full reading stands.
        ("Volunteer reports", "Desk note: we later got the full paper; the gain was 0.08 m/s.",
         "full_text"),
        ("", "Desk note: we read the full paper and doubt the gain is real.", "editorial"),
        ("", "Sceptical note: read the full paper, still think the effect is too small.",
         "editorial"),
        # Tables of the full report, and cells re-tested in the writers' own lab.
        ("", "Full CSR tables reviewed: falls 0.8 vs 1.3 per patient-year.", "full_text"),
        ("", "In-house retest of the samples against our cycling data: 146 mAh/g at 1C.",
         "full_text"),
    ],
)  # fmt: skip
def test_a_note_label_is_no_verdict_and_in_house_retests_are_full_readings(scope, text, level):
    assert claim_findings(text, scope=scope).evidence == level


@pytest.mark.parametrize(
    ("text", "shape", "level"),
    [
        # A team member named by role and first name reads the paper's part: the writers'.
        ("Our student Lena read the calibration appendix: zero points drift per chip.", "digest",
         "full_text"),
        # ... and a model or student network that reads is still a system, not a writer.
        ("Our student model reads the full paper before answering.", "notes", "unmarked"),
        # Work redone from the paper's material, by the writers or one of them by name.
        ("We re-ran the authors' mixed models from their OSF archive: slope 0.27.", "digest",
         "full_text"),
        ("Priya re-ran the authors' survival models from their Zenodo archive: HR 0.81.",
         "digest", "full_text"),
        ("Tomasz has since had the authors' microdata in hand and confirms a 9% fall.", "notes",
         "full_text"),
        ("She had the authors' microdata and says wages fell 9%.", "digest", "secondary"),
        # The makers named as the trial team: their university's release is their summary.
        ("Release from the trial team's hospital: relapse fell by a third.", "digest",
         "abstract_only"),
        # An outsider set apart who tells the writers, in non-native grammar: their word.
        ("A friend at the Leiden lab (not our group) tell us he read all the paper: 2.4%.",
         "digest", "secondary"),
        # Reported in a third party's text, with what they called it between.
        ("The gain in grip strength was described as 'marginal' in the geriatrics review.",
         "notes", "secondary"),
        ("Statins were characterised as first-line in the society newsletter.", "notes",
         "secondary"),
    ],
)  # fmt: skip
def test_named_team_members_redo_work_and_others_speak_in_passive_reports(text, shape, level):
    assert claim_findings(text, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # A longer denial that holds "beyond the abstract" limits the reading, over a scope.
        ("Every paper in this block was read in full.",
         "Haven't had time to open that one beyond the abstract - 12% fewer admissions.",
         "digest", "abstract_only"),
        # The writers' view with an aside between the noun and "is that".
        ("", "My read, having gone through the whole appendix, is that the benefit is marginal.",
         "notes", "editorial"),
        # Told to one writer, or brought back from a meeting by someone else.
        ("", "Lower bleeding risk with apixaban - told to me by the ward pharmacist.", "notes",
         "secondary"),
        ("", "The locum came back from the CPD evening saying the new rule drops the age limit.",
         "notes", "secondary"),
        ("", "We came back from the congress saying the trial is the one to watch.", "notes",
         "unmarked"),
        # A release issued for the makers' own work is theirs.
        ("", "From the university press release for the investigators' own trial: 30% fewer "
         "relapses.", "digest", "abstract_only"),
        # No paper opened; a section's sources named with "were".
        ("", "Ticagrelor cut stent thrombosis; no papers were opened.", "notes", "abstract_only"),
        ("Sources for this block were the trials' results summaries on the registry.",
         "Ticagrelor cut stent thrombosis.", "notes", "abstract_only"),
    ],
)  # fmt: skip
def test_denials_with_the_thing_between_asides_and_news_brought_back(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("text", "shape", "level"),
    [
        # The paper's archival observations reduced by the writers.
        ("We reduced the archival XMM observations ourselves: kT comes out at 4.1 keV.",
         "notes", "full_text"),
        # A release from a named team's home institution is the makers' own.
        ("The news release from the LHCb collaboration's home institute says the excess is 3σ.",
         "notes", "abstract_only"),
        # A third party by role, placed and described, who tells the writers.
        ("A colleague at ESO who refereed the paper tells us the mass drops to 2.1 solar masses.",
         "notes", "secondary"),
        ("One of the registrars, who'd read all of it, told me the effect vanishes in the elderly.",
         "notes", "secondary"),
        # Work redone in the writers' own model runs.
        ("We redid their catch model in our own model runs: biomass is 30% lower.", "digest",
         "full_text"),
    ],
)  # fmt: skip
def test_archival_data_reduced_a_teams_home_release_and_readers_who_tell_us(text, shape, level):
    assert claim_findings(text, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("text", "shape", "level"),
    [
        # A reading named as a noun, of the whole protocol or paper, by the writers.
        ("Upon review of the complete protocol, the endpoint was changed before unblinding.",
         "notes", "full_text"),
        # Model output downloaded and recomputed.
        ("We downloaded their output from the ESGF node and recomputed the index: 3.9 Sv.",
         "notes", "full_text"),
        # Verdicts with no one named: a negated verdict leading, a lower-case fragment, what
        # the writers would not do, the team's own judgement.
        ("Not practice-changing for small hospitals: the cost outweighs the gain.", "notes",
         "editorial"),
        ("overblown. single centre, no blinding. wouldn't switch anyone", "digest", "editorial"),
        ("Having read the whole report, the team considers the 2-point gain too small to matter.",
         "notes", "editorial"),
        # Passed on in others' texts or by others to the unit.
        ("It was highlighted in the society's newsletter that dialysis starts fell.",
         "notes", "secondary"),
        ("Falls dropped by 30%, a finding relayed to the ward by a physio who attended the talk.",
         "notes", "secondary"),
        ("According to the summary circulated after the regional grand round, flares fell.",
         "digest", "secondary"),
        # The maker's channel about its own product is its summary.
        ("The press release issued by the manufacturer concerning its own inhaler: fewer attacks.",
         "digest", "abstract_only"),
    ],
)  # fmt: skip
def test_nouns_of_reading_unsigned_verdicts_and_notes_sent_round(text, shape, level):
    assert claim_findings(text, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # The paper's released catalogue or data cubes worked on; a step repeated on the
        # writers' own instrument; estimates rebuilt from the replication package.
        ("", "Re-ran their fits on the released redshift catalogue: masses 0.1 dex lower.",
         "notes", "full_text"),
        ("", "Downloaded their KCWI cubes and measured the line widths ourselves.", "digest",
         "full_text"),
        ("", "We repeated their derivatisation step on our HPLC and saw the same split peak.",
         "digest", "full_text"),
        ("", "Rebuilt their tax-gap series from the replication package: 8.1%, not 10%.",
         "notes", "full_text"),
        # Verdicts with no one named.
        ("Entries here are digests of arXiv abstracts.",
         "Probably a merger remnant rather than a disc; the kinematics can't tell.", "notes",
         "editorial"),
        ("", "Not convincing: the sample is too small to carry the subgroup story.", "digest",
         "editorial"),
        ("Summaries below are from abstracts only.",
         "Not worth switching columns yet; the gain looks marginal.", "notes", "editorial"),
        ("", "Likely to become the default assay for small labs.", "digest", "editorial"),
        ("", "prob underpowered -> wouldn't change our anticoagulation protocol on this alone",
         "digest", "editorial"),
        # Others' readings and words passed on.
        ("Sources here were relayed to us at the regional network meeting.",
         "Thrombectomy helped in 34% at 90 days.", "notes", "secondary"),
        ("", "Per the college's e-learning module, tenecteplase is non-inferior.", "notes",
         "secondary"),
        ("", "cardio reg (read the paper, I haven't) -> 5.1% vs 6.8% at 90d", "notes",
         "secondary"),
        ("", "A former ministry official told our director the scoring ignored behaviour.", "notes",
         "secondary"),
        ("", "Findings as reported in other institutes' reviews.", "notes", "secondary"),
        # A guess at where a figure came from is no verdict.
        ("", "Presumably taken from the v2 tables.", "notes", "unmarked"),
    ],
)  # fmt: skip
def test_catalogues_cubes_hedged_verdicts_and_denied_readings(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # The paper's procedure followed, or its deposited structure refined by the writers.
        ("", "We reproduced their Heck step following the SI procedure and got 64%, not 80%.",
         "notes", "full_text"),
        ("", "Their zeolite structure (downloaded and refined it ourselves) has a wider pore.",
         "digest", "full_text"),
        # The writers holding something to a verdict, or labelling their advice with a dash.
        ("", "We judge the proposed radical pathway premature without trapping experiments.",
         "notes", "editorial"),
        ("Summaries below are from abstracts only.",
         "We don't find the net-zero-by-2035 pathway plausible.", "notes", "editorial"),
        ("", "We consider the 9-predictor model overfitted for 25 ponds.", "notes",
         "editorial"),
        ("", "Recommendation - keep the cheaper ligand for the scale-up batch.", "notes",
         "editorial"),
        # Others' texts sent on, others' readings, agencies' updates and meeting summaries.
        ("", "Tomasz forwarded the EASD meeting summary: fewer hypos on the new pump.", "notes",
         "secondary"),
        ("Notes from Ines's journal-club handout (her reading, not ours)",
         "Steroids shortened the stay by a day.", "notes", "secondary"),
        ("", "The SIGN 158 update says inhaled steroids should start earlier.", "notes",
         "secondary"),
        # The authors' own channels, however they are named.
        ("", "The senior author sums it up in his newsletter column: no change at one year.",
         "notes", "abstract_only"),
        ("", "Per the seminar talk by Prof. Adeyemi (lead author), 212 patients were enrolled.",
         "digest", "abstract_only"),
    ],
)  # fmt: skip
def test_procedures_verdicts_and_channels_of_named_authors(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # A step repeated from the paper's experimental section.
        ("", "We repeated their amide coupling from the experimental section: 52%, not 75%.",
         "notes", "full_text"),
        # Verdicts labelled by the writers' unit, after a full reading.
        ("", "Verdict of ICU team after reading the trial in full: not enough to drop steroids.",
         "notes", "editorial"),
        ("", "Pharmacy recommendation: keep the older biosimilar on the formulary.", "notes",
         "editorial"),
        ("", "House view - rate cuts before summer look unlikely, maybe one.", "digest",
         "editorial"),
        # Others' words: a titled person, others' papers presented, guidance, a guide's
        # entry, a hospital lab, the Financial Times, a text summarising the literature.
        ("", "According to Prof Okonkwo (visiting from Lagos), the assay drifts above 40 °C.",
         "notes", "secondary"),
        ("Reading group 02/05 - S. Berg presenting other labs' papers",
         "Spin-coated films kept 90% of their efficiency after 1,000 h.", "notes", "secondary"),
        ("", "Per the national stewardship guidance (2023), short courses are preferred.",
         "notes", "secondary"),
        ("", "The ABX Guide entry changed - it now lists the higher dose for adults.",
         "notes", "secondary"),
        ("", "haematology lab (Omar) says the new analyser reads 4% high on platelets", "notes",
         "secondary"),
        ("", "FT reports lenders now price the default risk at 3%.", "notes", "secondary"),
        ("", "An OECD working paper summarises the literature: minimum wages cost few jobs.",
         "notes", "secondary"),
    ],
)  # fmt: skip
def test_steps_repeated_unit_verdicts_and_sources_by_title_and_trade(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # Model output worked through by the writers themselves.
        ("", "Went through the reanalysis output ourselves: the trend is 0.2 °C per decade.",
         "digest", "full_text"),
        # A conference abstract with an aside before its dash.
        ("", "ESMO poster abstract, full results not out yet — fewer relapses on the short course.",
         "notes", "abstract_only"),
        # The writers' unit named in brackets, and a unit's verdicts as a heading.
        ("", "We (the ward team) judge the new scale too slow for night shifts.", "notes",
         "editorial"),
        ("Station verdicts — spring planning meeting",
         "Camera traps are the better use of the budget this year.", "notes", "editorial"),
        # Others: a journal's review as the label, a nursing title, a person at another site,
        # someone else's summary of others' trials, a show's host.
        ("", "RMP review: most hot Jupiters probably migrated late.", "notes", "secondary"),
        ("", "Sister Okafor mentioned that falls dropped after the new mats.", "notes",
         "secondary"),
        ("", "via KM at the Bristol centre — they no longer repeat the swab at 6 weeks",
         "notes", "secondary"),
        ("Notes from Dr Ito's slides (his overview of other teams' studies)",
         "Early mobilisation shortens the stay.", "notes", "secondary"),
        ("", "Podcast (Health Matters, ep 12) — host said the new vaccine halves admissions.",
         "notes", "secondary"),
    ],
)  # fmt: skip
def test_outputs_worked_units_in_brackets_and_others_by_title_or_show(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # The paper's own material redone by the writers.
        ("", "We re-ran their public ALMA visibilities through our own imaging: same flux.",
         "notes", "full_text"),
        # The writers' opinion labelled with where it was formed, and a facility's view.
        ("", "Opinion from lab meeting - worth adding a second column for the isomers.", "notes",
         "editorial"),
        ("Papers read in full - March",
         "Facility view: the protocol is sound but far too slow for routine use.", "notes",
         "editorial"),
        # A poster abstract from a group, labelled as such.
        ("", "Poster abstract from the team at ISSCR 2025: organoids matured in 30 days.",
         "digest", "abstract_only"),
        # Briefs, guideline tables and slides on someone else's study.
        ("From the Academy's technical brief",
         "Sampling error dominates measurement error in grain lots.", "notes", "secondary"),
        ("", "NICE guideline evidence tables quote remission in about half of patients.",
         "notes", "secondary"),
        ("", "From Omar's slides at the network day (not his study): early feeds cut NEC.",
         "notes", "secondary"),
    ],
)  # fmt: skip
def test_material_redone_opinions_labelled_and_tables_quoted(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # The paper's parts read, with a spaced hyphen after them; data handled by a writer
        # whose name carries an accent.
        ("", "Full paper incl. supplementary read - the glacier loss is mostly from calving.",
         "notes", "full_text"),
        ("", "Zoé downloaded their station dataset and confirmed the trend (p<0.05).", "digest",
         "full_text"),
        # The writers' comment and their unit's consensus as labels.
        ("", "Our comment: the gain may vanish once grazing resumes, which the paper ignores.",
         "digest", "editorial"),
        ("", "Recommendation (ward consensus): keep the old dressing until the RCT reports.",
         "notes", "editorial"),
        # Others: someone who was there, a colleague elsewhere, an agency's summary, a travel
        # notice, a bulletin in brackets.
        ("", "Per Amara, who attended the talk at EGU, the moraine dates are 2 kyr older.",
         "notes", "secondary"),
        ("Papers read in full this week",
         "From a colleague at the trust: otter surveys found fewer spraints.", "notes",
         "secondary"),
        ("", "Heard via Noor at the regional meeting that the board now screens everyone.",
         "notes", "secondary"),
        ("", "Met Office summary of the national climate projections: summers 4 °C warmer.",
         "notes", "secondary"),
        ("", "The CDC travel notice now lists polio in 30 countries.", "notes", "secondary"),
        ("", "Cholera in Malawi passed 500 cases (WHO Weekly Epidemiological Record).", "notes",
         "secondary"),
        # A heading of a topic's updates names no source.
        ("Week 12 - RSV updates", "Nirsevimab cut RSV admissions in infants by 80%.", "notes",
         "unmarked"),
    ],
)  # fmt: skip
def test_parts_read_labels_of_consensus_and_sources_who_were_there(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


def test_a_channel_in_brackets_is_a_source_only_when_named():
    def level(text):
        return claim_findings(text, source_kind="notes").evidence

    assert level("Cholera passed 500 cases (WHO Weekly Epidemiological Record).") == "secondary"
    assert level("Admissions fell by a third (Reuters).") == "secondary"
    # The paper itself, or the writers' own channel, in brackets is no third party.
    assert level("The effect holds at 12 months (full article).") != "secondary"
    assert level("Gains vanish after a year (our blog post).") != "secondary"


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # A judgement joined to the writers' full reading by "and" is still theirs.
        ("", "We read the full report and still don't buy the subgroup story.", "notes",
         "editorial"),
        ("", "I read the whole thing and am sceptical: one site, no blinding.", "notes",
         "editorial"),
        # Papers read by the writers' own team, as a heading; their raw data run through the
        # writers' own software.
        ("Full papers + supporting info read by the quality team, week 9",
         "The impurity stayed below 0.1% after recrystallisation.", "notes", "full_text"),
        ("", "Ran their deposited FIDs (Zenodo) through TopSpin ourselves: the shift is -62 ppm.",
         "notes", "full_text"),
        # Someone else's, and someone named and described in brackets who says it.
        ("", "Someone else's poster at the county meeting showed 40% fewer nests.", "notes",
         "secondary"),
        ("", "Ruth (ranger at the next reserve) says their counts were down a third.", "notes",
         "secondary"),
        ("", "Institute view: the wage subsidy only works alongside training.", "notes",
         "editorial"),
    ],
)  # fmt: skip
def test_judgements_after_reading_teams_reading_and_people_described(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # Second hand, spelled with a space; someone who was at a meeting and said it; a
        # bulletin with its week as the label.
        ("", "Got this second hand from Ines after the AGU session: the gauge network is failing.",
         "notes", "secondary"),
        ("", "Lena was at ESMO and said the stopping data drew a lot of pushback.", "notes",
         "secondary"),
        ("", "Regional bulletin wk 9: measles notifications doubled on last winter.", "notes",
         "secondary"),
        # A unit's recommendations as a heading.
        ("Clinic recommendations (consensus, March)",
         "Keep the standard dose until the pharmacokinetic study reports.", "notes",
         "editorial"),
    ],
)  # fmt: skip
def test_second_hand_meetings_bulletins_by_week_and_unit_recommendations(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


def test_someone_elses_argument_about_what_we_should_do_is_not_ours():
    text = "The authors argue we should stop screening at 70."
    assert claim_findings(text, source_kind="notes").evidence != "editorial"


@pytest.mark.parametrize(
    ("scope", "text", "shape", "level"),
    [
        # The study team's lay summary and the sponsor's registry posting are the makers'.
        ("", "Lay summary written by the study team: falls dropped by 30%.",
         "notes", "abstract_only"),
        ("", "The sponsor's registry posting lists grip strength as the main outcome.", "notes",
         "abstract_only"),
        # Someone at a meeting who told one of the writers by name; a paper's science editor.
        ("", "The dietitian at the network day told Priya that the app added nothing.",
         "notes", "secondary"),
        ("", "The Times's health correspondent wrote up the cohort: dementia risk 12% lower.",
         "notes", "secondary"),
        # Not read by the writers, then a named piece reports it, against a full-text heading.
        ("Full papers read this week",
         "Not read by us — Nature News piece reports the anode kept 90% capacity.", "notes",
         "secondary"),
        # The writers' reading with its subject left out, then their lasting view.
        ("", "Went through the whole paper and still think the cohort is too small.", "notes",
         "editorial"),
        # A role's label with a comma; a unit's position for a meeting, as a heading.
        ("", "Head of policy, view: the levy will be passed on to tenants.", "notes",
         "editorial"),
        ("Committee position ahead of the spring conference",
         "Prefer cover crops to bare fallow on light land.", "notes", "editorial"),
        # "(all in full)" as the tag of a reading; work gone back through by a named reader.
        ("Background reading for the wage brief (all in full)",
         "Minimum wage rises did not cut hours among teenagers.", "notes", "full_text"),
        ("", "Ana worked back through their appendix tables: the effect halves.", "notes",
         "full_text"),
        # The abstract as the limit, without its article; a poster abstract by its authors
        # with an aside before the colon.
        ("", "did not go past abstract — nitrate leaching fell 20%.", "notes", "abstract_only"),
        ("Hearsay from the open day",
         "Poster abstract by the breeding group itself, Tom saw it at the stand: the line "
         "yields well.", "notes", "abstract_only"),
        # The abstract as other languages spell it; a source denied before the reading.
        ("", "Just the abstrakt, nothing more: the drug halved falls.", "notes", "abstract_only"),
        ("Full-text reads this month",
         "Not from a paper we read: Retail Week reported a 10% price cut.", "notes",
         "secondary"),
        # A person as they were; a channel named by a title or in quotes, whatever its words;
        # a reference work by its title as the tag.
        ("", "Pedro's ex-colleague, back from the fair, says the resin doubles peel strength.",
         "notes", "secondary"),
        ("", "Falls fell by a quarter (Full Evidence Weekly newsletter).", "notes",
         "secondary"),
        ("", "Fees cut take-up sharply (the 'Full Picture' policy podcast, ep. 12).", "notes",
         "secondary"),
        ("", "Hip fracture mortality is near 25% at a year — Oxford Handbook of Geriatric "
         "Medicine, ch. 9.", "notes", "secondary"),
        # A heading that names its occasion, then its source after a dash.
        ("Winter meeting — authors' own abstracts", "Cover crops raised soil carbon.", "notes",
         "abstract_only"),
        # Work redone with the team member in brackets; a lasting doubt after a full reading;
        # what the team should do.
        ("", "Replication data and do-files downloaded & rerun (Kofi): enrolment up 5 pp.", "notes",
         "full_text"),
        ("", "Having gone over all of it, appendix included, we still do not think it transfers "
         "to our wards.", "notes", "editorial"),
        ("", "We should not switch to the new dressing until the audit reports.", "notes",
         "editorial"),
        # Everything denied as the subject; the makers' posting capitalised as the lead; the
        # makers heard in person; "abs-only" as the label.
        ("This week: none of these were read beyond the abstract.", "Early feeding cut stay.",
         "notes", "abstract_only"),
        ("", "Investigators' results posting on ClinicalTrials.gov: the endpoint was missed.",
         "notes", "abstract_only"),
        ("", "Heard the first author present it at the launch: demand falls 4%.", "notes",
         "abstract_only"),
        ("", "abs-only: early feeding shortened the stay, OR 0.7.", "feed", "abstract_only"),
        ("", "Authors' own write-up on their lab blog: yield up 8%.", "feed", "abstract_only"),
        # A bulletin the claims were taken from, with "their summaries"; a guideline's summary,
        # a quoted newsletter and a book by its edition as the claim's lead.
        ("From the water board's bulletin (their summaries; we have not opened the papers)",
         "Ditch clearing raised yields.", "notes", "secondary"),
        ("", "RCOG labour guideline summary: offer sweeping from 39 weeks.", "notes",
         "secondary"),
        ("", "'Whole Paper Weekly' newsletter - early induction as safe as waiting.", "notes",
         "secondary"),
        ("", "Harrison's Principles (21st ed.): the rash fades within a week.", "notes",
         "secondary"),
        # The writers' opinions after a heading's hyphen; a label with initials; the writers
        # as a service, a lab or a duty desk judging.
        ("Audit group notes - our opinions, not findings",
         "Chlorhexidine should replace iodine for line care.", "notes", "editorial"),
        ("", "Forecast (KP): uptake will stay low while the tariff stands.", "notes", "editorial"),
        ("", "The service considers the trial evidence too thin to act on.", "notes",
         "editorial"),
        ("", "The lab judges the rapid kit fine for screening but not for release.", "notes",
         "editorial"),
        ("", "The duty desk remains unconvinced the swarm is precursory.", "notes", "editorial"),
        # Work redone on the authors' material by the writers' lab; "FT incl. SI" as a label;
        # a hedge inside a full reading.
        ("", "The lab reworked the authors' raw absorbance data: the detection limit is 2 ng/mL.",
         "notes", "full_text"),
        ("", "We re-picked onsets from the authors' released seismograms: the same depth.",
         "notes", "full_text"),
        ("Team opinions", "FT incl. SI - the drop only appears with a fixed cut-off.", "notes",
         "full_text"),
        ("", "I read the full report, I believe including the annex, and the effect held.",
         "notes", "full_text"),
        # One of the writers quoted giving a forecast.
        ("", '"Nobody will switch until the price halves," says Mo, our pharmacist.', "notes",
         "editorial"),
        # Sources tagged in square brackets: an outlet's desk or issue, the abstract; a book by
        # its edition that speaks; another paper's intro named first.
        ("", "Steroids shortened stay by a day [Times health desk, 9 May]", "notes",
         "secondary"),
        ("", "Leak detection cut losses by 7% [Water Engineer Monthly, June issue]", "notes",
         "secondary"),
        ("", "Coulombic efficiency 99.1% after 300 cycles [abstract, Joule]", "notes",
         "abstract_only"),
        ("", "The Oxford handbook (10th ed.) says the rash fades within a week.", "notes",
         "secondary"),
        ("Full-text reads", "Intro of the Leeds paper cites a trial where salt halved the "
         "swelling.", "notes", "secondary"),
        # The writers' own news piece; a team role's take and a lead's recommendation with a
        # name; a named reader who read it all and judges, or reckons after reading.
        ("", "From the researchers' own institute news piece: recharge lifted wells by 2 m.",
         "notes", "abstract_only"),
        ("", "Patient partner's take: the form is far too long.", "feed", "editorial"),
        ("", "Recommendation from ward lead (Ife): stop the hourly checks overnight.", "feed",
         "editorial"),
        ("", "Dr Mensah read all of it, every table, and judges the effect to be confounded.",
         "notes", "editorial"),
        ("", "Even after reading the full report Tomas reckons the yield is optimistic.",
         "notes", "editorial"),
        # Parts named with "and" before the reading; work rerun after getting the report
        # "from the authors"; a verdict on "the authors'" work; the work read with its parts
        # in brackets.
        ("", "Methods and Appendix C checked by us: the model missed the peak by 0.2 m.", "notes",
         "full_text"),
        ("", "I got the full dataset from the authors and re-ran their decay fits myself: 0.8 d.",
         "notes", "full_text"),
        ("", "Even after the full SI, we consider the authors' lifetime extrapolation "
         "unjustified.", "notes", "editorial"),
        ("", "Read the whole NHS audit (methods + tables): 40% of lines needed resiting.", "notes",
         "full_text"),
        # A dated lead; a named newsletter the claims come from; someone else's editorial with
        # an adjective before its journal.
        ("", "05/06 — RCN newsletter summary: hourly rounding cut falls by a fifth.", "notes",
         "secondary"),
        ("Everything here comes from the Paint Trade newsletter; originals not sourced",
         "Zinc flake primers doubled salt-spray life.", "notes", "secondary"),
        ("", "The accompanying NEJM editorial argues the drug should now be first line.", "notes",
         "secondary"),
        # The writers' own: not leaning on a result, a signed opinion, what to stock, pooling
        # in other words.
        ("", "I keep coming back to the feeling that these scales miss what families mean, and I "
         "would not lean on them in our work.", "notes", "editorial"),
        ("", "ketamine for pain: promising, not yet (—JB)", "feed", "editorial"),
        ("", "Synthesising the four trials we read: the benefit fades by a year.", "notes",
         "editorial"),
        # Work redone from the supplement, set against the paper's own abstract; a company's
        # rep told only in words; someone (misspelt) in a chat group; told in the passive; a
        # member who read it telling the desk; an agency's periodic report as the lead.
        ("", "redid the survival numbers from the supplemntary tables, 58% at a year - not the "
         "64% claimed in their abstract", "notes", "full_text"),
        ("", "Roche rep at the lunch meeting: relapses halved. Verbal only.", "notes", "secondary"),
        ("", "somone on the regional trainees whatsapp said the patch works as well as tablets",
         "notes", "secondary"),
        ("", "It was mentioned at the audit meeting that the new gauze halves dressing changes.",
         "notes", "secondary"),
        ("", "A grower who had read the report told the office that yields rose by 8%.", "notes",
         "secondary"),
        ("", "BGS monthly update: two swarms of 40 events each under the loch.", "notes",
         "secondary"),
        # The makers' own: an organisation's own summary of its results or its own bulletin
        # for its product, a release put out by the investigators' institution, a project
        # website, talks given by the study's makers, an interview with a co-author.
        ("", "Teagasc's own summary of its dairy benchmarks: top herds spend 20% less on feed.",
         "notes", "abstract_only"),
        ("", "Archroma's own technical bulletin for the new dye claims 40% less salt.", "notes",
         "abstract_only"),
        ("", "The press release put out by the PACE investigators' hospital says gait improved.",
         "notes", "abstract_only"),
        ("From the consortium's own project website", "The buoys drifted 30 km a week.", "feed",
         "abstract_only"),
        ("Conference notes: talks given by the cohort authors", "Fatigue fell by a third.",
         "notes", "abstract_only"),
        ("From a radio interview with the study's lead author", "Loneliness predicted falls.",
         "feed", "abstract_only"),
        # Work redone by the writers themselves, whatever the paper or a bulletin said; a
        # reading named by what was read after the team's "reading", or its parts with "+".
        ("", "Reanalysed the public registry extract ourselves: 1 in 14, not 1 in 9 as quoted.",
         "notes", "full_text"),
        ("", "We re-estimated the county rent gradient from VOA microdata ourselves: 4.2%, vs 6% "
         "in the ONS bulletin.", "notes", "full_text"),
        ("", "re-fitted the growth curves from the Zenodo dataset ourselves – r = 0.31, paper "
         "said 0.36", "notes", "full_text"),
        ("Desk reading — full reports and statistical annexes", "Claims fell by 6%.", "notes",
         "full_text"),
        ("Journal club: full papers + supplements", "Itch scores fell by 3 points.", "notes",
         "full_text"),
        # The makers' own: a channel speaking of its makers' product, a study's own site in
        # another grammar, a release from the team itself, the makers issuing a release.
        ("", "The Dermalux brochure claims their device clears 80% of lesions.", "notes",
         "abstract_only"),
        ("", "On the PRIMA study own website they write that relapses fell by half.", "feed",
         "abstract_only"),
        ("", "ESA press release (from the Gaia team itself) says 2 million stars were re-measured.",
         "notes", "abstract_only"),
        ("", "The investigators' university put out a press release saying the drug halved "
         "admissions.", "notes", "abstract_only"),
        # Someone else's: a tutor, a forum's posts, a tag by e-mail, a textbook as the place
        # a figure is given or as a bracketed tag, other bodies that reported, a source named
        # as one of a kind of channel.
        ("", "The tutor told that half of the nodular lesions were amelanotic.", "notes",
         "secondary"),
        ("", "Plenty of threads on the carers' forum saying the patches itch less.", "notes",
         "secondary"),
        ("", "Relapse fell by a third [Prof Haas, Vienna, by email]", "notes", "secondary"),
        ("", "A yearly risk of 2% is given in Fitzpatrick's Textbook.", "notes", "secondary"),
        ("", "Nitrate leaching halves under clover leys (Brady's Soils textbook, 15th ed.)",
         "notes", "secondary"),
        ("What other councils reported at the regional forum", "Fare caps lifted bus use.",
         "notes", "secondary"),
        ("From Astronomy Now, Wired and other coverage", "The rover drilled 30 cores.",
         "notes", "secondary"),
        # The writers' own: a committee's view in the passive, a bet as the lead, a unit's
        # decisions or recommendations for a plan as the heading.
        ("", "It is still felt that the gain will shrink once the tariff changes.", "notes",
         "editorial"),
        ("", "Bet: the levy will be scrapped within two budgets.", "notes", "editorial"),
        ("Clinic decisions for the winter rota", "Review every biologic at 16 weeks.", "notes",
         "editorial"),
        # After a full reading, a doubt with no one named stays the writers' verdict; a best
        # guess, something worth flagging, the evidence judged.
        ("", "Having read all of it, still sceptical the effect survives in older patients.",
         "notes", "editorial"),
        ("", "Read the report cover to cover; still not convinced the trend is real.", "notes",
         "editorial"),
        ("Lena's notes from the full data report.", "Best guess, the erosion slows after 2030.",
         "notes", "editorial"),
        ("", "Worth flagging: the benefit vanishes in the per-protocol set.", "notes",
         "editorial"),
        ("From abstracts only", "Drop routine drains. Evidence doesn't support them.", "notes",
         "editorial"),
        # Others' words: a bulletin summarising a report, a podcast listened to, an e-mail
        # from a named colleague or an e-mailed note, someone who went to a meeting.
        ("", "RCS e-bulletin (March issue), summarising the NELA report: 9% died by day 30.",
         "notes", "secondary"),
        ("", "On the way in I listened to the Surgery Hub podcast episode where two visiting "
         "specialists went through the stapler trials, and they described how it leaks less.",
         "notes", "secondary"),
        ("", "email from Priya (registrar at Leeds) → no difference in ileus at day 5", "notes",
         "secondary"),
        ("", "Field office analyst emailed: take-up of the loans was under a third.", "notes",
         "secondary"),
        ("", "Amir went to EULAR Vienna and reports 40% remission in the new arm.", "notes",
         "secondary"),
        # The makers': a webinar whose speaker is said to be the lead investigator, an
        # organisation's own results brief, a spec sheet by the maker's name.
        ("", "Okafor's webinar (she's the lead investigator, society-hosted): 8% fewer leaks.",
         "notes", "abstract_only"),
        ("", "BRAC's own results brief on its Dhaka study: savings rose by a quarter.", "feed",
         "abstract_only"),
        ("", "Vaisala's spec sheet for the HMP155 gives humidity accuracy of ±1.7%.", "notes",
         "abstract_only"),
        # A page's own numbered section speaks by its other words; a keynote whose speaker is
        # said not to be an author; speakers "neither on the trial"; a reviewer who pointed the
        # writers to a paper; a box summarising several studies; an outlet's blog claiming.
        ("Section 2: interest rates", "Tighter policy cut lending.", "notes", "unmarked"),
        ("From Prof Lund's plenary talk (she wasn't an author on this one).",
         "Dry electrodes crack less.", "notes", "secondary"),
        ("", "RCN webinar (given by ward sisters, neither on the trial): fewer falls at night.",
         "notes", "secondary"),
        ("", "Reviewer 1 pointed us to a study where the coating fails above 90 °C.", "notes",
         "secondary"),
        ("From the IMF WEO box (summarising several evaluations)",
         "Wage subsidies lifted hiring.", "notes", "secondary"),
        ("", "FT Lex claims the merger cut costs by 8%.", "notes", "secondary"),
        # The makers': the authors' own note on their paper, a maker's product sheet, a label
        # in brackets before a dash; a part of the appendix read line by line by a named
        # writer.
        ("", "The authors' own policy note on their paper: rents fell by 3%.", "notes",
         "abstract_only"),
        ("", "Spin-out's own product sheet: their anode holds 90% after 500 cycles.", "notes",
         "abstract_only"),
        ("", "From producer leaflet (Zynrelef SmPC) – pain relief lasts up to 72 h.", "notes",
         "abstract_only"),
        ("", "Appendix gone over line by line by Ana (our trial nurse): 2 visits a week.", "notes",
         "full_text"),
        # The writers': what they should do, their experience, a practical tip.
        ("Everything below: abstract only.", "We should get their raw cells before believing "
         "the 5 V claim.", "notes", "editorial"),
        ("", "Practical tip – mobilise before lunch; in our experience it shortens the stay.",
         "notes", "editorial"),
        # The writers' verdicts with no one named, even after a full reading: too weak to act
        # on, not enough to justify, unlikely to matter clinically, underpowered.
        ("Journal club – every paper read in full beforehand.", "Too few and too noisy to "
         "change our discharge criteria.", "notes", "editorial"),
        ("", "Not enough here to justify switching the whole clinic to the new mask.", "notes",
         "editorial"),
        ("", "Despite a complete reading of the trial and its supplement, the gain is unlikely to "
         "be clinically meaningful.", "notes", "editorial"),
        ("Forwarded by a colleague who sat in on the session.", "Looks underpowered – wouldn't "
         "fund it on this.", "notes", "editorial"),
        # The makers': their own product named in brackets, a lay summary with its place in
        # brackets before the colon, the maker's leaflet, a datasheet by the maker's name.
        ("", "UKHSA press release for the new model (their own product): cases fall by a fifth.",
         "notes", "abstract_only"),
        ("", "RECOVER's own plain-English summary (trial website): the mask did not cut deaths.",
         "notes", "abstract_only"),
        ("", "Per the instructions leaflet of the manufacturer, setting 3 gives about 2 L/min.",
         "notes", "abstract_only"),
        ("", "From the Solvay datasheet for Aquivion: conductivity 0.12 S/cm at 80 °C.", "notes",
         "abstract_only"),
        # Others': a bracketed tag of a body's summary, a rep quoting a study, a magazine in
        # another grammar, summaries copied from a body's report; the authors' material
        # regridded by the writers themselves.
        ("", "Rehab within a month cut readmissions (HR 0.6) [NICE Quality Standard summary, "
         "2024].", "notes", "secondary"),
        ("", "Device rep at the lunch meeting, quoting a registry study: 12% fewer flare-ups.",
         "notes", "secondary"),
        ("", "Based in the Asthma + Lung magazine, the new inhaler is easier for older people.",
         "notes", "secondary"),
        ("Summaries lifted from the ILO World Employment and Social Outlook.",
         "Youth inactivity is falling.", "notes", "secondary"),
        ("", "Regridded the authors' published 12 km fields ourselves – bias comes out at +1.1 K.",
         "notes", "full_text"),
    ],
)  # fmt: skip
def test_later_writers_sources_readings_and_verdicts(scope, text, shape, level):
    assert claim_findings(text, scope=scope, source_kind=shape).evidence == level


def test_a_writer_quoted_on_a_finding_gives_no_verdict():
    text = '"The trial found fewer tears," says Jo, our midwife.'
    assert claim_findings(text, source_kind="notes").evidence != "editorial"


def test_the_studys_own_people_are_not_the_writers_nor_third_parties():
    def level(text):
        return claim_findings(text, source_kind="notes").evidence

    # A lead of the study is the makers', not one of the writers giving a view.
    assert level("In the trial lead's view, the drug works.") != "editorial"
    # The makers telling someone is no third party's word.
    assert level("The lead author told Maria that the code is public.") != "secondary"
    # A lead of the writers' own, and someone who told one of them, still are.
    assert level("Recommendation from test lead (Mei): drop the overnight hold.") == "editorial"
    assert level("The dietitian at the network day told Priya that it added nothing.") == (
        "secondary"
    )


def test_the_audit_tells_the_makers_own_summary_from_a_reading_stopped_short():
    makers = claim_findings("The trial team's own press release says relapses halved.")
    assert makers.evidence == "abstract_only"
    assert makers.evidence_reason.startswith("names the authors' own summary: ")
    stopped = claim_findings("Only the abstract was read: relapses halved.")
    assert stopped.evidence == "abstract_only"
    assert stopped.evidence_reason.startswith("says only the abstract was read: ")
