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
    "settings.web_host": (
        "CROUPIER_WEB_HOST must be a host name or an IP address to listen on, such as "
        "127.0.0.1 or 0.0.0.0, not '{value}'."
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
        "You have already claimed today's chips. Your next claim opens {opens}."
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
    "daily.next": "Your next claim opens {opens}.",
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
    "stats.recent_line_tournament": (
        "Hand {hand_no} in <#{channel_id}>: {net:+int} tournament chips (not your balance's)"
    ),
    # /admin
    "admin.granted": (
        "Granted **{amount:int}** chips to {user}. Their balance is now **{balance:int}** chips."
    ),
    "admin.synced": "Published {count:int} commands to every server.",
    # What the bot keeps about a member (/privacy), and forgetting it.
    "privacy.still_playing": (
        "You still hold a seat or a tournament entry at {channels}: leave there first, "
        "then ask again."
    ),
    "privacy.member_still_playing": (
        "That member still holds a seat or a tournament entry at {channels}: they are cashed "
        "out there when they leave or the table closes; forget them after that."
    ),
    "privacy.managers_only": "Only members who can manage this server can forget a member.",
    "privacy.still_a_member": (
        "They are still a member of this server: they can ask to be forgotten themselves "
        "with /privacy forget."
    ),
    "privacy.summary": (
        "Here is everything Croupier keeps about you (attached as a file): chips on "
        "{servers:int} server(s), {ledger:int} ledger row(s), {hands:int} hand(s) played, "
        "{tournaments:int} tournament(s), and your card and notice settings. "
        "/privacy forget removes your name and id from all of it."
    ),
    "privacy.forget_warning": (
        "Forget you everywhere? Your id and name leave balances, statistics, leaderboards and "
        "hand histories on every server, and your settings are deleted. Your chips are not "
        "paid out: the ledger keeps its rows under an anonymous number so every chip still "
        "adds up. This cannot be undone."
    ),
    "privacy.forget_button": "Forget me",
    "privacy.keep_button": "Keep everything",
    "privacy.forgotten": (
        "Done: Croupier no longer knows you. If you play again you start as a new player."
    ),
    "privacy.kept": "Nothing was changed.",
    "privacy.member_forgotten": (
        "Done: that member's id and name are gone from this server's balances, statistics, "
        "leaderboards and hand histories; the ledger still adds up."
    ),
    "admin.owner_only": "Only the bot's owner can use this command.",
    "admin.audit_clean": "The audit is clean: every chip is accounted for.",
    "admin.audit_failed": (
        "The audit found **{count:int}** problem(s); the full report is below or attached."
    ),
    # The engine's refusals, by the engine's keys (engine/errors.py).
    "engine.hand_over": "This hand is over.",
    "engine.not_your_turn": "It is not your turn; {actor} is to act.",
    "engine.not_your_turn_anyone": "It is not your turn.",
    "engine.no_such_player": "There is no player {player} in this hand.",
    "engine.folded": "You have folded this hand.",
    "engine.cannot_fold": "There is nothing to call, so you can check instead of folding.",
    "engine.cannot_check": "You cannot check; **{amount:int}** is needed to call.",
    "engine.cannot_act_now": "That action is not possible now.",
    "engine.cannot_raise": "You cannot bet or raise now.",
    "engine.capped": "The betting is capped; you can only call or fold.",
    "engine.no_reopen": "The betting was not reopened to you; you can only call or fold.",
    "engine.min_raise": "The minimum raise is to **{amount:int}**.",
    "engine.whole_chips": "Bets are made in whole chips; {amount} is not a number of chips.",
    "engine.min_bet": "The minimum bet is **{amount:int}**.",
    "engine.max_raise": "The maximum raise is to **{amount:int}**.",
    "engine.max_bet": "The maximum bet is **{amount:int}**.",
    "engine.fixed_raise": "In this game the raise is exactly to **{amount:int}**.",
    "engine.fixed_bet": "In this game the bet is exactly **{amount:int}**.",
    "engine.not_enough_chips": (
        "You have only **{stack:int}** chips; the most you can bet is to **{amount:int}**."
    ),
    "engine.bring_in_only_now": "Only the bring-in or a completion is possible now.",
    "engine.not_bring_in": "There is no bring-in to post now.",
    "engine.must_discard": "Discard exactly {count} card(s).",
    "engine.must_choose_point_card": "Choose exactly one card as your point card.",
    "engine.draw_too_many": "You may draw at most {count} card(s).",
    "engine.card_not_held": "You do not hold {card}.",
    "engine.card_twice": "{card} is named twice.",
    "engine.not_discarding": "There is nothing to discard now.",
    "engine.not_showdown": "There is no showdown now.",
    "engine.already_discarded": "You have already discarded.",
    "engine.fixed_raise_choice": (
        "With an open pair showing, the raise is to **{low:int}** or to **{high:int}**."
    ),
    "engine.fixed_bet_choice": (
        "With an open pair showing, the bet is **{low:int}** or **{high:int}**."
    ),
    "engine.no_openers": "You need jacks or better to open.",
    "engine.no_such_seat": "There is no seat {seat}; the seats are 1 to {count}.",
    "engine.seat_taken": "Seat {seat} is taken.",
    "engine.table_full": "Every seat at this table is taken.",
    "engine.already_seated": "You already sit in seat {seat}.",
    "engine.not_seated": "You don't have a seat at this table.",
    "engine.buy_in_too_small": "The minimum buy-in here is **{amount:int}** chips.",
    "engine.buy_in_too_large": "The maximum buy-in here is **{amount:int}** chips.",
    "engine.tournament_buy_in": "Everyone starts this tournament with **{amount:int}** chips.",
    "engine.top_up_in_hand": "You can add chips only between your hands.",
    "engine.top_up_nothing": "Add at least one chip.",
    "engine.top_up_too_large": (
        "You can add at most **{amount:int}** chips; a stack may not exceed **{maximum:int}**."
    ),
    "engine.rebuy_too_small": "To play again, bring your stack to at least **{amount:int}**.",
    "engine.tournament_no_top_up": "There are no top-ups in a tournament.",
    "engine.tournament_no_leave": "In a tournament your chips stay in play; sit out instead.",
    "engine.busted_sit_in": "You have no chips left; add some with /poker topup to play again.",
    "engine.no_straddle": "This table does not allow a straddle.",
    "engine.not_enough_players": "At least two players must be playing to deal a hand.",
    "engine.hand_in_progress": "A hand is being played.",
    "engine.no_hand_in_progress": "No hand is being played.",
    "engine.hand_not_over": "The hand is not over yet.",
    "engine.not_this_hand": "That is not the hand this table dealt.",
    "engine.no_run_it_twice_now": "There is no run-out to choose now.",
    "engine.runouts_once_or_twice": "The rest of the board is run once or twice.",
    "engine.run_it_twice_no_board": "Run it twice needs a game with a board.",
    "engine.run_it_twice_two_boards": (
        "This game already deals two boards; its board is not run twice."
    ),
    "engine.run_it_twice_cash_only": "Run it twice is for cash tables, not tournaments.",
    "engine.bomb_pot_no_flop": "Bomb pots need a game with blinds and a flop (Hold'em or Omaha).",
    "engine.bomb_pot_cash_only": "Bomb pots are for cash tables, not tournaments.",
    "engine.double_board_already": "This game already deals two boards.",
    "engine.rabbit_hunt_no_board": "The rabbit hunt needs a game with a board.",
    "engine.seven_deuce_two_cards": "The 7-2 bounty needs a game of two hole cards (Hold'em).",
    "engine.seven_deuce_deck": "This game's deck has no sevens and deuces.",
    "engine.seven_deuce_cash_only": "The 7-2 bounty is for cash tables, not tournaments.",
    # Tables: refusals.
    "table.none_here": "There is no table in this channel. Open one with /poker create.",
    "table.exists": "This channel already has a table.",
    "table.closed": "This table is closed.",
    "table.not_seated": "You don't have a seat at this table. Take one with /poker join.",
    "table.not_in_hand": "You are not playing this hand; you will be dealt in from the next one.",
    "table.no_hand": "No hand is being played right now.",
    "table.stale_hand": (
        "Those buttons belong to a hand that is over; use the newest table message."
    ),
    "table.stale_button": (
        "The hand has moved on since those buttons were drawn; nothing was done. "
        "Look at the table again."
    ),
    "table.stale_command": (
        "The hand moved on while your command was on its way; nothing was done. "
        "Look at the table again."
    ),
    "table.not_your_turn": "It is not your turn; {actor} is to act.",
    "table.nothing_to_call": "There is nothing to call; you can check.",
    "engine.discard_first": "Choose your cards first, with the Discard or Draw button.",
    "table.quick_size_unavailable": (
        "That size is not possible now; you can bet or raise to **{low:int}** up to **{high:int}**."
    ),
    "table.bad_cards": (
        "'{text}' is not a list of cards: write them like As Td 7c, or leave them out to stand pat."
    ),
    "table.bad_amount": (
        "'{text}' is not an amount I can use: type a whole number of chips from "
        "{low:int} to {high:int}, like {low:int}."
    ),
    "table.not_owner": (
        "Only the player who opened this table, or someone who can manage this channel, "
        "can close it."
    ),
    "table.verify_nothing": (
        "Hand {hand_no} of this table was not dealt from a committed deck: the table was "
        "opened with provably_fair:false (or before provably fair dealing became the "
        "default). A table opened with /poker create commits to every deck unless told "
        "otherwise: close this one and open it again to have its hands committed."
    ),
    "table.config.variant": "This bot cannot deal '{variant}' at a table yet.",
    "engine.blinds": (
        "The small blind ({small_blind:int}) must be at least 1 and at most the big blind "
        "({big_blind:int})."
    ),
    "engine.buy_in": (
        "The buy-in range must start at the big blind ({big_blind:int}) or more and end at "
        "or above its start, not {min_buy_in:int} to {max_buy_in:int}."
    ),
    "engine.seats": "A table has {low} to {high} seats for this game, not {seats}.",
    "table.config.action_seconds": (
        "The time to act must be from {low} to {high} seconds, not {seconds}."
    ),
    "engine.hands_per_game": ("Each game of a mix lasts {low} to {high} hands, not {hands}."),
    "table.config.hands_per_game_alone": (
        "Hands per game is a setting of mixed games: choose a mix with the game option."
    ),
    "table.config.variant_and_mix": (
        "Choose one game with the variant option or a mix with the game option, not both."
    ),
    "engine.jackpots": (
        "Jackpots are a five card draw table setting; {variant} is not dealt that way."
    ),
    "engine.rake": "The rake must be from 0 to 10 % with a cap of 0 or more.",
    "engine.rake_cap": "A rake needs a cap: the most chips the house takes from one pot.",
    "engine.ante": (
        "The ante must be from 1 chip to the big blind ({big_blind:int}), not {ante:int}."
    ),
    "engine.ante_game": (
        "{variant} has its own antes or no blinds; an ante can be set in a game with blinds."
    ),
    "engine.straddle": (
        "A live straddle is for no-limit and pot-limit games with blinds, not {variant}."
    ),
    # Tables: the table message.
    "table.title": "{variant} · {small_blind:int}/{big_blind:int}",
    "table.hand_no": "**Hand {hand_no}**",
    "table.stud_stakes": (
        "Ante {ante:int} · bring-in {bring_in:int} · bets {small_bet:int}/{big_bet:int}"
    ),
    "table.title_mixed": "{mix}: {variant} · {small_blind:int}/{big_blind:int}",
    "table.limit_stakes": (
        "Blinds {small_blind:int}/{big_blind:int} · bets {small_bet:int}/{big_bet:int}"
    ),
    "table.big_bet_stakes": (
        "Blinds {small_blind:int}/{big_blind:int} · big-blind ante {ante:int}"
    ),
    "table.next_game_after_hand": "Next game: **{game}** after this hand.",
    "table.next_game_in": "Next game: **{game}** in {hands} hands.",
    "table.next_game_in_orbit": "Next game: **{game}** in {hands} hands, after this orbit.",
    "table.next_game_orbit": "Next game: **{game}** after this orbit.",
    "table.next_game_now": "The next hand starts **{game}**.",
    "table.game_changes": "{mix}: the game changes to **{game}**.",
    "table.ante_stakes": "Ante {ante:int} · bets {small_bet:int}/{big_bet:int}",
    "table.jackpot_stakes": (
        "Jackpots: jacks or better to open · ante {ante:int} · bets {small_bet:int}/{big_bet:int}"
    ),
    "table.ante": "Ante {ante:int}",
    "table.big_blind_ante": "Big blind ante {ante:int}",
    "table.straddle_allowed": "Straddles allowed (/poker straddle)",
    "table.rake": "Rake {percent} % up to {cap:int}",
    "table.carried_pot": "Carried to the next deal: **{amount:int}**",
    "table.to_discard": "Still to discard: {names}",
    "table.to_point_card": "Still to set a point card: {names}",
    "table.to_draw": "Still to draw: {names}",
    "table.board": "Board: {board}",
    "table.board_n": "Board {n}: {board}",
    "table.pot": "Pot: **{amount:int}**",
    "table.main_pot": "Main pot: **{amount:int}**",
    "table.side_pot": "Side pot: **{amount:int}**",
    "table.side_pot_n": "Side pot {n}: **{amount:int}**",
    "table.last_actions": "Latest: {actions}",
    "table.to_act": "To act: **{name}**, the clock acts {deadline}",
    "table.to_act_computer": "To act: **{name}**, thinking…",
    "table.hand_over": "The hand is over.",
    "table.next_hand": "Next hand at {when}.",
    "table.to_call": "{amount:int} to call",
    "table.to_check": "may check",
    "table.to_bring_in": "bring-in {amount:int}",
    "table.waiting": (
        "Waiting for players: two are needed. Join with /poker join "
        "(buy-in {low:int} to {high:int})."
    ),
    "table.closed_notice": "This table is closed.",
    "table.button_draw": "Draw for the button: {draw}",
    "table.commitment": "Deck commitment (SHA-256): {commitment}",
    "table.seat": "{seat}. {name}",
    "table.marker.button": "(D)",
    "table.marker.small_blind": "(SB)",
    "table.marker.big_blind": "(BB)",
    "table.marker.to_act": "⏳",
    "table.stack": "**{amount:int}**",
    "table.bet": "bet {amount:int}",
    "table.status.folded": "folded",
    "table.status.all_in": "all in",
    "table.status.sitting_out": "sitting out",
    "table.status.leaving": "leaving",
    "table.status.waiting": "waits for the next hand",
    "table.dm_refused": (
        "I could not send you your cards by DM, so I will not try again for now. Use the "
        "**My cards** button on the table message to see them; if you open your DMs to me, "
        "/poker dm on brings them back."
    ),
    "table.hand_voided": (
        "Hand {hand_no} could not be resumed after a restart and was voided: every stack "
        "is back to what it was when the hand began."
    ),
    # What a player did, as the table message tells it.
    "action.fold": "{name} folds",
    "action.check": "{name} checks",
    "action.call": "{name} calls {amount:int}",
    "action.bet": "{name} bets {to:int}",
    "action.raise": "{name} raises to {to:int}",
    "action.complete": "{name} completes to {to:int}",
    "action.bring-in": "{name} brings in for {amount:int}",
    "action.discard": "{name} discards {amount:int}",
    "action.point_card": "{name} sets a point card",
    "action.draw": "{name} draws {amount:int}",
    "action.stand_pat": "{name} stands pat",
    "action.all_in_suffix": "(all in)",
    "action.by_clock_suffix": "(out of time)",
    # What a player did, told to them.
    "acted.fold": "You folded.",
    "acted.check": "You checked.",
    "acted.call": "You called **{amount:int}**.",
    "acted.bet": "You bet **{to:int}**.",
    "acted.raise": "You raised to **{to:int}**.",
    "acted.complete": "You completed to **{to:int}**.",
    "acted.bring-in": "You brought in for **{amount:int}**.",
    "acted.discard": "You discarded **{amount:int}**.",
    "acted.point_card": "Your point card is set: it plays with each of your other two cards.",
    "acted.draw": "You drew **{amount:int}**.",
    "acted.stand_pat": "You stood pat.",
    # Buttons under the table message.
    "button.fold": "Fold",
    "button.check": "Check",
    "button.call": "Call {amount:int}",
    "button.bet": "Bet",
    "button.raise": "Raise",
    "button.bet_range": "Bet… ({low:int}–{high:int})",
    "button.raise_range": "Raise… ({low:int}–{high:int})",
    "button.quick.min": "Min ({amount:int})",
    "button.quick.half": "½ Pot ({amount:int})",
    "button.quick.pot": "Pot ({amount:int})",
    "button.quick.allin": "All in ({amount:int})",
    "button.bring_in": "Bring in ({amount:int})",
    "button.complete": "Complete to {to:int}",
    "button.bet_to": "Bet {to:int}",
    "button.raise_to": "Raise to {to:int}",
    "button.discard": "Discard…",
    "button.point_card": "Point card…",
    "button.draw": "Draw…",
    "button.my_cards": "My cards",
    # The bet/raise form.
    "raise_modal.title_bet": "Bet",
    "raise_modal.title_raise": "Raise",
    "raise_modal.label": "Total to bet, {low:int} to {high:int}",
    "raise_modal.placeholder": "A whole number, like {low:int}",
    "raise_modal.description": "All you put in this round: {low:int} to {high:int} chips.",
    # The discard or draw menu, shown only to the player.
    "discard_menu.prompt_discard": (
        "Your cards, hand {hand_no}: {cards}. Choose {low:int} to throw away."
    ),
    "discard_menu.prompt_draw": (
        "Your cards, hand {hand_no}: {cards}. Choose up to {high:int} to exchange, or stand pat."
    ),
    "discard_menu.prompt_point_card": (
        "Your cards, hand {hand_no}: {cards}. Choose your point card: it plays with each "
        "of the other two, which never play together."
    ),
    "discard_menu.placeholder": "Cards to throw away",
    "discard_menu.placeholder_point_card": "Your point card",
    "discard_menu.stand_pat": "Stand pat",
    "discard_menu.new_cards_soon": "Your new hand shows here as soon as everyone has drawn.",
    # A hand's result.
    "result.title": "Hand {hand_no}",
    "result.board": "Board: {board}",
    "result.board_n": "Board {n}: {board}",
    "result.shows": "{name} shows {cards}: {description}",
    "result.mucks": "{name} mucks",
    "result.pot.only": "the pot",
    "result.pot.main": "the main pot",
    "result.pot.side": "the side pot",
    "result.pot.side_n": "side pot {n}",
    "result.share.high": "the high half of {pot}",
    "result.share.low": "the low half of {pot}",
    "result.share.board": "board {n}'s half of {pot}",
    "result.wins": "{name} wins {pot} of **{amount:int}**.",
    "result.wins_with": "{name} wins {pot} of **{amount:int}** with {hand}.",
    "result.split": "{names} split {pot} of **{amount:int}**.",
    "result.split_with": "{names} split {pot} of **{amount:int}** with {hand}.",
    "result.and": "{first} and {last}",
    "result.carried_over": "Nobody opened: the pot of **{amount:int}** waits for the next deal.",
    "result.rake": "The house takes **{amount:int}**.",
    "result.verify": "Check the deal with /poker verify hand:{hand_no}.",
    # A player's own cards.
    "private.title": "Your cards, hand {hand_no}",
    "private.cards": "Your cards: **{cards}**",
    "private.board": "Board: {board}",
    "private.board_n": "Board {n}: {board}",
    "private.best": "Best hand: {best}",
    "private.folded": "You have folded this hand.",
    "private.where": "Table: <#{channel}>",
    # Answers to the table commands.
    "tables.thread_name": "Poker: {variant} {small_blind:int}/{big_blind:int}",
    "tables.created": (
        "A table of {variant} ({small_blind:int}/{big_blind:int}, buy-in {low:int} to "
        "{high:int}) is open in {channel}. Take a seat with /poker join."
    ),
    "tables.joined": (
        "You sit in seat {seat} with **{amount:int}** chips. Your balance is now "
        "**{balance:int}** chips."
    ),
    "tables.left_now": (
        "You left the table with **{amount:int}** chips. Your balance is now "
        "**{balance:int}** chips."
    ),
    "tables.left_later": (
        "You will leave when this hand ends; your chips then go back to your balance."
    ),
    "tables.sat_out": "You are sitting out. Use /poker sitin to be dealt in again.",
    "tables.sat_in": "You are back: you will be dealt in from the next hand.",
    "tables.topped_up": (
        "You added **{amount:int}** chips; your stack is **{stack:int}** and your balance "
        "**{balance:int}**."
    ),
    "tables.closed": "The table is closed; {count} stacks went back to their owners.",
    "tables.straddle_on": (
        "You straddle from the next hand on whenever you are first to act after the big blind."
    ),
    "tables.straddle_off": "You no longer straddle.",
    "tables.dm_on": "From the next hand you get your cards by DM as well.",
    "tables.dm_off": "You no longer get your cards by DM; use the My cards button.",
    "tables.verify_ok": (
        "Hand {hand_no} was dealt from the deck it was committed to: the {count:int} cards "
        "you saw ({cards}) sit where commitment `{commitment}` put them. The attached file "
        "opens them and keeps every other card closed; check it yourself with "
        "`python -m engine.fairness {file} {commitment}`."
    ),
    "tables.verify_failed": "Hand {hand_no} does NOT match its commitment `{commitment}`.",
    "tables.verify_pending": (
        "Hand {hand_no} is still being played; the cards you see can be opened when it "
        "ends. Commitment: `{commitment}`"
    ),
    "tables.verify_closed": (
        "Hand {hand_no} was voided and cannot be dealt again, so no card of it is opened. "
        "Commitment: `{commitment}`"
    ),
    "tables.verify_unknown": "This table has no hand {hand_no}.",
    "tables.verify_none_seen": (
        "Hand {hand_no} is over, but you saw none of its cards (nothing was shown, or only "
        "cards of a player who drew, whose order stays closed), so none is opened to you. "
        "Commitment: `{commitment}`"
    ),
    "history.title": "Your last hands",
    "history.none": "You have not finished a hand on this server yet.",
    "history.line": "Hand {hand_no} in <#{channel_id}> ({variant}): {net:+int}",
    "history.files": "Each hand's history is attached as a PHH file.",
    "history.no_files": "Hand histories as PHH files are not available yet.",
    # Errors while answering a command or a button.
    "error.unexpected": (
        "Sorry, something went wrong on our side. It has been noted; please try again in a moment."
    ),
    "error.check_failed": "You can't use this command here.",
    "error.expired_form": (
        "That form or menu is too old to use (the table may have restarted since it was "
        "opened); nothing was done. Use the buttons on the newest table message."
    ),
    "error.guild_only": "This command only works in a server.",
    "error.cooldown": "Slow down a little: try again in {seconds:int} s.",
    "error.bot_missing_permissions": ("I am missing permissions to do that here: {permissions}."),
    # Permissions, as Discord's settings name them (discord.py's names as keys).
    "permission.read_messages": "View Channel",
    "permission.send_messages": "Send Messages",
    "permission.embed_links": "Embed Links",
    "permission.attach_files": "Attach Files",
    "permission.create_public_threads": "Create Public Threads",
    "permission.send_messages_in_threads": "Send Messages in Threads",
    "tables.missing_permissions": (
        "I cannot deal a table here because I am missing permissions in this channel "
        "({permissions}); a server admin can give them to my role, or add me again with the "
        "invite link from my log."
    ),
    "error.bad_option": "I couldn't understand '{value}'.",
    # Slash command descriptions, shown in Discord's command picker.
    "command.balance.description": "Show your chips, or another player's.",
    "command.balance.user": "The player whose chips to show",
    "command.daily.description": "Claim your daily chips; consecutive days earn a bonus.",
    "command.leaderboard.description": "Show this server's leaderboard.",
    "command.leaderboard.by": "What to rank players by",
    "command.stats.description": "Show poker statistics for you or another player.",
    "command.stats.user": "The player whose statistics to show",
    "command.privacy.description": "See what Croupier keeps about you, or have it forgotten.",
    "command.privacy.show": "Get everything Croupier keeps about you, privately, as a file.",
    "command.privacy.forget": "Have Croupier forget your id and name on every server.",
    "command.privacy.forget_member": "Forget a member who has left this server (managers).",
    "command.privacy.forget_member.user": "The member who left",
    "command.admin.description": "Owner-only tools for running Croupier.",
    "command.admin.grant.description": "Give a player chips from the house.",
    "command.admin.grant.user": "The player who receives the chips",
    "command.admin.grant.amount": "How many chips to give",
    "command.admin.sync.description": "Publish the slash commands to every server.",
    "command.admin.audit.description": "Check that every chip is accounted for.",
    "command.poker.description": "Play poker at this channel's table.",
    "command.poker.create.description": "Open a poker table in this channel.",
    "command.poker.create.variant": "The game",
    "command.poker.create.game": "A mix of games played in turn (instead of one game)",
    "command.poker.create.hands_per_game": "In a mix: hands of each game (default: one orbit)",
    "command.poker.create.jackpots": "Five card draw: jacks or better to open, antes",
    "command.poker.create.small_blind": "The small blind (in stud: the bring-in)",
    "command.poker.create.big_blind": "The big blind (in stud: the small bet)",
    "command.poker.create.min_buy_in": "The smallest buy-in",
    "command.poker.create.max_buy_in": "The largest buy-in",
    "command.poker.create.seats": "How many seats (2 to 10)",
    "command.poker.create.action_seconds": "Seconds each player has to act",
    "command.poker.create.thread": "Open the table in a new thread of this channel",
    "command.poker.create.provably_fair": (
        "Commit to each deck before dealing, to check later (default: yes)"
    ),
    "command.poker.join.description": "Take a seat at this channel's table.",
    "command.poker.join.buy_in": "Chips to bring from your balance (default: half of it)",
    "command.poker.join.seat": "The seat you want",
    "command.poker.leave.description": "Leave the table; your chips go back to your balance.",
    "command.poker.sitout.description": "Sit out: keep your seat without being dealt in.",
    "command.poker.sitin.description": "Be dealt in again from the next hand.",
    "command.poker.topup.description": "Add chips from your balance between hands.",
    "command.poker.topup.amount": "Chips to add",
    "command.poker.close.description": "Close this channel's table and return every stack.",
    "command.poker.dm.description": "Choose whether your cards also come by DM.",
    "command.poker.dm.setting": "On or off",
    "command.poker.dm.on": "On",
    "command.poker.dm.off": "Off",
    "command.poker.straddle.description": (
        "Post a live straddle (two big blinds) when first to act after the big blind."
    ),
    "command.poker.straddle.setting": "on or off",
    "command.poker.create.ante": "An ante besides the blinds (games with blinds)",
    "command.poker.create.big_blind_ante": "The big blind posts the ante for the whole table",
    "command.poker.create.straddle": "Allow live straddles (no-limit and pot-limit games)",
    "command.poker.create.rake": "The house's share of each pot after the flop, in percent",
    "command.poker.create.rake_cap": "The most chips the house takes from one pot",
    "command.poker.verify.description": "Check that a hand was dealt from its committed deck.",
    "command.poker.verify.hand": "The hand number",
    "command.history.description": "Your last hands, with their histories as files.",
    "command.check.description": "Check.",
    "command.call.description": "Call the bet.",
    "command.bet.description": "Bet an amount.",
    "command.bet.amount": "The total to bet",
    "command.raise.description": "Raise to an amount.",
    "command.raise.amount": "The total to raise to",
    "command.fold.description": "Fold your hand.",
    "command.allin.description": "Put all your chips in.",
    "command.bringin.description": "Stud: post the bring-in instead of completing.",
    "command.discard.description": (
        "Throw cards away (Pineapple) or draw (draw games); leave the cards out to stand pat."
    ),
    "command.discard.cards": "The cards to throw away, like As Td",
    # Tournaments.
    "ordinal.1": "1st",
    "ordinal.2": "2nd",
    "ordinal.3": "3rd",
    "ordinal.n": "{place}th",
    "table.tournament_started": (
        "The tournament has begun: nobody can register, unregister or start it any more."
    ),
    "table.not_tournament": "This table is a cash game, not a tournament.",
    "table.not_owner_start": (
        "Only the player who opened this tournament, or someone who can manage this "
        "channel, can start it."
    ),
    "table.tournament_too_few": "A tournament starts with two players at least.",
    "table.tournament_buy_in": (
        "The buy-in of this tournament is **{amount:int}** chips; leave the amount out."
    ),
    "table.config.tournament_options_alone": (
        "Buy-in, starting stack and levels are options of a tournament: add tournament:true."
    ),
    "engine.tournament_cash_only": (
        "Mixed games, jackpots, antes, straddles, rake and buy-in ranges are for cash tables; "
        "a tournament's structure sets its blinds and antes."
    ),
    "engine.tournament_game": (
        "Tournaments deal games with blinds, whose levels rise; {variant} is played without blinds."
    ),
    "table.config.tournament_buy_in": (
        "A tournament's buy-in is from 1 to {high:int} chips, not {amount:int}."
    ),
    "engine.starting_stack": (
        "The starting stack must be from {low:int} (two big blinds) to {high:int} chips, "
        "not {amount:int}."
    ),
    "engine.level_minutes_or_hands": (
        "Blind levels last either minutes or hands: give one of the two."
    ),
    "engine.level_minutes": "A blind level lasts 1 to {high} minutes, not {minutes}.",
    "engine.level_hands": "A blind level lasts 1 to {high} hands, not {hands}.",
    "tournament.payout": "{place} {amount:int}",
    "tournament.registering": (
        "**Tournament** · buy-in **{buy_in:int}** · starting stack **{stack:int}** · "
        "blinds up every {length}"
    ),
    "tournament.level_minutes": "{minutes} minutes",
    "tournament.level_hands": "{hands} hands",
    "tournament.registered": (
        "Registered: **{registered}** of {seats} · prize pool **{pool:int}** ({payouts}). "
        "Register with /poker join; it starts when every seat is taken, or when the "
        "creator runs /poker start."
    ),
    "tournament.level": "Level **{level}**: blinds {small_blind:int}/{big_blind:int}",
    "tournament.level_ante": (
        "Level **{level}**: blinds {small_blind:int}/{big_blind:int}, ante {ante:int}"
    ),
    "tournament.last_level": "the last level",
    "tournament.next_level_now": "the blinds go up with the next hand",
    "tournament.next_level_at": "next level {when}",
    "tournament.next_level_in": "next level in {hands} hands",
    "tournament.next_level_after_one": "next level after one more hand",
    "tournament.players_left": (
        "Players left: **{left}** of {entrants} · prize pool **{pool:int}** ({payouts})"
    ),
    "tournament.begins": (
        "The tournament begins with {players} players. Prize pool **{pool:int}**: {payouts}."
    ),
    "tournament.level_up": (
        "Level **{level}**: the blinds are now {small_blind:int}/{big_blind:int}."
    ),
    "tournament.level_up_ante": (
        "Level **{level}**: the blinds are now {small_blind:int}/{big_blind:int}, ante {ante:int}."
    ),
    "tournament.finishes": "{name} finishes {place} of {entrants}.",
    "tournament.finishes_paid": (
        "{name} finishes {place} of {entrants} and wins **{prize:int}** chips."
    ),
    "tournament.finishes_tied": (
        "{name} finishes {place} of {entrants}, tied with {others} (out in the same hand "
        "with the same stack)."
    ),
    "tournament.finishes_paid_tied": (
        "{name} finishes {place} of {entrants}, tied with {others} (out in the same hand "
        "with the same stack), and wins **{prize:int}** chips: a share of the tied places' prizes."
    ),
    "tournament.registered_empty": (
        "Registered: **{registered}** of {seats}. "
        "Register with /poker join; it starts when every seat is taken, or when the "
        "creator runs /poker start."
    ),
    "tournament.winner": "🏆 {name} wins the tournament and **{prize:int}** chips!",
    "tables.created_tournament": (
        "A {variant} tournament is open in {channel}: buy-in {buy_in:int}, starting stack "
        "{stack:int}, blinds from {small_blind:int}/{big_blind:int}. Register with /poker join."
    ),
    "tables.registered": (
        "You are registered in seat {seat}: **{amount:int}** chips went to the prize pool; "
        "your balance is **{balance:int}**."
    ),
    "tables.unregistered": (
        "You are no longer registered: your buy-in of **{amount:int}** chips is back; "
        "your balance is **{balance:int}**."
    ),
    "tables.tournament_started": "The tournament begins.",
    "tables.closed_tournament": (
        "The tournament is closed; {count} buy-ins went back. Chips shared out to the "
        "players still in, if it had begun, are in their balances."
    ),
    "stats.tournaments": "Tournaments",
    "stats.tournaments_value": (
        "{played:int} played, {won:int} won, {cashed:int} in the money · prizes {prizes:int}, "
        "buy-ins {buy_ins:int}"
    ),
    "command.poker.create.tournament": "A sit-and-go tournament with rising blinds",
    "command.poker.create.buy_in": "Tournament: chips each player pays into the prize pool",
    "command.poker.create.starting_stack": "Tournament: chips everyone starts with",
    "command.poker.create.level_minutes": "Tournament: minutes per blind level (default 10)",
    "command.poker.create.level_hands": "Tournament: hands per blind level (instead of minutes)",
    "command.poker.start.description": "Start this channel's tournament with those registered.",
    # Cards as emojis: the name a screen reader reads (letters, digits, _ only).
    "card.name": "{rank}_of_{suit}",
    "card.rank.0": "two",
    "card.rank.1": "three",
    "card.rank.2": "four",
    "card.rank.3": "five",
    "card.rank.4": "six",
    "card.rank.5": "seven",
    "card.rank.6": "eight",
    "card.rank.7": "nine",
    "card.rank.8": "ten",
    "card.rank.9": "jack",
    "card.rank.10": "queen",
    "card.rank.11": "king",
    "card.rank.12": "ace",
    "card.suit.0": "clubs",
    "card.suit.1": "diamonds",
    "card.suit.2": "hearts",
    "card.suit.3": "spades",
    "card.back": "face_down_card",
    "card.back_text": "🂠",
    # Hands, as data from the engine: ranks in hands, labels and "with" forms.
    "rank.name.0": "deuce",
    "rank.name.1": "three",
    "rank.name.2": "four",
    "rank.name.3": "five",
    "rank.name.4": "six",
    "rank.name.5": "seven",
    "rank.name.6": "eight",
    "rank.name.7": "nine",
    "rank.name.8": "ten",
    "rank.name.9": "jack",
    "rank.name.10": "queen",
    "rank.name.11": "king",
    "rank.name.12": "ace",
    "rank.plural.0": "deuces",
    "rank.plural.1": "threes",
    "rank.plural.2": "fours",
    "rank.plural.3": "fives",
    "rank.plural.4": "sixes",
    "rank.plural.5": "sevens",
    "rank.plural.6": "eights",
    "rank.plural.7": "nines",
    "rank.plural.8": "tens",
    "rank.plural.9": "jacks",
    "rank.plural.10": "queens",
    "rank.plural.11": "kings",
    "rank.plural.12": "aces",
    # The plural as it follows "with" (German needs the dative there).
    "rank.plural_with.0": "deuces",
    "rank.plural_with.1": "threes",
    "rank.plural_with.2": "fours",
    "rank.plural_with.3": "fives",
    "rank.plural_with.4": "sixes",
    "rank.plural_with.5": "sevens",
    "rank.plural_with.6": "eights",
    "rank.plural_with.7": "nines",
    "rank.plural_with.8": "tens",
    "rank.plural_with.9": "jacks",
    "rank.plural_with.10": "queens",
    "rank.plural_with.11": "kings",
    "rank.plural_with.12": "aces",
    "hand.high_card": "High card, {rank}",
    "hand.pair": "Pair of {ranks}",
    "hand.two_pair": "Two pair, {ranks} and {low}",
    "hand.three_of_a_kind": "Three of a kind, {ranks}",
    "hand.straight": "Straight, {rank} high",
    "hand.flush": "Flush, {rank} high",
    "hand.full_house": "Full house, {ranks} full of {low}",
    "hand.four_of_a_kind": "Four of a kind, {ranks}",
    "hand.straight_flush": "Straight flush, {rank} high",
    "hand.royal_flush": "Royal flush",
    "hand.low": "{run} low",
    "hand.badugi": "{count}-card badugi, {run}",
    "hand.with.high_card": "{rank} high",
    "hand.with.pair": "a pair of {ranks}",
    "hand.with.two_pair": "two pair, {ranks} and {low}",
    "hand.with.three_of_a_kind": "three of a kind, {ranks}",
    "hand.with.straight": "a straight, {rank} high",
    "hand.with.flush": "a flush, {rank} high",
    "hand.with.full_house": "a full house, {ranks} full of {low}",
    "hand.with.four_of_a_kind": "four of a kind, {ranks}",
    "hand.with.straight_flush": "a straight flush, {rank} high",
    "hand.with.royal_flush": "a royal flush",
    "hand.with.low": "a low of {run}",
    "hand.with.badugi": "a {count}-card badugi, {run}",
    "hand.kicker": "{hand}, {rank} kicker",
    # A hand's result, as worded from the engine's data.
    "result.muck": "{names} mucks.",
    "result.muck_many": "{names} muck.",
    "result.split_two_with": "{names} split {pot} of **{amount:int}**: both have {hand}.",
    "result.split_many_with": "{names} split {pot} of **{amount:int}**: each has {hand}.",
    "result.picture": "The showdown: the board and every hand shown, the winning cards raised.",
    # Games, by the code the engine gives them.
    "variant.NT": "No-limit Texas Hold'em",
    "variant.PT": "Pot-limit Texas Hold'em",
    "variant.FT": "Fixed-limit Texas Hold'em",
    "variant.ST": "Spread-limit Texas Hold'em",
    "variant.NS": "No-limit Short Deck Hold'em",
    "variant.NR": "No-limit Royal Hold'em",
    "variant.PO": "Pot-limit Omaha",
    "variant.FO": "Fixed-limit Omaha",
    "variant.PO/8": "Pot-limit Omaha Hi-Lo",
    "variant.FO/8": "Fixed-limit Omaha Hi-Lo",
    "variant.NP": "No-limit Pineapple",
    "variant.NCP": "No-limit Crazy Pineapple",
    "variant.FCP/8": "Fixed-limit Crazy Pineapple Hi-Lo",
    "variant.F7S": "Fixed-limit Seven Card Stud",
    "variant.F7S/8": "Fixed-limit Seven Card Stud Hi-Lo",
    "variant.FR": "Fixed-limit Razz",
    "variant.F5D": "Fixed-limit Five Card Draw",
    "variant.N2L1D": "No-limit Deuce-to-Seven Single Draw",
    "variant.F2L3D": "Fixed-limit Deuce-to-Seven Triple Draw",
    "variant.FB": "Fixed-limit Badugi",
    "variant.NSS": "No-limit Short Deck Hold'em, straight over three of a kind",
    "variant.FM": "Fixed-limit Manila",
    "variant.NDT": "No-limit Double Texas Hold'em",
    "variant.NDB": "No-limit Double-board Hold'em, each board half the pot",
    "variant.NDBA": "No-limit Double-board Hold'em, best hand takes all",
    # /history: each hand in a line, and how it went.
    "history.hand": "**Hand {hand_no}** · {game} · <#{channel_id}> · **{net:+int}**",
    "history.hand_tournament": (
        "**Hand {hand_no}** · {game} · <#{channel_id}> · **{net:+int}** tournament chips"
    ),
    "history.cards": "your cards {cards}",
    "history.board": "board {board}",
    "history.board_numbered": "board {number} {board}",
    "history.outcome.won_showdown": "won with {hand}",
    "history.outcome.won": "won without a showdown",
    "history.outcome.lost_showdown": "lost the showdown with {hand}",
    "history.outcome.folded": "folded",
    "history.outcome.lost": "lost",
    # /poker deck
    "command.poker.deck.description": "Choose how cards look to you: two colours or four.",
    "command.poker.deck.deck": "The deck",
    "command.poker.deck.two_colour": "Two colours (classic: black and red)",
    "command.poker.deck.four_colour": "Four colours (♠ black, ♥ red, ♦ blue, ♣ green)",
    "tables.deck_two_colour": (
        "Your cards now come in the classic two-colour deck: ♠ and ♣ black, ♥ and ♦ red."
    ),
    "tables.deck_four_colour": (
        "Your cards now come in the four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green."
    ),
    # /stats: the figures players compare, and the chart.
    "stats.figures": "Figures over {hands:int} hands",
    "stats.figures_value": (
        "VPIP **{vpip}** · PFR **{pfr}** · aggression **{aggression}**\n"
        "went to showdown **{went}** · won at showdown **{won}**\n"
        "**{bb}** big blinds per 100 hands (cash tables)"
    ),
    "stats.percent": "{value}%",
    "stats.decimal_point": ".",
    "stats.nothing_yet": "—",
    "stats.chart.title": "{name}: chips over the last {count:int} hands",
    "stats.chart.hands": "Hands",
    "stats.chart.chips": "Chips won or lost",
    "stats.chart.session": "Session {n}",
    "stats.chart.alt": (
        "A chart of {name}'s chips over the last {count:int} hands: {net:+int} in all."
    ),
    # First contact and operators' mistakes (issue 11), read by whoever starts the bot.
    "launcher.lease_held": (
        "Another Croupier is running on this database (held by {holder}, for {seconds:int} s "
        "more unless it renews): stop it first, or point CROUPIER_DATABASE at another file."
    ),
    "launcher.lease_lost": (
        "Another process took over this database's lease; this one stops acting now."
    ),
    "launcher.no_network": (
        "Cannot reach Discord ({reason}): trying again in {seconds:int} s (attempt {attempt:int})."
    ),
    "launcher.ignored_setting": (
        "{name} is ignored: it only counts when set in the environment together with "
        "CROUPIER_ALLOW_TEST_ENDPOINTS=true, for tests against a fake Discord."
    ),
    # Shards and processes (issue 16), read by whoever starts the bot.
    "settings.shard_ids": (
        "CROUPIER_SHARD_IDS must list shard numbers such as 0,1 or 0-3, not '{value}'."
    ),
    "settings.shard_ids_need_count": (
        "CROUPIER_SHARD_IDS needs CROUPIER_SHARD_COUNT too: set it to the number of shards "
        "all processes share."
    ),
    "settings.shard_outside": (
        "CROUPIER_SHARD_IDS names shard {shard:int}, but CROUPIER_SHARD_COUNT={count:int} has "
        "shards 0 to {last:int} only."
    ),
    "settings.shards_need_postgresql": (
        "CROUPIER_SHARD_IDS leaves some of the {count:int} shards to other processes, and a "
        "SQLite file serves one process only: set CROUPIER_DATABASE to a PostgreSQL URL "
        "(docs/OPERATORS.md, Several processes)."
    ),
    "launcher.shard_lease_held": (
        "Shard {shard} is already run by another Croupier on this database (held by {holder}, "
        "for {seconds:int} s more unless it renews): stop it first, or give this process other "
        "shards in CROUPIER_SHARD_IDS."
    ),
    "launcher.whole_bot_running": (
        "Another Croupier runs every shard on this database (held by {holder}, for "
        "{seconds:int} s more unless it renews): stop it before starting processes with "
        "CROUPIER_SHARD_IDS."
    ),
    "launcher.shards_running": (
        "Another Croupier runs shard {shard} on this database (held by {holder}, for "
        "{seconds:int} s more unless it renews): give this process CROUPIER_SHARD_COUNT and "
        "CROUPIER_SHARD_IDS too, or stop the others first."
    ),
    "launcher.upgrade_while_running": (
        "This Croupier would change the database's schema while another process still serves "
        "it ({name}, held by {holder}): stop every process before an upgrade."
    ),
    "database.is_folder": (
        "CROUPIER_DATABASE is {path}, which is a folder: set it to a file in it, such as "
        "{path}/croupier.db."
    ),
    "database.no_folder": (
        "CROUPIER_DATABASE is {path}, but the folder {folder} does not exist: create it or "
        "choose another path."
    ),
    "database.read_only": (
        "CROUPIER_DATABASE is {path}, which cannot be written ({reason}): make it writable or "
        "choose another file."
    ),
    "database.folder_read_only": (
        "CROUPIER_DATABASE is {path}, but its folder {folder} cannot be written ({reason}), and "
        "SQLite keeps its journal beside the database: choose a writable folder."
    ),
    "database.cannot_open": (
        "CROUPIER_DATABASE is {path}, which SQLite cannot use ({reason}): choose another file."
    ),
    "database.cannot_connect": (
        "{name} is {url}, but that PostgreSQL database cannot be used ({reason}): check that "
        "the server runs, that the database exists and that the user may log in."
    ),
    # Moving a SQLite database into PostgreSQL (python -m bot.copy_database, issue 16).
    "copy.no_source": "There is no SQLite database at {path}.",
    "copy.not_postgresql": (
        "The target must be a PostgreSQL URL such as postgresql://croupier@localhost/croupier, "
        "not {target}."
    ),
    "copy.target_not_empty": (
        "The PostgreSQL database {url} already holds data (table {table} has rows): copy into "
        "an empty database."
    ),
    "copy.columns_differ": (
        "Table {table} has other columns in the two databases ({difference}); both should have "
        "been migrated by this version of Croupier."
    ),
    "copy.copied": "Copied {rows:int} rows of {tables:int} tables from {source} to {target}.",
    "copy.audit_of": "The audit of {database}:",
    "copy.audits_agree": (
        "Both audits are clean and agree line for line. To run on PostgreSQL from now on, set "
        "CROUPIER_DATABASE to its URL ({target}, with the password if it has one) and start "
        "the bot."
    ),
    "copy.audits_differ": (
        "The two audits are not both clean or do not agree (see above): keep running on SQLite."
    ),
    # Who may open tables (issue 11).
    "tables.limit_member": (
        "You already have {count:int} open tables on this server, the most one member may "
        "have: close one with /poker close first."
    ),
    "tables.limit_server": (
        "This server already has {count:int} open tables, the most it allows: close one first."
    ),
    "tables.no_thread_permission": (
        "You may not create threads here, so the table cannot open in a new thread: leave out "
        "the thread option, or ask a moderator."
    ),
    "tables.close_changed": (
        "The table in this channel changed while your command was on its way; nothing was "
        "closed. Try again if you still want to close it."
    ),
    "cashier.seat_changed": (
        "Your seat changed while your request was on its way (seat {seat_no}); nothing was "
        "moved. Try again."
    ),
    # Your seat (issue 13): the private seat view, pre-actions, time banks, turn notices.
    "engine.pre_action_not_offered": "That choice is not open to you now.",
    "engine.nothing_to_show": "You have no cards you may show now.",
    "engine.show_all_or_nothing": "In this game you may show your whole hand only.",
    "engine.card_shown_already": "You have shown that card already.",
    "seat.may_show": "Until the next deal you may show your cards to the table.",
    "seat.show_all": "Show my hand",
    "seat.show_rest": "Show {cards} too",
    "seat.show_one": "Show {card} only",
    "table.shows_after": "**{name}** shows {cards} (hand {hand_no}).",
    "tables.shown": "You showed {cards} to the table (hand {hand_no}).",
    "command.poker.show.description": (
        "Show your hand: at the showdown on your turn, or after winning with nobody calling."
    ),
    "command.poker.show.card": "All your cards, or (in Hold'em) just one",
    "command.poker.show.all": "All",
    "command.poker.show.first": "The first card only",
    "command.poker.show.second": "The second card only",
    "seat.title": "Your seat, hand {hand_no}",
    "seat.to_call": (
        "To call: **{price:int}** into a pot of **{pot:int}**: pot odds {ratio} to 1 "
        "(you need {percent} % to break even)"
    ),
    "seat.nothing_to_call": "Nothing to call; the pot is **{pot:int}**.",
    "seat.stack": "Your stack: **{stack:int}**",
    "seat.time_bank": "time bank: **{seconds}** s",
    "seat.your_turn": "**It is your turn.** Act here, or on the table.",
    "seat.hand_over": "The hand is over.",
    "seat.choose": "Decide before your turn (only you see this):",
    "seat.chosen": "Chosen before your turn: **{choice}**. Only you see this.",
    "seat.pre.check_fold": "Check/fold",
    "seat.pre.check": "Check",
    "seat.pre.call": "Call {amount:int}",
    "seat.pre.call_any": "Call any",
    "seat.pre.fold_any": "Fold to any bet",
    "seat.pre.clear": "Clear my choice",
    "table.on_time_bank": "⏳ **{name}** is using their time bank.",
    "table.time_bank": "Time bank: {seconds} s per player.",
    "table.time_bank_refilled": (
        "Time bank: {seconds} s per player, {add} s more every {every} hands."
    ),
    "table.notify_hint": "Want to be told when it is your turn? Use /poker notify.",
    "engine.time_bank": (
        "A time bank is given as seconds, or seconds+added/hands (for example 30 or "
        "30+5/10), each at most {high} seconds."
    ),
    "notice.dm": "It is your turn in {channel} (hand {hand_no}).",
    "notice.mention": "{mention}, it is your turn (hand {hand_no}).",
    "notice.dm_again": "It is your turn again in {channel} (hand {hand_no}).",
    "tables.notify_none": "You will not be told when it is your turn.",
    "tables.notify_dm": (
        "From now on you get a DM when it is your turn and you have not acted within a few "
        "seconds: one DM a hand, updated at your later turns."
    ),
    "tables.notify_mention": (
        "From now on a short message in the table's channel mentions you when it is your "
        "turn and you have not acted within a few seconds, at most once a hand."
    ),
    "command.poker.notify.description": "Choose how you are told that it is your turn.",
    "command.poker.notify.setting": "How to tell you",
    "command.poker.notify.none": "Not at all",
    "command.poker.notify.dm": "By DM",
    "command.poker.notify.mention": "Mention me in the channel",
    "command.poker.create.time_bank": (
        "Time bank per player: seconds, or seconds+added/hands (e.g. 30+5/10)"
    ),
    # The home-game options (bot.tables.home_game).
    "action.run_twice": "{name} asks to run it twice",
    "action.run_once": "{name} asks to run it once",
    "acted.run_twice": "You asked for the rest of the board twice; it is, if everyone agrees.",
    "acted.run_once": "You asked for the rest of the board once.",
    "button.run_twice": "Run it twice",
    "button.run_once": "Run it once",
    "button.rabbit_hunt": "Rabbit hunt",
    "home.odds": "Chances before the flop: {chances}",
    "home.odds_on": "Chances on {board}: {chances}",
    "home.odds_cards": "Chances with {cards} cards each: {chances}",
    "home.odds_second_run": "Second run · {line}",
    "home.odds_board": "Board {number} · {line}",
    "home.chances": "{name} {win} %",
    "home.chances_tie": "{name} {win} % (split {tie} %)",
    "home.chances_hilo": "{name} scoop {win} %, half {half} %, split {tie} %",
    "home.run_it_twice_choosing": (
        "All in: run it twice? Still to choose: {names} (no answer in time: once)."
    ),
    "home.run_twice": "The board is run twice: each board wins half of every pot.",
    "home.bomb_pot": "Bomb pot: everyone posted {amount:int}; no betting before the flop.",
    "home.bounty": "7-2 bounty: {name} collects {amount:int}.",
    "home.rabbit": "**Hand {hand_no}** · rabbit hunt: {cards} would have come.",
    "home.rabbit_board": "board {number}: {cards}",
    "home.no_rabbit": (
        "There is no rabbit to hunt now: the last hand is not over or its board was complete."
    ),
    "home.no_rabbit_hunt": "This table does not hunt rabbits.",
    "home.options_saved": (
        "The home-game options are saved; they apply from the next hand: {options}"
    ),
    "home.options_none": "none",
    "home.option.run_it_twice": "run it twice",
    "home.option.rabbit_hunt": "rabbit hunt",
    "home.option.bomb_pot": "bomb pots of {amount:int}",
    "home.option.bomb_pot_every": "every {hands} hands",
    "home.option.double_board": "double board",
    "home.option.seven_deuce_bounty": "7-2 bounty {amount:int}",
    "home.not_creator": "Only the player who opened the table can change its home-game options.",
    "engine.no_bomb_pots": "This table plays no bomb pots.",
    "home.bomb_vote": (
        "{name} votes for a bomb pot ({votes} of {needed} votes: {missing} more needed)."
    ),
    "home.bomb_voted_before": (
        "You have voted for a bomb pot already ({votes} of {needed} votes: {missing} more needed)."
    ),
    "engine.bomb_sitting_out": (
        "Only players dealt in vote for a bomb pot: use /poker sitin to vote."
    ),
    "home.bomb_voted": "The table voted: the next hand is a bomb pot.",
    "engine.bomb_already": "The next hand is a bomb pot already.",
    "engine.bomb_pot": "A bomb pot is 1 chip or more, not {amount:int}.",
    "engine.bomb_pot_options_alone": "Bomb pot options need a bomb pot amount.",
    "engine.bomb_pot_every": "Bomb pots come every 1 to {high} hands, not {hands}.",
    "engine.seven_deuce_bounty": "The 7-2 bounty cannot be {amount:int}.",
    "command.poker.homegame.description": "Home-game options of this table (its opener only).",
    "command.poker.homegame.run_it_twice": "All in before the river: players may run it twice",
    "command.poker.homegame.rabbit_hunt": (
        "After a hand, anyone may see the board that would have come"
    ),
    "command.poker.homegame.bomb_pot": "Bomb pot amount everyone posts (0: no bomb pots)",
    "command.poker.homegame.bomb_pot_every": (
        "A bomb pot every N hands (0: only when the table votes)"
    ),
    "command.poker.homegame.double_board": "Bomb pots are dealt to two boards",
    "command.poker.homegame.seven_deuce_bounty": "7-2 bounty each other player pays (0: none)",
    "command.poker.bomb.description": "Vote for a bomb pot in the next hand.",
    # Closing fairly, DMs, restarts (issue 11, the runner's side).
    "table.closing": (
        "This table closes when the hand in progress ends: nobody can join, top up or start "
        "a game any more."
    ),
    "table.closing_notice": (
        "**This table closes when this hand ends.** The hand is played out, then every stack "
        "goes back to its owner."
    ),
    "table.closed_after_hand": (
        "The hand is over and the table is closed: every stack went back to its owner."
    ),
    "table.hand_voided_by": (
        "Hand {hand_no} was voided by {name} and the table closed. Reason: {reason}. Every "
        "stack is back to what it was when the hand began."
    ),
    "table.void_reason_gone": "the table's channel is gone",
    "table.may_not_void": (
        "Only someone who can manage this channel may void the hand in progress. Leave out "
        "void_reason and the table closes when this hand ends."
    ),
    "table.may_not_end_tournament": (
        "This tournament has begun: only someone who can manage this channel may end it early "
        "and share the prize pool by chips."
    ),
    "tables.closing": (
        "The table closes when the hand in progress ends; every stack then goes back to its owner."
    ),
    "tables.void_reason_empty": (
        "Say in a few words why the hand is voided (at most 200 characters): the table is told."
    ),
    "command.poker.close.void_reason": (
        "Void the hand in progress now, for this reason (moderators only)"
    ),
    "table.sat_out_too_long": (
        "{name} sat out for more than {minutes:int} minutes: the seat is free again and the "
        "stack went back to its owner's balance."
    ),
    "table.the_croupier": "the croupier",
    # Computer players (issue 14).
    "computer.name": "Bot {name}",
    "computer.style_name.balanced": "balanced",
    "computer.style_name.tight_passive": "tight-passive",
    "computer.style_name.tight_aggressive": "tight-aggressive",
    "computer.style_name.loose_aggressive": "loose-aggressive",
    "computer.style_name.calling_station": "calling station",
    "computer.style.balanced": (
        "Plays a solid mix: selective starting hands, bets its good hands, bluffs now and then "
        "and folds when the price is wrong."
    ),
    "computer.style.tight_passive": (
        "Plays few hands and rarely raises: it checks and calls, and a bet from it usually "
        "means a strong hand."
    ),
    "computer.style.tight_aggressive": (
        "Plays few hands but plays them hard: it raises rather than calls and keeps betting "
        "when it has the best of it."
    ),
    "computer.style.loose_aggressive": (
        "Plays many hands and puts pressure on with frequent bets, raises and bluffs."
    ),
    "computer.style.calling_station": (
        "Plays lots of hands and hates to fold: it calls bet after bet and seldom raises "
        "without a big hand."
    ),
    "command.poker.create.computer_players": (
        "Whether /poker addbot may seat computer players here (default: yes)"
    ),
    "command.poker.addbot.description": "Seat a computer player, staked by the house bank.",
    "command.poker.addbot.style": "How it plays (default: balanced)",
    "command.poker.addbot.seat": "The seat it takes (default: the first free one)",
    "command.poker.addbot.style.balanced": "Balanced: a solid mix, bluffs now and then",
    "command.poker.addbot.style.tight_passive": "Tight-passive: few hands, checks and calls",
    "command.poker.addbot.style.tight_aggressive": "Tight-aggressive: few hands, played hard",
    "command.poker.addbot.style.loose_aggressive": "Loose-aggressive: many hands, bets and bluffs",
    "command.poker.addbot.style.calling_station": "Calling station: calls almost anything",
    "command.poker.removebot.description": "Let a computer player go; its chips go to the bank.",
    "command.poker.removebot.seat": "Its seat (default: the computer player seated last)",
    "computer.added": (
        "{name} ({style}) sits in seat {seat} with **{amount:int}** chips from the house bank. "
        "{about}"
    ),
    "computer.registered": (
        "{name} ({style}) is registered in seat {seat}; the house bank paid its buy-in of "
        "**{amount:int}**, and any prize it wins goes back to the bank. {about}"
    ),
    "computer.removed": "{name} left; its **{amount:int}** chips went back to the house bank.",
    "computer.removed_later": (
        "{name} leaves when this hand ends; its chips then go back to the house bank."
    ),
    "computer.not_allowed": "This table does not allow computer players.",
    "computer.unknown_style": "There is no style “{style}”. Choose one of: {styles}.",
    "computer.none_seated": "No computer player sits at this table.",
    "computer.no_leave_tournament": (
        "This tournament has begun: a computer player plays it to the end, like everyone."
    ),
    "computer.left_idle": (
        "No member has played here for a while, so the computer players have left; "
        "their **{amount:int}** chips went back to the house bank. "
        "`/poker addbot` brings them back whenever you like."
    ),
    "computer.not_in_seat": "No computer player sits in seat {seat}.",
    "computer.not_owner": (
        "Only the player who opened this table, or someone who can manage this channel, "
        "can add or remove computer players."
    ),
    "stats.against_computers": "Against computer players",
    "stats.against_computers_value": (
        "{hands:int} hands with them at the table · {net:+int} chips at cash tables"
    ),
    # Show or muck at the showdown (issue 13): a hand that cannot win, on its turn.
    "action.show": "{name} shows",
    "action.muck": "{name} mucks",
    "acted.show": "You showed your hand.",
    "acted.muck": "You mucked your hand: nobody sees it.",
    "button.show": "Show",
    "button.muck": "Muck",
    "table.show_or_muck": "showdown: show or muck (the clock mucks)",
    "seat.show_or_muck": (
        "Your hand cannot win at the showdown: show it, or muck it unseen (the clock mucks)."
    ),
    "table.show_whole_at_showdown": (
        "At the showdown you show your whole hand, or muck it unseen."
    ),
    "command.poker.muck.description": "At the showdown, throw away a hand that cannot win, unseen.",
    # Losing does not end the evening (issue 23): the way back to a table, refills,
    # grants by members who can manage the server, the waiting table's buttons.
    "table.out_of_chips": "{name} is out of chips.",
    "way_back.top_up": (
        "**Top up** on the table (or /poker topup) brings chips from your balance "
        "(**{chips:int}** there), or /poker leave gives the seat up."
    ),
    "way_back.refill_now": (
        "Too few chips are left for any table here: /refill brings your balance back up to "
        "**{chips:int}** now, then **Top up** on the table."
    ),
    "way_back.daily": (
        "/daily adds **{chips:int}** to your balance now, enough to **Top up** on the table."
    ),
    "way_back.refill_later": (
        "Your next refill (your balance back up to **{chips:int}**) opens at {opens} "
        "({when}): use /refill then."
    ),
    "way_back.ask_admin": (
        "This server gives no refills now: ask a member who can manage the server to grant "
        "you chips (/chips grant)."
    ),
    "command.refill.description": (
        "Out of chips for every table here? Bring your balance back up to play again."
    ),
    "refill.paid": (
        "Refilled: **{amount:int}** chips, your balance is now **{balance:int}**. Your next "
        "refill opens {when}. Back to a table: **Top up** where you sit, or **Sit down** "
        "(/poker join)."
    ),
    "refill.off": (
        "This server gives no refills: ask a member who can manage the server to grant you chips."
    ),
    "refill.not_broke": (
        "Refills are for players with too few chips for any table here: you have "
        "**{chips:int}**, and the smallest buy-in is **{smallest:int}**."
    ),
    "refill.not_yet": "Your next refill opens at {opens} ({when}).",
    "command.chips.description": "Chips for this server's players (members who manage the server).",
    "command.chips.grant.description": "Give a member chips from the house, with a reason.",
    "command.chips.grant.user": "The member who receives the chips",
    "command.chips.grant.amount": "How many chips to give",
    "command.chips.grant.reason": "Why (kept in the ledger)",
    "command.chips.grant_everyone.description": (
        "Give every player with a balance here chips from the house, with a reason."
    ),
    "command.chips.grant_everyone.amount": "How many chips each player receives",
    "command.chips.refill.description": (
        "How this server lets players who lost everything play again."
    ),
    "command.chips.refill.enabled": "Whether broke players may take refills",
    "command.chips.refill.chips": "The balance a refill brings a player back up to",
    "command.chips.refill.hours": "Hours from one refill of a player to their next",
    "chips.granted": (
        "Granted **{amount:int}** chips to {user} ({reason}). Their balance is now "
        "**{balance:int}** chips."
    ),
    "chips.granted_everyone": (
        "Granted **{amount:int}** chips to each of the **{count:int}** players with a balance "
        "here ({reason})."
    ),
    "chips.not_manager": (
        "Only members who can manage the server grant chips and set the refill rule."
    ),
    "chips.reason_empty": (
        "Say in a few words why the chips are granted (at most 200 characters): the ledger "
        "keeps it."
    ),
    "chips.refill_on": (
        "Refills are on: a player with too few chips for any table here may bring their "
        "balance back up to **{chips:int}**, once every **{hours:int}** hours."
    ),
    "chips.refill_off": (
        "Refills are off: a player who loses everything plays again with /daily or chips "
        "granted with /chips grant."
    ),
    "button.sit_down": "Sit down",
    "button.leave": "Leave",
    "button.top_up": "Top up",
    "sit_form.title": "Sit down",
    "sit_form.buy_in": "Buy-in ({low:int} to {high:int})",
    "sit_form.buy_in_about": "Your balance is {balance:int}; half of it is filled in.",
    "sit_form.seat": "Seat",
    "sit_form.seat_about": "Empty: the first free seat.",
    "top_up_form.title": "Top up",
    "top_up_form.amount": "Chips to add (up to {high:int})",
    "top_up_form.amount_about": "Your stack is {stack:int}; your balance {balance:int}.",
    "way_back.refusal": "{refusal} {step}",
    "command.poker.autotopup.description": "Top your stack up automatically between hands.",
    "command.poker.autotopup.up_to": "Back up to this many chips (empty: automatic top-ups off)",
    "command.poker.autotopup.below": "Whenever your stack is below this (default: the same)",
    "tables.auto_top_up_on": (
        "Between hands, whenever your stack at a cash table here is below **{below:int}**, "
        "it is topped up to **{up_to:int}** from your balance (never above the table's "
        "maximum buy-in)."
    ),
    "tables.auto_top_up_off": "No more automatic top-ups: use **Top up** or /poker topup.",
    "tables.auto_top_up_order": (
        "The stack to top up below (**{below:int}**) cannot be above the stack to top up to "
        "(**{up_to:int}**)."
    ),
    "table.waiting_buttons": (
        "Waiting for players: two are needed. **Sit down** below or use /poker join "
        "(buy-in {low:int} to {high:int})."
    ),
    # Home rules agreed, not sprung (issue 24).
    "engine.bomb_pot_too_large": (
        "A bomb pot is at most {big_blinds} big blinds ({most:int} chips) here."
    ),
    "engine.seven_deuce_too_large": (
        "The 7-2 bounty is at most {big_blinds} big blinds ({most:int} chips) here."
    ),
    "home.options_pending": (
        "What raises what a player can lose waits one full hand, so that anyone may "
        "leave first: from hand {hand_no}: {options}"
    ),
    "home.changed": "**Home rules changed** by the table's opener. From the next hand: {options}.",
    "home.changed_pending": (
        "From hand **{hand_no}**, after one full hand in which anyone who does not agree "
        "may leave: {options}."
    ),
    "table.home_rules": "Home rules: {options}",
    "table.home_rules_pending": "from hand {hand_no}: {options}",
    "table.tournament_no_member": (
        "A tournament starts with a member registered, not with computer players alone."
    ),
    "engine.restraddle_too_small": "A re-straddle is at least {amount:int} (twice the straddle).",
    "command.poker.straddle.restraddle_to": (
        "No limit: re-straddle to this many chips after a straddle (default: twice it)"
    ),
    "tables.straddle_on_to": (
        "You straddle from the next hand on whenever you are first to act after the big blind, "
        "and re-straddle to **{amount:int}** after a straddle (to twice the straddle before "
        "when that is more)."
    ),
    # An error inside a hand (issue 24): the hand is voided, the table goes on.
    "table.hand_failed": (
        "Something went wrong on our side in hand {hand_no}, so it is voided: every stack is "
        "back to what it was when the hand began."
    ),
    "table.hand_failed_voided": (
        "Something went wrong on our side while hand {hand_no} was being played, so it is "
        "voided: every stack is back to what it was when the hand began. The next hand is "
        "dealt as usual."
    ),
    "table.void_reason_failed": "something went wrong on our side and the hand could not go on",
    # A seat you can play from (issue 23): the seat view's turn, and its 15 minutes.
    "seat.expiring": (
        "This view stops updating {when}: then open a new one with **My cards** on the table."
    ),
    "seat.expired": "This view no longer updates: open a new one with **My cards** on the table.",
    "seat.superseded": "This view no longer updates: your newer one does.",
    "seat.stale_hand": "Those buttons belong to a hand that is over; nothing was done.",
    "seat.stale_button": (
        "The hand moved on before your click; nothing was done. Your seat shows it as it is now."
    ),
    # The engine's rules of a table's configuration (engine.table_config, engine.RulesError).
    "engine.mix_first_game": "{mix} starts with {game}.",
    "engine.mix_stakes": "A mixed game's stakes are two blinds; each game derives its own.",
    "engine.cash_or_tournament": (
        "Give the stakes of a cash game or the blind schedule of a tournament."
    ),
    "engine.jackpots_ante": "Jackpots need an ante from every player.",
    "engine.stakes_negative": "Antes, the bring-in and bet sizes cannot be negative.",
    "engine.ante_kind": "Give an ante together with who posts it, or neither.",
    "engine.level_length": (
        "A blind level lasts either a number of hands or a number of seconds, at least one."
    ),
    "engine.schedule_empty": "A blind schedule has at least one level.",
    "engine.schedule_ante_kind": "The schedule has antes; say who posts them.",
    "engine.schedule_last_level": "Only the last level may last forever.",
    "engine.rotation_empty": "A mix needs at least one game.",
    "engine.rotation_unknown": "{mix} names games this table cannot deal: {codes}.",
    # The option min_players: the fewest players a table deals to.
    "engine.min_players": (
        "The fewest players to deal to is from {low} to {high} (the seats), not {count}."
    ),
    "engine.min_players_waiting": "This table deals when {count} players are playing.",
    "command.poker.create.min_players": (
        "The fewest players a hand is dealt to (default 2, at most the seats)"
    ),
    "table.min_players": "Deals to {count} players or more",
    # The host's cash game (issue 28): the session ledger and nights of session chips.
    "ledger.title": "Session ledger",
    "ledger.title_session_chips": "Session ledger · session chips",
    "ledger.footer": (
        "Since the table opened. Nets and the house's rake add up to zero; stacks still at the "
        "table count as they stand."
    ),
    "ledger.footer_session_chips": (
        "Since the table opened. Session chips ({stack:int} each to sit): no balance changed, "
        "settle up among yourselves."
    ),
    "tables.joined_session_chips": (
        "You sit in seat {seat} with **{amount:int}** session chips; your balance is untouched."
    ),
    "tables.left_now_session_chips": (
        "You left the table with **{amount:int}** session chips; your balance is untouched."
    ),
    "tables.topped_up_session_chips": (
        "You added **{amount:int}** session chips; your stack is **{stack:int}**, and your "
        "balance is untouched."
    ),
    "sit_form.buy_in_about_session_chips": "Session chips: everyone sits with {balance:int}.",
    "top_up_form.amount_about_session_chips": (
        "Your stack is {stack:int}; session chips, no balance touched."
    ),
    "ledger.rebuy_session_chips": (
        "**Top up** on the table (or /poker topup) buys back in with **{stack:int}** session "
        "chips, counted in the night's ledger; no balance is touched."
    ),
    "table.session_chips": "Session chips: **{stack:int}** each, no balance touched",
    "ledger.tournament": (
        "A tournament keeps no session ledger: its buy-ins are in the prize pool."
    ),
    "ledger.empty": "Nobody has bought in at this table yet.",
    "ledger.computer_player": "A computer player",
    "ledger.bought_in": "bought in **{amount:int}**",
    "ledger.topped_up": "topped up **{amount:int}**",
    "ledger.cashed_out": "cashed out **{amount:int}**",
    "ledger.at_table": "at the table **{amount:int}**",
    "ledger.net": "net **{net:+int}**",
    "ledger.rake": "The house · rake **{amount:int}**",
    "ledger.carried_pot": "Jackpot still in the pot · **{amount:int}**",
    "command.poker.ledger.description": (
        "Who bought in and cashed out at this table tonight, and who is up or down"
    ),
    "command.poker.session_chips.description": (
        "Open a table for a night of session chips: everyone sits with the same stack."
    ),
    "command.poker.session_chips.session_chips": (
        "A night of session chips: everyone sits with this many, no balance is touched"
    ),
    "table.config.session_chips_alone": (
        "Session chips are for a cash table without rake or jackpots, and they set everyone's "
        "buy-in: leave out tournament, rake, jackpots and the buy-in range."
    ),
    "table.config.session_chips": (
        "Session chips must be from {low:int} (one big blind) to {high:int}, not {amount:int}."
    ),
    "tables.created_session_chips": (
        "A table of **{variant}** at {small_blind:int}/{big_blind:int} is open in {channel}, "
        "played with session chips: everyone sits with **{stack:int}**, and no balance changes. "
        "**/poker ledger** shows who is up and down."
    ),
    # Seasons and records (issue 28; bot/seasons.py, bot/records.py, cogs/seasons.py).
    "command.season.description": "Seasons of this server: standings over many tournaments",
    "command.season.start": "Start a season (members who can manage the server)",
    "command.season.start.name": "The season's name",
    "command.season.start.period": (
        "monthly, quarterly, or its first and last day: 2027-01-01..2027-03-31"
    ),
    "command.season.start.formula": "How a finishing place turns into points",
    "command.season.standings": "The standings of the season running, or of the last one",
    "command.season.mark": "Whether the tournament in this channel counts for the season",
    "command.poker.season.season": (
        "true: this tournament counts for the season (the default); false: it does not"
    ),
    "command.records.description": (
        "This server's records: biggest pot, most tournaments won, longest winning streak"
    ),
    "season.formula.top_ten": "25-18-15-12-10-8-6-4-2-1 for the first ten",
    "season.formula.sqrt": "10 × √(entrants ÷ place)",
    "season.formula.field": "entrants − place + 1",
    "season.started": (
        "Season **{name}** runs from {first} to {last}; points: {formula}. Every tournament"
        " of this server that ends in it counts, unless marked out with"
        " `/season mark season:false` in its channel."
    ),
    "season.managers_only": "Only members who can manage this server can start a season.",
    "season.bad_name": "A season's name has 1 to {most} characters.",
    "season.bad_formula": "There is no points formula called {formula}.",
    "season.bad_period": (
        "“{period}” is not a period: write monthly, quarterly, or the first and last day"
        " like 2027-01-01..2027-03-31."
    ),
    "season.over_already": (
        "A season from {first} to {last} cannot start: its last day must come after its"
        " first and not before today."
    ),
    "season.too_long": "A season lasts {days} days at most.",
    "season.overlaps": "Those days overlap the season {name} ({first} to {last}).",
    "season.none": (
        "This server has not run a season yet. A member who can manage it starts one"
        " with `/season start`."
    ),
    "season.about": "{first} to {last} · points: {formula} · tournaments counted: {tournaments}",
    "season.standings_title": "Season standings: {name}",
    "season.line": "{rank}. {user}: **{points}** points (tournaments: {tournaments}, won: {wins})",
    "season.empty": "No tournament has counted yet.",
    "season.end_footer": "Season #{id}",
    "season.over_title": "Season over: {name}",
    "season.champion": "🏆 {user} wins the season with **{points}** points!",
    "season.nobody": "No tournament counted for this season.",
    "season.not_a_tournament": "There is no tournament in this channel to mark.",
    "season.mark_not_yours": (
        "Only the member who opened this tournament, or one who can manage the server, can mark it."
    ),
    "season.marked_in": "This tournament counts for the season.",
    "season.marked_out": "This tournament does not count for the season.",
    "records.title": "Records of this server",
    "records.biggest_pot": "Biggest pot (cash tables)",
    "records.biggest_pot.value": "{user}: **{value:int}** chips",
    "records.most_tournaments_won": "Most tournaments won",
    "records.most_tournaments_won.value": "{user}: **{value:int}**",
    "records.longest_winning_streak": "Longest winning streak (cash sessions ended ahead in a row)",
    "records.longest_winning_streak.value": "{user}: **{value:int}** sessions",
    "records.nobody": "Nobody yet.",
    # Rebuys, add-on and knockout bounties of a sit-and-go (issue 28).
    "engine.rebuy_levels": "Rebuys last 0 to {high} levels, not {levels}.",
    "engine.add_on_amounts": (
        "An add-on needs both its price and its chips (each from 1 chip), or neither."
    ),
    "engine.add_on_without_rebuys": "An add-on comes at the end of the rebuy levels: set some.",
    "engine.bounty_amount": "A bounty is 0 chips or more, not {amount:int}.",
    "engine.progressive_without_bounty": "A progressive knockout needs a bounty.",
    "engine.bounty_too_large": (
        "The bounty ({amount:int} chips) must be less than the buy-in ({buy_in:int})."
    ),
    "engine.payout_percentages": (
        "A payout table gives each place 1 % or more, no place more than a better one, "
        "100 % in all, for 1 to {high} places."
    ),
    "engine.extras_tournament_only": "Rebuys, add-ons and bounties are for tournaments.",
    "engine.no_rebuys": "This tournament has no rebuys.",
    "engine.rebuys_over": "The rebuy period is over.",
    "engine.rebuy_in_hand": "You can rebuy once your hand is over.",
    "engine.rebuy_stack_too_large": (
        "You can rebuy with {amount:int} chips or fewer in front of you."
    ),
    "engine.no_add_on": "This tournament has no add-on.",
    "engine.add_on_taken": "You have had your add-on.",
    "engine.add_on_not_yet": "The add-on comes in the last rebuy level.",
    "engine.add_on_over": "The add-on was in the last rebuy level; it is over.",
    "engine.add_on_in_hand": "You can take the add-on once your hand is over.",
    "tournament.rebuys": "🔁 {name} rebuys: **{chips:int}** chips for **{price:int}**.",
    "tournament.adds_on": "➕ {name} takes the add-on: **{chips:int}** chips for **{price:int}**.",
    "tournament.bounty": "🎯 {name} collects a bounty of **{amount:int}** chips for {busted}.",
    "tournament.bounty_progressive": (
        "🎯 {name} collects **{amount:int}** chips for {busted}; **{added:int}** go onto "
        "{name}'s own bounty."
    ),
    "tournament.own_bounty": "🎯 {name} keeps their own bounty of **{amount:int}** chips.",
    "table.rebuy_period": "🔁 Rebuys until the end of level {level}",
    "table.add_on_line": "➕ Add-on in level {level}: {chips:int} chips for {price:int}",
    "table.rebuys_over": "🔁 Rebuys are over",
    "table.bounties": "🎯 Bounties: {bounties}",
    "table.bounty_of": "{name} {amount:int}",
    "table.rebuy_before_start": "Rebuys and the add-on open when the tournament begins.",
    "table.rebuys_started": (
        "The tournament has begun: its rebuys, add-on, bounties and payouts stay as they are."
    ),
    "tournament.extras.rebuys": "rebuys until the end of level {levels}",
    "tournament.extras.add_on": "an add-on of {chips:int} chips for {price:int}",
    "tournament.extras.bounty": "a bounty of {amount:int} chips from each buy-in",
    "tournament.extras.progressive": (
        "a progressive bounty of {amount:int} chips from each buy-in"
    ),
    "tournament.extras.share": "{place} {percent} %",
    "tournament.extras.payouts": "payouts {shares}",
    "tournament.extras.none": "🔁 This tournament has no rebuys, add-on nor bounties.",
    "tournament.extras.set": "🔁 This tournament has {options}.",
    "tournament.extras.saved": "Saved. {text}",
    "command.poker.rebuys.description": (
        "A tournament's rebuys, add-on, bounties and payouts (its opener, before it begins)"
    ),
    "command.poker.rebuys.rebuy_levels": "Rebuys during this many first levels (0: none)",
    "command.poker.rebuys.add_on_price": "The add-on's price in the last rebuy level (0: none)",
    "command.poker.rebuys.add_on_chips": "The add-on's tournament chips",
    "command.poker.rebuys.bounty": "Chips of each buy-in set aside as a knockout bounty",
    "command.poker.rebuys.progressive_bounty": (
        "Progressive knockouts: half of a bounty won is paid, half goes on the winner's head"
    ),
    "command.poker.rebuys.payouts": "Your payout percentages, such as 50,30,20 (empty: by field)",
    "tournament.bounty_pool": "Bounties: **{pool:int}**.",
    "engine.busted_rebuy": (
        "You have no chips left: rebuy with the table's Rebuy button before the next hand ends."
    ),
    "tournament.may_rebuy": (
        "💸 {name} is out of chips and may rebuy until the end of the next hand."
    ),
    "engine.add_on_busted": "Rebuy first: the add-on is for players with chips.",
    "button.rebuy": "Rebuy",
    "button.add_on": "Add-on",
    "rebuy.done": "You rebought: **{chips:int}** chips for **{price:int}**.",
    "add_on.done": "Your add-on: **{chips:int}** chips for **{price:int}**.",
    # The web room (web/) and local play (python -m bot play).
    "web.call": "Call",
    "web.bet_to": "Bet",
    "web.raise_to": "Raise to",
    "web.bring_in": "Bring in",
    "web.complete_to": "Complete to",
    "web.watching": "You are watching this table.",
    "web.your_turn": "Your turn",
    # The page's regions as a screen reader names them (issue 26's polish).
    "web.table_region": "Table",
    "web.controls_region": "Your actions",
    "web.home_save": "Save the home rules",
    "web.to_act": "{name} to act",
    "web.next_hand": "Next hand in",
    "web.waiting": "Waiting for players",
    "web.sit_out": "Sit out",
    "web.sit_in": "I'm back",
    "web.folded": "Folded",
    "web.all_in": "All in",
    "web.sitting_out": "Sitting out",
    "web.dealer": "Dealer",
    "web.small_blind": "Small blind",
    "web.big_blind": "Big blind",
    "web.stack": "Stack",
    "web.bet": "Bet",
    "web.board": "Board",
    "web.pot": "Pot",
    "web.your_cards": "Your cards",
    "web.best_hand": "Best hand",
    "web.amount": "Amount",
    "web.draw": "Draw the chosen cards",
    "web.discard": "Discard the chosen cards",
    "web.stand_pat": "Stand pat",
    "web.connection_lost": "Connection lost. Reconnecting…",
    "web.table_closed": "This table is closed.",
    "web.empty_seat": "Empty seat",
    "web.card_back": "Face-down card",
    "web.buy_in": "Buy in",
    "web.malformed": "The table did not understand that request; nothing was changed.",
    "web.watching_only": "You are watching: only a seated player can do that.",
    # The table page's controls (issue 26: pre-actions, time bank, votes, deck, sound).
    "web.time_bank": "Time bank",
    "web.time_bank_running": "on the time bank",
    "web.run_twice_asked": "All in: run the rest of the board once or twice?",
    "web.bomb_vote": "Vote for a bomb pot",
    "web.bomb_called": "The next hand is a bomb pot",
    "web.deck": "Deck",
    "web.deck_two": "Two colours",
    "web.deck_four": "Four colours",
    "web.sound": "Sound on your turn",
    "web.seat_n": "Seat",
    "web.cancel": "Cancel",
    "web.show_card": "Show",
    "web.pre_actions": "Before your turn",
    "web.top_up_amount": "Chips to add",
    "play.earlier_table": "A new local table was opened",
    "play.ledger": "Your chips are kept in {path}",
    "play.open": "Your table is ready. Open this address in your browser (it lets you play):",
    # Replays of finished hands (issue 26: bot/replays.py, web/replays.py).
    "replay.posts": "{name} posts {amount:int}",
    "replay.returned": "{amount:int} goes back to {name}, not called",
    "replay.board_dealt": "The {street} is dealt",
    "replay.street.deal": "deal",
    "replay.street.draw": "draw",
    "replay.street.draw_1": "first draw",
    "replay.street.draw_2": "second draw",
    "replay.street.draw_3": "third draw",
    "replay.street.first": "first street",
    "replay.street.second": "second street",
    "replay.street.third": "third street",
    "replay.street.fourth": "fourth street",
    "replay.street.fifth": "fifth street",
    "replay.street.sixth": "sixth street",
    "replay.street.seventh": "seventh street",
    "replay.street.point_card": "point card",
    "replay.street.predraw": "before the draw",
    "replay.street.preflop": "preflop",
    "replay.street.flop": "flop",
    "replay.street.turn": "turn",
    "replay.street.river": "river",
    "replay.not_found": "There is no such hand to replay here.",
    "replay.back": "Back",
    # The replay page's regions as a screen reader names them (issue 26's polish).
    "replay.table_region": "Table",
    "replay.controls_region": "Replay",
    "replay.forward": "Forward",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.start": "Start",
    "replay.end": "End",
    "replay.street": "Jump to a street",
    "replay.step": "Step",
    "replay.share": "Share link (public cards only)",
    "replay.shared_note": "A shared replay: only the cards the table saw.",
    "replay.house_note": "The house's record: every card dealt.",
    "replay.pot": "Pot",
    "replay.folded": "Folded",
    "replay.all_in": "All in",
    "replay.card_back": "Face-down card",
    "replay.dealer": "Dealer",
    "replay.last_hands": "Your last hands",
    "replay.no_hands": "You have not finished a hand here yet.",
    "replay.hand_line": "Hand {hand_no} · {game} · {net:+int}",
    "replay.link": "[Replay]({url})",
    "replay.hand_link": "[{hand_no}]({url})",
    "replay.history_links": "Replays: {links}",
    "replay.link_line": "Replay: {url}",
    # Signing in to the web room with Discord (web/discord_signin.py), its settings, the link.
    "settings.public_url": (
        "CROUPIER_PUBLIC_URL must be the web room's public address, such as "
        "https://poker.example.org (a host of its own: no path, no query), not '{value}'."
    ),
    "settings.client_id": (
        "CROUPIER_CLIENT_ID must be the application's id from the developer portal "
        "(a positive whole number), not '{value}'."
    ),
    "settings.public_url_without_room": (
        "CROUPIER_PUBLIC_URL is {url} but CROUPIER_WEB_PORT is 0: no web room runs, so the "
        "tables offer no link. Set CROUPIER_WEB_PORT to the port your web server forwards to."
    ),
    "settings.sign_in_needs_secret": (
        "CROUPIER_CLIENT_SECRET is not set: the tables link to {url}, but everyone there only "
        "watches. Copy the client secret from the developer portal (OAuth2) to let members "
        "sign in and play."
    ),
    "settings.secret_without_public_url": (
        "CROUPIER_CLIENT_SECRET is set but CROUPIER_PUBLIC_URL is not: Discord needs the "
        "address to send players back to, so nobody can sign in. Set CROUPIER_PUBLIC_URL."
    ),
    "web.sign_in": "Sign in with Discord",
    "web.sign_out": "Sign out",
    "web.signed_in_as": "Signed in as {name}",
    "signin.state_unknown": (
        "This sign-in was already used, is too old, or began in another browser; nobody "
        "was signed in. Open the table again and sign in once more."
    ),
    "signin.denied": "Discord did not let Croupier know who you are, so you only watch.",
    "signin.refused": "Discord did not confirm who you are; nobody was signed in. Try again.",
    "signin.unavailable": "Discord could not be reached to sign you in. Try again in a moment.",
    "signin.foreign_origin": "That request did not come from this site; nothing was changed.",
    "signin.signed_out": "You are signed out.",
    "table.open_link": "Open the table",
    # The table as a Discord Activity (issue 27: web/activity.py, cogs/activity.py).
    "button.open_activity": "Open the table in Discord",
    "activity.launch_refused": (
        "The table cannot open in Discord here yet: the bot's admins have to enable "
        "Activities for it."
    ),
    "activity.off": "Opening the table in Discord is turned off on this bot.",
    "activity.no_web_port": (
        "CROUPIER_ACTIVITY is on but CROUPIER_WEB_PORT is not set: the Activity has no page "
        "to show, so the button is not offered."
    ),
    "activity.no_secret": (
        "CROUPIER_ACTIVITY is on but CROUPIER_CLIENT_SECRET is not set: nobody can sign in to "
        "the Activity, so the button is not offered."
    ),
    "activity.no_entry_point": (
        "CROUPIER_ACTIVITY is on but Discord has no entry point command for this application: "
        "turn on Activities in the developer portal (Activities → Settings)."
    ),
    "activity.ready": (
        "The table opens in Discord as an Activity: check the URL mapping in the developer "
        "portal points to this bot's public HTTPS address."
    ),
    "activity.sign_in_failed": (
        "Discord did not confirm who you are; close the Activity and open it again."
    ),
    "activity.not_in_instance": (
        "This Activity is not running for you in this channel; open it from the table's message."
    ),
    "activity.no_table": "No table is open in this channel.",
    "activity.signing_in": "Signing in with Discord…",
    "activity.unavailable": "Discord could not be asked just now; try again in a moment.",
    # Sign-ins begun from one address (web/sign_in_flood.py), issues 26 and 27.
    "signin.too_many": "Too many sign-ins from your address; try again in {seconds} seconds.",
    # The room's refusals in the reader's words (web/refusals.py), the Activity's
    # sign-out and its sign-ins per member, local play's seat (issues 26 and 27).
    "web.no_such_table": "No such table is open.",
    "web.no_table_open": "No table is open.",
    "web.not_found": "There is nothing at this address.",
    "web.foreign_socket": "This connection is only for the table's own page.",
    "web.room_full": "This table has all the viewers it can take; try again later.",
    "web.table_moving": "This table is moving to another process; try again in a moment.",
    "web.process_silent": (
        "The process that runs this table did not answer; try again in a moment."
    ),
    "activity.foreign_socket": "This connection is only for the Activity's own page.",
    "activity.sign_out": "Sign out",
    "activity.signed_out": "You are signed out. Close the Activity, or open it again to sign in.",
    "activity.too_many": "You signed in too often; try again in {seconds} seconds.",
    "play.default_name": "Player",
    # Tournaments announced ahead (issue 28; bot/scheduled_tournaments.py,
    # bot/tournament_scheduler.py, cogs/tournaments.py).
    "command.tournament.description": (
        "Tournaments: schedule, register, check in; open, join, start over several tables"
    ),
    "command.tournament.schedule": (
        "Announce a tournament with a start time and a Discord event (members who manage events)"
    ),
    "command.tournament.schedule.start": (
        "When it starts: 2026-12-12 20:00 +01:00 (your UTC offset; none is UTC) or <t:…>"
    ),
    "command.poker.schedule.min_players": (
        "The fewest players who must check in, or it is cancelled and refunded (default 2)"
    ),
    "command.poker.schedule.registration_hours": (
        "Registration opens this many hours before the start (default: at once)"
    ),
    "command.poker.schedule.repeat_weekly": "Schedule the same tournament again a week later",
    "command.poker.schedule.late_levels": (
        "Late registration until the end of this level (default 0: none)"
    ),
    # Computer players in a scheduled tournament (issue 28, schedcpu).
    "command.poker.schedule.computers": (
        "Computer players entered at the start, staked by the house bank (default 0)"
    ),
    "schedule.computers": (
        "{count} computer players fill the field (their buy-ins from the house bank); at"
        " least one member must check in"
    ),
    "schedule.cancelled_too_few_computers": (
        "**{name}** was cancelled: {checked} member(s) checked in, with {computers} computer"
        " players; at least one member and {min_players} players in all were needed. Every"
        " buy-in went back."
    ),
    "command.tournament.register": "Register for a scheduled tournament, paying its buy-in",
    "command.tournament.unregister": "Unregister before the start, with the buy-in back",
    "command.tournament.checkin": "Check in for a tournament you registered for",
    "command.tournament.list": "The server's upcoming tournaments",
    "command.tournament.cancel": (
        "Cancel a scheduled tournament, every buy-in refunded (its organiser or event managers)"
    ),
    "command.tournament.number": "The tournament's number (default: the next one here)",
    "schedule.bad_time": (
        "That is not a start time I can read: write it like 2026-12-12 20:00 +01:00 (the UTC"
        " offset of your time; none means UTC), or paste a Discord timestamp such as {example}."
    ),
    "schedule.time_past": ("That time, <t:{when}:F>, has passed already. Nothing was scheduled."),
    "schedule.time_far": (
        "That time, <t:{when}:F>, is more than a year away. Nothing was scheduled."
    ),
    "schedule.unknown": "There is no such tournament on this server.",
    "schedule.none": (
        "No tournament is scheduled on this server. `/tournament schedule` sets one up."
    ),
    "schedule.closed": "Registration for that tournament has closed.",
    "schedule.cancel_started": (
        "That tournament has started: a member who can manage the channel ends it early in"
        " {channel}, with /tournament cancel (several tables) or /poker close (one table)."
    ),
    "schedule.registration_at_start": (
        "With registration_hours 0, registration would open only at the start and nobody"
        " could register: give 1 or more hours, or leave it out to open registration at once."
        " Nothing was scheduled."
    ),
    "schedule.not_open_yet": "Registration opens <t:{when}:R>.",
    "schedule.already_registered": "You are registered already; your buy-in is held for you.",
    "schedule.not_registered": "You are not registered for that tournament.",
    "schedule.check_in_later": "Check-in opens <t:{when}:R>, shortly before the start.",
    "schedule.already_checked_in": "You are checked in already.",
    "schedule.managers_only": (
        "Only members who can manage this server's events schedule tournaments."
    ),
    "schedule.cancel_not_yours": (
        "Only its organiser or a member who can manage events cancels a tournament."
    ),
    "schedule.too_few": "Too few players could be seated for the tournament to start.",
    "schedule.late_closed": "Late registration closed at the end of level {level}.",
    "schedule.late_full": "The tournament's table is full: late registration is closed.",
    "schedule.not_a_tournament": "That table is not a tournament.",
    "schedule.late_registered": (
        "🕒 {name} registers late: {players} players, prize pool **{pool:int}**."
    ),
    "schedule.levels_hands": "blinds up every {hands} hands",
    "schedule.levels_minutes": "blinds up every {minutes} minutes",
    "schedule.structure": (
        "{game} · buy-in **{buy_in:int}** · starting stack **{stack:int}** · blinds from"
        " {small_blind:int}/{big_blind:int}, {levels}"
    ),
    "schedule.title": "🗓️ **{name} tournament** (no. {id})",
    "schedule.starts": "Starts {start} ({relative})",
    "schedule.registration_opens": "Registration opens {when}.",
    "schedule.registration_open": "Registration is open: the buy-in is paid when you register.",
    "schedule.rules": (
        "Check-in from {check_in} · at least {min_players} players · {seats} per table"
    ),
    "schedule.late_rule": "Late registration until the end of level {level}.",
    "schedule.weekly": "Every week.",
    "schedule.registered": "Registered ({count}): {names}",
    "schedule.nobody_yet": "Nobody has registered yet.",
    "schedule.status_started": "It has started.",
    "schedule.status_cancelled": "It was cancelled; every buy-in went back.",
    "schedule.reminder": (
        "⏰ **{name}** starts {start}. Check in now with the button below: {players}"
    ),
    "schedule.started": "🃏 **{name}** starts now in {channel} with {players} players.",
    "schedule.no_show_refunded": "{names} did not check in and got their buy-in back.",
    "schedule.cancelled_missed": (
        "**{name}** was cancelled: the bot was not running at its start. Every buy-in went back."
    ),
    "schedule.cancelled_too_few": (
        "**{name}** was cancelled: {checked} checked in, {min_players} were needed. Every"
        " buy-in went back."
    ),
    "schedule.cancelled_by_organiser": (
        "**{name}** was cancelled by its organiser. Every buy-in went back."
    ),
    "schedule.cancelled_too_many": (
        "**{name}** was cancelled: {players} checked in, more than one table seats, and"
        " its tables could not be opened. Every buy-in went back."
    ),
    "schedule.cancelled_no_table": (
        "**{name}** was cancelled: its table could not be opened. Every buy-in went back."
    ),
    "schedule.event_name": "{name} tournament",
    "schedule.hands_become_minutes": (
        "Should more players check in than one table seats, it plays over several tables"
        " on one clock, so its levels go by time: `level_hands:{hands}` plays as"
        " `level_minutes:{minutes}` there."
    ),
    "schedule.thread_name": "{name} tournament",
    "schedule.button.register": "Register",
    "schedule.button.unregister": "Unregister",
    "schedule.button.checkin": "Check in",
    "schedule.scheduled": (
        "**{name}** (no. {id}) is scheduled for {start} ({relative}), buy-in **{buy_in:int}**."
        " Discord's event and the registration message are posted."
    ),
    "schedule.scheduled_no_event": (
        "**{name}** (no. {id}) is scheduled for {start} ({relative}), buy-in **{buy_in:int}**."
        " The registration message is posted; Discord's event could not be created (the bot"
        " needs the Manage Events permission)."
    ),
    "schedule.registered_you": (
        "You are registered for **{name}** ({start}): **{buy_in:int}** chips are held for your"
        " buy-in; your balance is {balance:int}."
    ),
    "schedule.checked_in_too": "Check-in is open, so you are checked in too.",
    "schedule.check_in_when": "Check in when check-in opens, {when}.",
    "schedule.unregistered_you": (
        "You are unregistered from **{name}**: your **{buy_in:int}** chips are back; your"
        " balance is {balance:int}."
    ),
    "schedule.checked_in_you": "You are checked in for **{name}**, which starts {start}.",
    "schedule.late_you": (
        "You are registered late for **{name}**: **{buy_in:int}** chips went to the prize pool"
        " (balance {balance:int}); you sit in {channel} with **{stack:int}** chips."
    ),
    "schedule.list_title": "**Upcoming tournaments**",
    "schedule.list_line": (
        "no. {id} · **{name}** · {start} ({relative}) · buy-in {buy_in:int} · {registered}"
        " registered (at least {min_players}) · {channel}"
    ),
    # Computer players in /tournament schedule's confirmation and /tournament list (issue 28).
    "schedule.scheduled_computers": (
        "At the start {count} computer players take seats too, their buy-ins staked by the"
        " house bank."
    ),
    "schedule.list_computers": " · {count} computer players",
    "schedule.cancelled_you": ("**{name}** is cancelled; {refunded} buy-in(s) went back."),
    # Multi-table tournaments (bot/tournaments, cogs/multi_table.py).
    "engine.tournament_only_move": "Only a tournament's players move between its tables.",
    "engine.move_between_hands": "Players move between tables only between hands.",
    "mtt.no_join": (
        "This table belongs to a multi-table tournament; its players are seated by the tournament."
    ),
    "mtt.no_close": (
        "This table belongs to a multi-table tournament: its tables close together. To end the "
        "tournament early, a member who can manage the channel uses /tournament cancel (the "
        "hands in progress are played out, the prize pool left is shared by the chips)."
    ),
    # Multi-table tournaments: a start that failed, a cancellation (issue 28, mttcleanup).
    "mtt.start_failed": (
        "The tournament could not start: Discord refused to open one of its tables (the bot "
        "needs to create public threads here). Nobody's buy-in was kept; registration is still "
        "open, so /tournament start may be tried again."
    ),
    "mtt.cancel_opener_only": (
        "Only the member who opened the tournament, or a member who can manage the channel, can "
        "cancel it."
    ),
    "mtt.cancel_managers_only": (
        "Only a member who can manage the channel can end a running tournament early."
    ),
    "mtt.member_short": (
        "{name} no longer has the buy-in on their balance: the tournament does not start "
        "(nothing is taken). Start it once they have, or open a new one without them."
    ),
    "mtt.cancel_already": "This tournament is over or being cancelled already.",
    "mtt.registration_cancelled": (
        "The multi-table tournament open here is cancelled; no buy-in had been taken."
    ),
    "mtt.cancelling": (
        "The tournament is cancelled by an organiser: no new hand is dealt. Once the hands in "
        "progress are played out, the prize pool left is shared by the chips of the players "
        "still in; places already paid stay paid."
    ),
    "mtt.cancelled": (
        "The tournament is over: **{pool:int}** chips of the prize pool shared by the chips of "
        "the **{players:int}** players still in. Every table is closed."
    ),
    "mtt.cancelled_you": "The tournament is cancelled and the prize pool left is shared.",
    "mtt.cancelling_you": (
        "The tournament is cancelled: it ends once the hands in progress are played out."
    ),
    "mtt.lobby.cancelled": "Cancelled by an organiser: the prize pool left shared by the chips.",
    "mtt.wait": "The table waits for the tournament's other tables.",
    "mtt.levels_by_time": (
        "A multi-table tournament's blinds rise by time (minutes per level), one clock for every "
        "table."
    ),
    "mtt.thread_name": "Tournament table {table:int}",
    "mtt.begins": (
        "The tournament begins: **{players:int}** players at **{tables:int}** tables, "
        "prize pool **{pool:int}** chips. Each table plays in its own thread."
    ),
    "mtt.hand_for_hand_on": (
        "On the bubble: **hand for hand**. Every table plays one hand, then waits for the others."
    ),
    "mtt.hand_for_hand_off": "Hand for hand is over: the tables play on at their own pace.",
    "mtt.table_broken": "Table {table:int} is broken: its players move to the other tables.",
    "mtt.final_table": "The final table: **{players:int}** players, brought together in {channel}.",
    "mtt.moved_balance": (
        "{name} moves to table {table:int}, seat {seat:int} ({channel}), to balance the tables."
    ),
    "mtt.moved_break": "{name} moves to table {table:int}, seat {seat:int} ({channel}).",
    "mtt.lobby.title": "🏆 **Multi-table tournament** of {entrants:int} players",
    "mtt.lobby.won": "Won by **{name}**.",
    "mtt.lobby.players": (
        "Players left: **{left:int}** at **{tables:int}** tables · average stack **{average:int}**"
    ),
    "mtt.lobby.players_final": (
        "Players left: **{left:int}** at the final table · average stack **{average:int}**"
    ),
    "mtt.lobby.leader": "{name} **{chips:int}**",
    "mtt.lobby.level": "Level **{level:int}**: blinds {small_blind:int}/{big_blind:int}",
    "mtt.lobby.next_level": "Next level {at}",
    "mtt.lobby.hand_for_hand": "Hand for hand: every table waits for the others' hands.",
    "mtt.lobby.payouts": "Payouts: {payouts}",
    "mtt.lobby.leaders": "Chip leaders: {leaders}",
    "mtt.already_open": "A tournament is already open or running in this channel.",
    "mtt.none_open": (
        "No multi-table tournament is open for registration here; open one with /tournament open."
    ),
    "mtt.already_registered": "You are registered already.",
    "mtt.no_chips_during_deal": (
        "A deal is on the table: no rebuys or add-ons until it is answered. Nothing was taken."
    ),
    "mtt.no_chips_when_cancelled": (
        "The tournament is being cancelled: no more rebuys or add-ons. Nothing was taken."
    ),
    "mtt.too_many_tables": (
        "This tournament needs {tables:int} tables, and this server may have {limit:int} open"
        " at once ({open:int} are open now): fewer computer players or more seats a table."
        " Nothing was taken."
    ),
    "mtt.registration_closed": "The tournament in this channel has begun: registration is closed.",
    "mtt.short": "The buy-in is **{buy_in:int}** chips and you have **{balance:int}**.",
    "mtt.opener_only": "Only the member who opened the tournament can start it.",
    "mtt.text_channel_only": (
        "A multi-table tournament starts in a text channel, whose threads hold its tables."
    ),
    "mtt.opened": (
        "A multi-table tournament is open: buy-in **{buy_in:int}**, starting stack "
        "**{stack:int}**, {seats:int} seats a table, a level every {minutes:int} minutes, "
        "{computers:int} computer players. Register with /tournament join."
    ),
    "mtt.registered": (
        "You are registered; **{buy_in:int}** chips are taken from your balance at the start. "
        "Players so far: {players:int}."
    ),
    "mtt.started": "The tournament has begun: {players:int} players at {tables:int} tables.",
    "command.mtt.open": "Open a multi-table tournament for registration in this channel",
    "command.mtt.open.buy_in": "Chips each player pays into the prize pool",
    "command.mtt.open.starting_stack": "Tournament chips each player starts with",
    "command.mtt.open.seats": "Seats at each table",
    "command.mtt.open.level_minutes": "Minutes each blind level lasts",
    "command.mtt.open.computers": "Computer players added to the field",
    "command.mtt.join": "Register for the multi-table tournament open here",
    "command.mtt.start": "Start the multi-table tournament (its opener)",
    "mtt.deal.final_table_only": "A deal is made at a multi-table tournament's final table.",
    "mtt.deal.players_only": "Only the players left at the final table take part in a deal.",
    "mtt.deal.open_already": "A deal is on the table already: answer it first.",
    "mtt.deal.between_hands": "Offer a deal between hands: wait for this hand to end.",
    "mtt.deal.gone": "That offer is no longer open.",
    "mtt.deal.declined": "{name} declines the deal: the final table plays on.",
    "mtt.deal.lapsed": "Not everyone answered the deal in time: the final table plays on.",
    "mtt.deal.made": (
        "Everyone agreed: the deal is made and the prizes are paid. The tournament is over."
    ),
    "mtt.deal.share": "{name}: **{amount:int}** chips",
    "mtt.deal.offer_chop": (
        "🤝 {name} offers a **chip chop**: the prize money left shared by the stacks.\n"
        "{shares}\nEvery player left must accept within {seconds:int} seconds; one decline "
        "and the table plays on."
    ),
    "mtt.deal.offer_icm": (
        "🤝 {name} offers an **ICM deal**: the prize money left shared by each stack's "
        "chances to finish in each place.\n{shares}\nEvery player left must accept within "
        "{seconds:int} seconds; one decline and the table plays on."
    ),
    "mtt.deal.accept": "Accept",
    "mtt.deal.decline": "Decline",
    "mtt.deal.proposed": "Your offer is posted at the final table; you have accepted it.",
    "mtt.deal.you_accepted": "You accepted; the deal waits for the others.",
    "mtt.deal.you_declined": "You declined; the table plays on.",
    "mtt.deal.kind_chop": "Chip chop (by the stacks)",
    "mtt.deal.kind_icm": "ICM (by the chances of each place)",
    "command.mtt.deal": "Offer a deal to the players left at the final table",
    "command.mtt.deal.kind": "Chip chop or ICM",
    "mtt.lobby.dealt": "Ended in a deal at the final table: the prizes are paid.",
    # -- multi-table rebuys, add-ons and bounties (bot/tournaments/mtt_rebuys.py) --
    "mtt.lobby.pool": "Prize pool **{pool:int}** (rebuys {rebuys:int}, add-ons {add_ons:int})",
    "mtt.lobby.bounties": "🎯 Biggest bounties: {bounties} (all bounties: **{pool:int}**)",
    # -- late registration and re-entry (bot/tournaments/late_entries.py) --
    "command.poker.schedule.reentries": (
        "Re-entries a busted player may buy during late registration (default 0: none)"
    ),
    "command.mtt.open.late_levels": "Late registration until the end of this level (default 0)",
    "command.mtt.open.reentries": "Re-entries each busted player may buy (default 0: none)",
    "late.closed_money": (
        "Late registration is over: the tournament is on the bubble, in the money or at its"
        " final table."
    ),
    "late.still_in": "You are still in this tournament: you can re-enter only once you bust.",
    "late.reentry_off": "This tournament takes no re-entries.",
    "late.reentries_used": "You have used your re-entries ({reentries}) in this tournament.",
    "late.full": "Every seat of the tournament is taken: late registration is closed.",
    "late.registered": (
        "🕒 {name} registers late and sits at table {table}, seat {seat} ({channel}):"
        " {entrants} entrants, prize pool **{pool:int}**."
    ),
    "late.reentered": (
        "🔁 {name} re-enters and sits at table {table}, seat {seat} ({channel}):"
        " {entrants} entrants and {reentries} re-entries, prize pool **{pool:int}**."
    ),
    "late.you": (
        "You are in: **{buy_in:int}** chips went to the prize pool (balance {balance:int});"
        " you sit at table {table}, seat {seat} in {channel} with **{stack:int}** chips."
    ),
    "late.you_reentered": (
        "You re-entered: **{buy_in:int}** chips went to the prize pool (balance {balance:int});"
        " you sit at table {table}, seat {seat} in {channel} with **{stack:int}** chips."
    ),
    "schedule.late_reentered": (
        "🔁 {name} re-enters: {players} players, prize pool **{pool:int}**."
    ),
    "late.lobby_reentries": "Re-entries: {reentries:int} · prize pool **{pool:int}** chips",
    "schedule.reentry_rule": "Re-entries: {reentries} per player during late registration.",
    # -- places of busts during late registration (bot/tournaments/late_places.py) --
    "late.out": (
        "{name} is out. Late registration is still open, so the places are given when it"
        " closes ({entries:int} entries so far)."
    ),
    "late.closed_places": (
        "🕒 Late registration is closed: **{entries:int}** entries. The places of the players"
        " out during it: {places}."
    ),
    "late.place": "{name} ({place})",
    # -- rest breaks of a tournament (engine/rest_breaks.py, issue 28) --
    "engine.breaks": (
        "Breaks are given as minutes of break/minutes of play, for example 10/60 (a 10-minute"
        " break after every 60 minutes of play): a break of 1 to {most} minutes, after {low}"
        " to {high} minutes of play."
    ),
    "command.poker.rebuys.breaks": "Rest breaks: break/play minutes, e.g. 10/60",
    "tournament.break_started": (
        "☕ Break: {minutes} minutes, play resumes {at}. The blinds wait for the break too."
    ),
    "mtt.lobby.next_break": "Next break {at}",
    "mtt.lobby.on_break": "☕ On a break until {at}",
    "tournament.extras.breaks": "a {minutes}-minute break after every {every} minutes of play",
}
