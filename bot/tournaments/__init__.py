"""Tournaments beyond one table: a multi-table tournament's tables run as one
(:mod:`bot.tournaments.floor_runner`), each table's money desk
(:mod:`bot.tournaments.mtt_desk`) and the lobby message
(:mod:`bot.tournaments.lobby`). The rules are :mod:`engine.tournament_tables`'.
"""
