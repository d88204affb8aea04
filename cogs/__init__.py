"""The Discord surface: slash commands, buttons, forms and menus.

Each cog reads what a person typed or clicked, asks :mod:`bot` and answers
within Discord's three seconds; no rule of poker lives here. The client loads
the extensions by name (:data:`bot.client.EXTENSIONS`); ``players``,
``amounts``, ``typed_cards``, ``in_time``, ``table_buttons`` and
``discard_menu`` are parts the extensions share.
"""
