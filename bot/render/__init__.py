"""How the tables look in Discord: the table message, a hand's result, a
player's private view of their cards, all drawn from the runner's snapshots
with every word from the catalogues and within Discord's limits; and the
pictures (card faces, the showdown, the /stats chart), drawn from data only."""
