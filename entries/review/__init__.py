"""Review: what an editor does with entries and claims. The transitions (``workflow``), the
marks' rules, reasons and suggestions, re-review dates, the review queue's shared rows, the
evidence audit, the diff of a revision and the decision emails."""
