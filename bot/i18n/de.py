"""German: every key of the English catalogue, in German."""

from typing import Final

THOUSANDS_SEPARATOR: Final = "."

MESSAGES: Final[dict[str, str]] = {
    # Settings, read by whoever starts the bot.
    "settings.token_missing": (
        "DISCORD_TOKEN fehlt: Trage in der Umgebung oder in .env das Bot-Token aus dem "
        "Discord-Entwicklerportal ein."
    ),
    "settings.whole_number": (
        "{name} muss eine ganze Zahl von {low:int} bis {high:int} sein, nicht '{value}'."
    ),
    "settings.boolean": "{name} muss true oder false sein, nicht '{value}'.",
    "settings.guild_id": (
        "{name} muss eine Discord-Server-ID (eine positive ganze Zahl) sein, nicht '{value}'."
    ),
    "settings.log_level": (
        "{name} muss DEBUG, INFO, WARNING, ERROR oder CRITICAL sein, nicht '{value}'."
    ),
    "settings.url": (
        "{name} muss eine URL sein, die mit {scheme}:// oder {scheme}s:// beginnt, nicht '{value}'."
    ),
    "settings.not_more_than": (
        "{name} ({value:int}) darf nicht größer sein als {other_name} ({other_value:int})."
    ),
    # The database, read by whoever starts the bot.
    "database.schema_too_new": (
        "Die Datenbank {path} hat die Schemaversion {found}, neuer als die {known}, die "
        "dieser Croupier kennt: Aktualisiere Croupier oder setze CROUPIER_DATABASE auf "
        "eine andere Datei."
    ),
    # The launcher, read by whoever starts the bot.
    "launcher.token_refused": (
        "Discord hat DISCORD_TOKEN abgelehnt: Kopiere das Bot-Token erneut aus dem "
        "Discord-Entwicklerportal."
    ),
    # Chips.
    "cashier.invalid_amount": (
        "Ein Chipbetrag muss eine ganze Zahl von 1 bis {maximum:int} sein, nicht {amount}."
    ),
    "cashier.insufficient_chips": (
        "Dafür brauchst du **{needed:int}** Chips, dein Guthaben beträgt aber **{available:int}**."
    ),
    "cashier.daily_already_claimed": (
        "Du hast deine Chips für heute schon abgeholt. Die nächsten gibt es in "
        "{hours} Std. {minutes} Min."
    ),
    "cashier.table_not_found": "Diesen Tisch gibt es auf diesem Server nicht.",
    "cashier.table_closed": "Dieser Tisch ist geschlossen.",
    "cashier.seat_taken": "Platz {seat_no} ist schon besetzt.",
    "cashier.already_seated": "Du hast an diesem Tisch schon einen Platz.",
    "cashier.seat_empty": "Auf Platz {seat_no} sitzt niemand.",
    # /daily
    "daily.claimed": (
        "Du hast **{amount:int}** Chips abgeholt (Tag {streak} deiner Serie). "
        "Dein Guthaben beträgt jetzt **{balance:int}** Chips."
    ),
    # /balance
    "balance.own": "Du hast **{chips:int}** Chips.",
    "balance.own_with_tables": (
        "Du hast **{chips:int}** Chips und weitere **{at_tables:int}** an Tischen."
    ),
    "balance.other": "{user} hat **{chips:int}** Chips.",
    "balance.other_with_tables": (
        "{user} hat **{chips:int}** Chips und weitere **{at_tables:int}** an Tischen."
    ),
    "balance.other_none": "{user} hat hier noch nicht gespielt.",
    "economy.bots_do_not_play": "Bots spielen hier kein Poker.",
    # /leaderboard
    "leaderboard.title.chips": "Die meisten Chips",
    "leaderboard.title.net": "Die größten Gewinner",
    "leaderboard.title.hands_won": "Die meisten gewonnenen Hände",
    "leaderboard.line.chips": "{rank}. {user}: {value:int} Chips",
    "leaderboard.line.net": "{rank}. {user}: {value:+int} Chips",
    "leaderboard.line.hands_won": "{rank}. {user}: {value:int} gewonnene Hände",
    "leaderboard.empty": "Auf dieser Bestenliste steht noch niemand.",
    "leaderboard.footer": "Seite {page} von {pages}",
    "leaderboard.previous": "Zurück",
    "leaderboard.next": "Weiter",
    "leaderboard.not_yours": (
        "Nur wer diese Bestenliste angefordert hat, kann darin blättern; "
        "nutze /leaderboard für deine eigene."
    ),
    "leaderboard.by.chips": "Chips (Guthaben und an Tischen)",
    "leaderboard.by.net": "Nettogewinn",
    "leaderboard.by.hands_won": "Gewonnene Hände",
    # /stats
    "stats.title": "Pokerstatistik von {name}",
    "stats.none": "{user} hat hier noch keine Hand gespielt.",
    "stats.chips": "Chips",
    "stats.hands_played": "Gespielte Hände",
    "stats.hands_won": "Gewonnene Hände",
    "stats.net": "Nettogewinn",
    "stats.biggest_pot": "Größter gewonnener Pot",
    "stats.showdowns": "Showdowns",
    "stats.showdowns_value": "{won:int} von {seen:int} gewonnen",
    "stats.recent": "Letzte Hände",
    "stats.recent_line": "Hand {hand_no} in <#{channel_id}>: {net:+int}",
    # /admin
    "admin.granted": (
        "{user} hat **{amount:int}** Chips erhalten. Das Guthaben beträgt jetzt "
        "**{balance:int}** Chips."
    ),
    "admin.synced": "{count:int} Befehle für alle Server veröffentlicht.",
    "admin.owner_only": "Nur der Besitzer des Bots kann diesen Befehl nutzen.",
    # Errors while answering a command or a button.
    "error.unexpected": (
        "Entschuldigung, bei uns ist etwas schiefgelaufen. Es wurde vermerkt; "
        "bitte versuche es gleich noch einmal."
    ),
    "error.check_failed": "Diesen Befehl kannst du hier nicht nutzen.",
    "error.guild_only": "Dieser Befehl funktioniert nur auf einem Server.",
    "error.cooldown": "Nicht so schnell: Versuche es in {seconds:int} s noch einmal.",
    "error.bot_missing_permissions": (
        "Mir fehlen hier Berechtigungen, um das zu tun: {permissions}."
    ),
    "error.bad_option": "Ich konnte '{value}' nicht verstehen.",
    # Slash command descriptions, shown in Discord's command picker.
    "command.balance.description": "Zeige deine Chips oder die eines anderen Spielers.",
    "command.balance.user": "Der Spieler, dessen Chips gezeigt werden",
    "command.daily.description": (
        "Hol dir deine täglichen Chips; an aufeinanderfolgenden Tagen gibt es einen Bonus."
    ),
    "command.leaderboard.description": "Zeige die Bestenliste dieses Servers.",
    "command.leaderboard.by": "Wonach die Spieler geordnet werden",
    "command.stats.description": "Zeige die Pokerstatistik von dir oder einem anderen Spieler.",
    "command.stats.user": "Der Spieler, dessen Statistik gezeigt wird",
    "command.admin.description": "Werkzeuge für den Besitzer, um Croupier zu betreiben.",
    "command.admin.grant.description": "Gib einem Spieler Chips von der Bank.",
    "command.admin.grant.user": "Der Spieler, der die Chips erhält",
    "command.admin.grant.amount": "Wie viele Chips er erhält",
    "command.admin.sync.description": "Veröffentliche die Slash-Befehle auf allen Servern.",
}
