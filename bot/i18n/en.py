"""English: the reference catalogue. Every key lives here first."""

from typing import Final

THOUSANDS_SEPARATOR: Final = ","

MESSAGES: Final[dict[str, str]] = {
    # Settings, read by whoever starts the bot.
    "settings.token_missing": (
        "DISCORD_TOKEN is missing: set it in the environment or in .env to the bot token "
        "from the Discord developer portal."
    ),
    "settings.whole_number": (
        "{name} must be a whole number from {low:int} to {high:int}, not '{value}'."
    ),
    "settings.boolean": "{name} must be true or false, not '{value}'.",
    "settings.guild_id": (
        "{name} must be a Discord server id (a positive whole number), not '{value}'."
    ),
    "settings.log_level": (
        "{name} must be one of DEBUG, INFO, WARNING, ERROR or CRITICAL, not '{value}'."
    ),
    "settings.url": (
        "{name} must be a URL starting with {scheme}:// or {scheme}s://, not '{value}'."
    ),
    "settings.not_more_than": (
        "{name} ({value:int}) must not be more than {other_name} ({other_value:int})."
    ),
    # The database, read by whoever starts the bot.
    "database.schema_too_new": (
        "The database {path} has schema version {found}, newer than the {known} this "
        "Croupier knows: upgrade Croupier or point CROUPIER_DATABASE at another file."
    ),
    # The launcher, read by whoever starts the bot.
    "launcher.token_refused": (
        "Discord refused DISCORD_TOKEN: copy the bot token again from the Discord developer portal."
    ),
    # Chips.
    "cashier.invalid_amount": (
        "An amount of chips must be a whole number from 1 to {maximum:int}, not {amount}."
    ),
    "cashier.insufficient_chips": (
        "That needs **{needed:int}** chips, but your balance is **{available:int}**."
    ),
    "cashier.daily_already_claimed": (
        "You have already claimed today's chips. Your next claim opens in {hours} h {minutes} min."
    ),
    "cashier.table_not_found": "That table does not exist on this server.",
    "cashier.table_closed": "That table is closed.",
    "cashier.seat_taken": "Seat {seat_no} is already taken.",
    "cashier.already_seated": "You already have a seat at this table.",
    "cashier.seat_empty": "Nobody sits in seat {seat_no}.",
    # /daily
    "daily.claimed": (
        "You claimed **{amount:int}** chips (day {streak} of your streak). "
        "Your balance is now **{balance:int}** chips."
    ),
    # /balance
    "balance.own": "You have **{chips:int}** chips.",
    "balance.own_with_tables": (
        "You have **{chips:int}** chips, and **{at_tables:int}** more at tables."
    ),
    "balance.other": "{user} has **{chips:int}** chips.",
    "balance.other_with_tables": (
        "{user} has **{chips:int}** chips, and **{at_tables:int}** more at tables."
    ),
    "balance.other_none": "{user} has not played here yet.",
    "economy.bots_do_not_play": "Bots don't play poker here.",
    # /leaderboard
    "leaderboard.title.chips": "Most chips",
    "leaderboard.title.net": "Biggest winners",
    "leaderboard.title.hands_won": "Most hands won",
    "leaderboard.line.chips": "{rank}. {user}: {value:int} chips",
    "leaderboard.line.net": "{rank}. {user}: {value:+int} chips",
    "leaderboard.line.hands_won": "{rank}. {user}: {value:int} hands won",
    "leaderboard.empty": "Nobody is on this leaderboard yet.",
    "leaderboard.footer": "Page {page} of {pages}",
    "leaderboard.previous": "Previous",
    "leaderboard.next": "Next",
    "leaderboard.not_yours": (
        "Only the person who asked for this leaderboard can turn its pages; "
        "use /leaderboard for your own."
    ),
    "leaderboard.by.chips": "Chips (balance and at tables)",
    "leaderboard.by.net": "Net winnings",
    "leaderboard.by.hands_won": "Hands won",
    # /stats
    "stats.title": "Poker statistics of {name}",
    "stats.none": "{user} has not played a hand here yet.",
    "stats.chips": "Chips",
    "stats.hands_played": "Hands played",
    "stats.hands_won": "Hands won",
    "stats.net": "Net winnings",
    "stats.biggest_pot": "Biggest pot won",
    "stats.showdowns": "Showdowns",
    "stats.showdowns_value": "{won:int} won of {seen:int}",
    "stats.recent": "Recent hands",
    "stats.recent_line": "Hand {hand_no} in <#{channel_id}>: {net:+int}",
    # /admin
    "admin.granted": (
        "Granted **{amount:int}** chips to {user}. Their balance is now **{balance:int}** chips."
    ),
    "admin.synced": "Published {count:int} commands to every server.",
    "admin.owner_only": "Only the bot's owner can use this command.",
    # Errors while answering a command or a button.
    "error.unexpected": (
        "Sorry, something went wrong on our side. It has been noted; please try again in a moment."
    ),
    "error.check_failed": "You can't use this command here.",
    "error.guild_only": "This command only works in a server.",
    "error.cooldown": "Slow down a little: try again in {seconds:int} s.",
    "error.bot_missing_permissions": ("I am missing permissions to do that here: {permissions}."),
    "error.bad_option": "I couldn't understand '{value}'.",
    # Slash command descriptions, shown in Discord's command picker.
    "command.balance.description": "Show your chips, or another player's.",
    "command.balance.user": "The player whose chips to show",
    "command.daily.description": "Claim your daily chips; consecutive days earn a bonus.",
    "command.leaderboard.description": "Show this server's leaderboard.",
    "command.leaderboard.by": "What to rank players by",
    "command.stats.description": "Show poker statistics for you or another player.",
    "command.stats.user": "The player whose statistics to show",
    "command.admin.description": "Owner-only tools for running Croupier.",
    "command.admin.grant.description": "Give a player chips from the house.",
    "command.admin.grant.user": "The player who receives the chips",
    "command.admin.grant.amount": "How many chips to give",
    "command.admin.sync.description": "Publish the slash commands to every server.",
}
