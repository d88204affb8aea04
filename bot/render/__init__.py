"""How the tables look in Discord: the table message, a hand's result, a
player's private view of their cards, each drawn from a frozen view
(``views``) with every word from the catalogues and within Discord's limits
(``limits``), into an ``OutgoingMessage`` (``message``); and the pictures
(card faces, the showdown, the /stats chart), drawn from data only. Nothing
here knows a running table: the table's view (:mod:`bot.tables.view`) hands
the renderers what to draw."""
