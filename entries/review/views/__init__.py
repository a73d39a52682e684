"""The editor's pages: the review queue and its actions (``queue``), re-review dates
(``rereview``) and the evidence audit (``audit``)."""
