"""Tools for people working on Croupier, run from a checkout: not part of the installed bot."""
