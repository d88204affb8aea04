"""The running application: settings, the discord.py client, the database and its
chip ledger, statistics queries, rendering and localisation.

``bot`` imports ``engine`` and never ``cogs``; the client loads cogs as extensions
by name.
"""
