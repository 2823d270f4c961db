"""The board-state builders of the three games.

:mod:`.common` holds what every game's form shares (field specs, rows ⇄ document, engine
error paths → fields, demos and permalinks); :mod:`.forms` builds Django forms from a spec;
:mod:`.fow` and :mod:`.mtg` declare their game's spec. Yu-Gi-Oh!'s form, with nested effect
rows, is :mod:`rulesite.scenarios.builder` and :mod:`rulesite.scenarios.forms`.
"""
