"""The tables being played: one runner per channel, its clock, its write-ahead
hand log, the one way it reaches Discord, and the registry that keeps them.

``registry.TableRegistry`` owns every ``runner.TableRunner``; a runner owns its
table's lock, its hand loop and its action clock, and is the only code that
feeds actions to the engine's hand (see DESIGN.md, "How one action travels").
"""
