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
    "settings.web_host": (
        "CROUPIER_WEB_HOST muss ein Hostname oder eine IP-Adresse sein, auf der gelauscht "
        "wird, etwa 127.0.0.1 oder 0.0.0.0, nicht '{value}'."
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
        "Du hast deine Chips für heute schon abgeholt. Die nächsten gibt es {opens}."
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
    "daily.next": "Die nächsten Chips gibt es {opens}.",
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
    "stats.recent_line_tournament": (
        "Hand {hand_no} in <#{channel_id}>: {net:+int} Turnierchips (nicht aus deinem Guthaben)"
    ),
    # /admin
    "admin.granted": (
        "{user} hat **{amount:int}** Chips erhalten. Das Guthaben beträgt jetzt "
        "**{balance:int}** Chips."
    ),
    "admin.synced": "{count:int} Befehle für alle Server veröffentlicht.",
    # Was der Bot über ein Mitglied speichert (/privacy), und wie er es vergisst.
    "privacy.still_playing": (
        "Du hast noch einen Platz oder eine Turnieranmeldung in {channels}: verlass den Tisch "
        "zuerst und frag dann noch einmal."
    ),
    "privacy.member_still_playing": (
        "Dieses Mitglied hat noch einen Platz oder eine Turnieranmeldung in {channels}: Es wird "
        "dort ausgezahlt, sobald es geht oder der Tisch schließt; vergiss es danach."
    ),
    "privacy.managers_only": (
        "Nur Mitglieder, die diesen Server verwalten dürfen, können ein Mitglied vergessen lassen."
    ),
    "privacy.still_a_member": (
        "Die Person ist noch Mitglied dieses Servers: Sie kann mit /privacy forget selbst "
        "darum bitten, vergessen zu werden."
    ),
    "privacy.summary": (
        "Das ist alles, was Croupier über dich speichert (als Datei angehängt): Chips auf "
        "{servers:int} Server(n), {ledger:int} Buchung(en), {hands:int} gespielte Hand/Hände, "
        "{tournaments:int} Turnier(e) und deine Karten- und Hinweis-Einstellungen. "
        "/privacy forget entfernt deinen Namen und deine ID aus all dem."
    ),
    "privacy.forget_warning": (
        "Dich überall vergessen? Deine ID und dein Name verschwinden aus Guthaben, Statistiken, "
        "Bestenlisten und Handverläufen auf jedem Server, deine Einstellungen werden gelöscht. "
        "Deine Chips werden nicht ausgezahlt: Das Kassenbuch behält seine Buchungen unter einer "
        "anonymen Nummer, damit jeder Chip weiter aufgeht. Das lässt sich nicht rückgängig machen."
    ),
    "privacy.forget_button": "Vergiss mich",
    "privacy.keep_button": "Alles behalten",
    "privacy.forgotten": (
        "Erledigt: Croupier kennt dich nicht mehr. Wenn du wieder spielst, beginnst du als "
        "neuer Spieler."
    ),
    "privacy.kept": "Es wurde nichts geändert.",
    "privacy.member_forgotten": (
        "Erledigt: ID und Name dieses Mitglieds sind aus Guthaben, Statistiken, Bestenlisten "
        "und Handverläufen dieses Servers verschwunden; das Kassenbuch geht weiter auf."
    ),
    "admin.owner_only": "Nur der Besitzer des Bots kann diesen Befehl nutzen.",
    "admin.audit_clean": "Die Prüfung ist sauber: Jeder Chip ist verbucht.",
    "admin.audit_failed": (
        "Die Prüfung hat **{count:int}** Problem(e) gefunden; der ganze Bericht steht unten "
        "oder hängt an."
    ),
    # Die Ablehnungen der Engine, nach ihren Schlüsseln (engine/errors.py).
    "engine.hand_over": "Diese Hand ist vorbei.",
    "engine.not_your_turn": "Du bist nicht dran; {actor} ist am Zug.",
    "engine.not_your_turn_anyone": "Du bist nicht dran.",
    "engine.no_such_player": "In dieser Hand gibt es keinen Spieler {player}.",
    "engine.folded": "Du bist aus dieser Hand ausgestiegen.",
    "engine.cannot_fold": "Es gibt nichts mitzugehen; du kannst checken statt auszusteigen.",
    "engine.cannot_check": "Du kannst nicht checken; zum Mitgehen fehlen **{amount:int}**.",
    "engine.cannot_act_now": "Das ist jetzt nicht möglich.",
    "engine.cannot_raise": "Du kannst jetzt weder setzen noch erhöhen.",
    "engine.capped": "Die Einsätze sind gedeckelt; du kannst nur mitgehen oder aussteigen.",
    "engine.no_reopen": (
        "Die Runde wurde für dich nicht wieder eröffnet; du kannst nur mitgehen oder aussteigen."
    ),
    "engine.min_raise": "Die kleinste Erhöhung geht auf **{amount:int}**.",
    "engine.whole_chips": "Gesetzt wird in ganzen Chips; {amount} ist keine Anzahl von Chips.",
    "engine.min_bet": "Der kleinste Einsatz ist **{amount:int}**.",
    "engine.max_raise": "Die größte Erhöhung geht auf **{amount:int}**.",
    "engine.max_bet": "Der größte Einsatz ist **{amount:int}**.",
    "engine.fixed_raise": "In diesem Spiel geht die Erhöhung genau auf **{amount:int}**.",
    "engine.fixed_bet": "In diesem Spiel ist der Einsatz genau **{amount:int}**.",
    "engine.not_enough_chips": (
        "Du hast nur **{stack:int}** Chips; du kannst höchstens auf **{amount:int}** setzen."
    ),
    "engine.bring_in_only_now": "Jetzt geht nur der Bring-in oder die Vervollständigung.",
    "engine.not_bring_in": "Es gibt jetzt keinen Bring-in zu setzen.",
    "engine.must_discard": "Wirf genau {count} Karte(n) ab.",
    "engine.must_choose_point_card": "Wähle genau eine Karte als deine Point-Karte.",
    "engine.draw_too_many": "Du darfst höchstens {count} Karte(n) tauschen.",
    "engine.card_not_held": "Du hast {card} nicht auf der Hand.",
    "engine.card_twice": "{card} ist doppelt genannt.",
    "engine.not_discarding": "Jetzt gibt es nichts abzuwerfen.",
    "engine.not_showdown": "Jetzt ist kein Showdown.",
    "engine.already_discarded": "Du hast schon abgeworfen.",
    "engine.fixed_raise_choice": (
        "Mit einem offenen Paar geht die Erhöhung auf **{low:int}** oder auf **{high:int}**."
    ),
    "engine.fixed_bet_choice": (
        "Mit einem offenen Paar ist der Einsatz **{low:int}** oder **{high:int}**."
    ),
    "engine.no_openers": "Zum Eröffnen brauchst du mindestens ein Paar Buben.",
    "engine.no_such_seat": "Es gibt keinen Platz {seat}; die Plätze sind 1 bis {count}.",
    "engine.seat_taken": "Platz {seat} ist besetzt.",
    "engine.table_full": "Alle Plätze an diesem Tisch sind besetzt.",
    "engine.already_seated": "Du sitzt schon auf Platz {seat}.",
    "engine.not_seated": "Du hast keinen Platz an diesem Tisch.",
    "engine.buy_in_too_small": "Das kleinste Buy-in hier ist **{amount:int}** Chips.",
    "engine.buy_in_too_large": "Das größte Buy-in hier ist **{amount:int}** Chips.",
    "engine.tournament_buy_in": "In diesem Turnier beginnen alle mit **{amount:int}** Chips.",
    "engine.top_up_in_hand": "Chips nachkaufen kannst du nur zwischen deinen Händen.",
    "engine.top_up_nothing": "Kaufe mindestens einen Chip nach.",
    "engine.top_up_too_large": (
        "Du kannst höchstens **{amount:int}** Chips nachkaufen; ein Stapel darf "
        "**{maximum:int}** nicht übersteigen."
    ),
    "engine.rebuy_too_small": (
        "Um wieder zu spielen, bring deinen Stapel auf mindestens **{amount:int}**."
    ),
    "engine.tournament_no_top_up": "In einem Turnier gibt es keine Nachkäufe.",
    "engine.tournament_no_leave": (
        "In einem Turnier bleiben deine Chips im Spiel; setze stattdessen aus."
    ),
    "engine.busted_sit_in": (
        "Du hast keine Chips mehr; kaufe mit /poker topup nach, um wieder zu spielen."
    ),
    "engine.no_straddle": "An diesem Tisch ist kein Straddle erlaubt.",
    "engine.not_enough_players": "Für eine Hand müssen mindestens zwei Spieler mitspielen.",
    "engine.hand_in_progress": "Gerade wird eine Hand gespielt.",
    "engine.no_hand_in_progress": "Gerade wird keine Hand gespielt.",
    "engine.hand_not_over": "Die Hand ist noch nicht vorbei.",
    "engine.not_this_hand": "Das ist nicht die Hand, die dieser Tisch gegeben hat.",
    "engine.no_run_it_twice_now": "Jetzt ist nichts zu wählen: es wird nicht zweimal ausgeteilt.",
    "engine.runouts_once_or_twice": "Der Rest des Boards wird einmal oder zweimal ausgeteilt.",
    "engine.run_it_twice_no_board": "Zweimal austeilen geht nur in Spielen mit Board.",
    "engine.run_it_twice_two_boards": (
        "Dieses Spiel hat schon zwei Boards; es wird nicht zweimal ausgeteilt."
    ),
    "engine.run_it_twice_cash_only": (
        "Zweimal austeilen gibt es nur an Cash-Tischen, nicht im Turnier."
    ),
    "engine.bomb_pot_no_flop": (
        "Bomb Pots brauchen ein Spiel mit Blinds und Flop (Hold'em oder Omaha)."
    ),
    "engine.bomb_pot_cash_only": "Bomb Pots gibt es nur an Cash-Tischen, nicht im Turnier.",
    "engine.double_board_already": "Dieses Spiel hat schon zwei Boards.",
    "engine.rabbit_hunt_no_board": "Die Hasenjagd geht nur in Spielen mit Board.",
    "engine.seven_deuce_two_cards": (
        "Die 7-2-Prämie braucht ein Spiel mit zwei verdeckten Karten (Hold'em)."
    ),
    "engine.seven_deuce_deck": "Das Blatt dieses Spiels hat keine Siebener und Zweier.",
    "engine.seven_deuce_cash_only": "Die 7-2-Prämie gibt es nur an Cash-Tischen, nicht im Turnier.",
    # Tische: Ablehnungen.
    "table.none_here": "In diesem Kanal gibt es keinen Tisch. Eröffne einen mit /poker create.",
    "table.exists": "Dieser Kanal hat schon einen Tisch.",
    "table.closed": "Dieser Tisch ist geschlossen.",
    "table.not_seated": "Du hast keinen Platz an diesem Tisch. Nimm einen mit /poker join.",
    "table.not_in_hand": (
        "Du spielst diese Hand nicht mit; ab der nächsten Hand bekommst du Karten."
    ),
    "table.no_hand": "Gerade wird keine Hand gespielt.",
    "table.stale_hand": (
        "Diese Knöpfe gehören zu einer beendeten Hand; nutze die neueste Tischnachricht."
    ),
    "table.stale_button": (
        "Die Hand ist weitergegangen, seit diese Knöpfe gezeichnet wurden; es ist nichts "
        "passiert. Sieh dir den Tisch noch einmal an."
    ),
    "table.stale_command": (
        "Die Hand ist weitergegangen, während dein Befehl unterwegs war; es ist nichts "
        "passiert. Sieh dir den Tisch noch einmal an."
    ),
    "table.not_your_turn": "Du bist nicht dran; {actor} ist am Zug.",
    "table.nothing_to_call": "Es gibt nichts mitzugehen; du kannst checken.",
    "engine.discard_first": "Wähle zuerst mit dem Knopf Abwerfen oder Tauschen deine Karten.",
    "table.quick_size_unavailable": (
        "Diese Größe geht jetzt nicht; du kannst auf **{low:int}** bis **{high:int}** setzen "
        "oder erhöhen."
    ),
    "table.bad_cards": (
        "'{text}' ist keine Liste von Karten: schreib sie wie As Td 7c, oder lass sie weg, "
        "um stehen zu bleiben."
    ),
    "table.bad_amount": (
        "Mit '{text}' kann ich nichts anfangen: Gib eine ganze Zahl von Chips zwischen "
        "{low:int} und {high:int} ein, etwa {low:int}."
    ),
    "table.not_owner": (
        "Nur wer diesen Tisch eröffnet hat oder diesen Kanal verwalten darf, kann ihn schließen."
    ),
    "table.verify_nothing": (
        "Hand {hand_no} dieses Tisches wurde nicht aus einem zugesagten Deck gegeben: der "
        "Tisch wurde mit provably_fair:false eröffnet (oder bevor nachweislich faires Geben "
        "der Standard wurde). Ein mit /poker create eröffneter Tisch sagt jedes Deck zu, "
        "wenn nichts anderes gewählt wird: schließe diesen Tisch und eröffne ihn neu, damit "
        "seine Hände zugesagt werden."
    ),
    "table.config.variant": "An einem Tisch kann dieser Bot '{variant}' noch nicht geben.",
    "engine.blinds": (
        "Der Small Blind ({small_blind:int}) muss mindestens 1 und höchstens der Big Blind "
        "({big_blind:int}) sein."
    ),
    "engine.buy_in": (
        "Das Buy-in muss beim Big Blind ({big_blind:int}) oder darüber beginnen und nicht "
        "unter seinem Anfang enden, nicht {min_buy_in:int} bis {max_buy_in:int}."
    ),
    "engine.seats": "Ein Tisch hat für dieses Spiel {low} bis {high} Plätze, nicht {seats}.",
    "table.config.action_seconds": (
        "Die Bedenkzeit muss zwischen {low} und {high} Sekunden liegen, nicht {seconds}."
    ),
    "engine.hands_per_game": (
        "Jedes Spiel eines Mixes dauert {low} bis {high} Hände, nicht {hands}."
    ),
    "table.config.hands_per_game_alone": (
        "Hände pro Spiel gibt es nur bei gemischten Spielen: wähle einen Mix bei game."
    ),
    "table.config.variant_and_mix": (
        "Wähle ein Spiel mit variant oder einen Mix mit game, nicht beides."
    ),
    "engine.jackpots": ("Jackpots gibt es nur an Tischen mit Five Card Draw, nicht bei {variant}."),
    "engine.rake_cap": (
        "Ein Rake braucht eine Obergrenze: die meisten Chips, die das Haus aus einem Pot nimmt."
    ),
    "engine.ante": (
        "Das Ante muss zwischen 1 Chip und dem Big Blind ({big_blind:int}) liegen, "
        "nicht {ante:int}."
    ),
    "engine.ante_game": (
        "{variant} hat eigene Antes oder keine Blinds; ein Ante gibt es in Spielen mit Blinds."
    ),
    "engine.straddle": (
        "Ein Live-Straddle gibt es in No-Limit- und Pot-Limit-Spielen mit Blinds, "
        "nicht in {variant}."
    ),
    "engine.rake": "Der Rake muss zwischen 0 und 10 % liegen, mit einer Obergrenze ab 0.",
    # Tische: die Tischnachricht.
    "table.title": "{variant} · {small_blind:int}/{big_blind:int}",
    "table.hand_no": "**Hand {hand_no}**",
    "table.stud_stakes": (
        "Ante {ante:int} · Bring-in {bring_in:int} · Einsätze {small_bet:int}/{big_bet:int}"
    ),
    "table.title_mixed": "{mix}: {variant} · {small_blind:int}/{big_blind:int}",
    "table.limit_stakes": (
        "Blinds {small_blind:int}/{big_blind:int} · Einsätze {small_bet:int}/{big_bet:int}"
    ),
    "table.big_bet_stakes": (
        "Blinds {small_blind:int}/{big_blind:int} · Big-Blind-Ante {ante:int}"
    ),
    "table.next_game_after_hand": "Nächstes Spiel: **{game}** nach dieser Hand.",
    "table.next_game_in": "Nächstes Spiel: **{game}** in {hands} Händen.",
    "table.next_game_in_orbit": (
        "Nächstes Spiel: **{game}** in {hands} Händen, nach dieser Runde des Buttons."
    ),
    "table.next_game_orbit": "Nächstes Spiel: **{game}** nach dieser Runde des Buttons.",
    "table.next_game_now": "Die nächste Hand beginnt **{game}**.",
    "table.game_changes": "{mix}: Jetzt wird **{game}** gespielt.",
    "table.ante_stakes": "Ante {ante:int} · Einsätze {small_bet:int}/{big_bet:int}",
    "table.jackpot_stakes": (
        "Jackpots: Buben oder besser zum Eröffnen · Ante {ante:int} · "
        "Einsätze {small_bet:int}/{big_bet:int}"
    ),
    "table.ante": "Ante {ante:int}",
    "table.big_blind_ante": "Big-Blind-Ante {ante:int}",
    "table.straddle_allowed": "Straddle erlaubt (/poker straddle)",
    "table.rake": "Rake {percent} % bis {cap:int}",
    "table.carried_pot": "Bleibt für die nächste Hand im Pot: **{amount:int}**",
    "table.to_discard": "Müssen noch abwerfen: {names}",
    "table.to_point_card": "Müssen noch ihre Point-Karte wählen: {names}",
    "table.to_draw": "Müssen noch tauschen: {names}",
    "table.board": "Board: {board}",
    "table.board_n": "Board {n}: {board}",
    "table.pot": "Pot: **{amount:int}**",
    "table.main_pot": "Hauptpot: **{amount:int}**",
    "table.side_pot": "Nebenpot: **{amount:int}**",
    "table.side_pot_n": "Nebenpot {n}: **{amount:int}**",
    "table.last_actions": "Zuletzt: {actions}",
    "table.to_act": "Am Zug: **{name}**, die Uhr handelt {deadline}",
    "table.to_act_computer": "Am Zug: **{name}**, überlegt…",
    "table.hand_over": "Die Hand ist vorbei.",
    "table.next_hand": "Nächste Hand um {when}.",
    "table.to_call": "{amount:int} zum Mitgehen",
    "table.to_check": "kann checken",
    "table.to_bring_in": "Bring-in {amount:int}",
    "table.waiting": (
        "Warte auf Spieler: Es braucht zwei. Setz dich mit /poker join dazu "
        "(Buy-in {low:int} bis {high:int})."
    ),
    "table.closed_notice": "Dieser Tisch ist geschlossen.",
    "table.button_draw": "Ziehung um den Button: {draw}",
    "table.commitment": "Zusage für das Deck (SHA-256): {commitment}",
    "table.seat": "{seat}. {name}",
    "table.marker.button": "(D)",
    "table.marker.small_blind": "(SB)",
    "table.marker.big_blind": "(BB)",
    "table.marker.to_act": "⏳",
    "table.stack": "**{amount:int}**",
    "table.bet": "Einsatz {amount:int}",
    "table.status.folded": "ausgestiegen",
    "table.status.all_in": "all-in",
    "table.status.sitting_out": "setzt aus",
    "table.status.leaving": "geht",
    "table.status.waiting": "wartet auf die nächste Hand",
    "table.dm_refused": (
        "Ich konnte dir deine Karten nicht per Direktnachricht schicken und versuche es vorerst "
        "nicht mehr. Nutze den Knopf **Meine Karten** an der Tischnachricht, um sie zu sehen; "
        "wenn du deine Direktnachrichten für mich öffnest, holt /poker dm on sie zurück."
    ),
    "table.hand_voided": (
        "Hand {hand_no} ließ sich nach einem Neustart nicht fortsetzen und wurde annulliert: "
        "Jeder Stapel ist wieder so groß wie zu Beginn der Hand."
    ),
    "action.fold": "{name} steigt aus",
    "action.check": "{name} checkt",
    "action.call": "{name} geht mit {amount:int} mit",
    "action.bet": "{name} setzt {to:int}",
    "action.raise": "{name} erhöht auf {to:int}",
    "action.complete": "{name} vervollständigt auf {to:int}",
    "action.bring-in": "{name} bringt {amount:int} ein",
    "action.discard": "{name} wirft {amount:int} ab",
    "action.point_card": "{name} wählt eine Point-Karte",
    "action.draw": "{name} tauscht {amount:int}",
    "action.stand_pat": "{name} bleibt stehen",
    "action.all_in_suffix": "(all-in)",
    "action.by_clock_suffix": "(Zeit abgelaufen)",
    "acted.fold": "Du bist ausgestiegen.",
    "acted.check": "Du hast gecheckt.",
    "acted.call": "Du bist mit **{amount:int}** mitgegangen.",
    "acted.bet": "Du hast **{to:int}** gesetzt.",
    "acted.raise": "Du hast auf **{to:int}** erhöht.",
    "acted.complete": "Du hast auf **{to:int}** vervollständigt.",
    "acted.bring-in": "Du hast **{amount:int}** eingebracht.",
    "acted.discard": "Du hast **{amount:int}** abgeworfen.",
    "acted.point_card": (
        "Deine Point-Karte steht: Sie spielt mit jeder deiner beiden anderen Karten."
    ),
    "acted.draw": "Du hast **{amount:int}** getauscht.",
    "acted.stand_pat": "Du bleibst stehen.",
    "button.fold": "Aussteigen",
    "button.check": "Checken",
    "button.call": "Mitgehen {amount:int}",
    "button.bet": "Setzen",
    "button.raise": "Erhöhen",
    "button.bet_range": "Setzen… ({low:int}–{high:int})",
    "button.raise_range": "Erhöhen… ({low:int}–{high:int})",
    "button.quick.min": "Min. ({amount:int})",
    "button.quick.half": "½ Pot ({amount:int})",
    "button.quick.pot": "Pot ({amount:int})",
    "button.quick.allin": "All-in ({amount:int})",
    "button.bring_in": "Bring-in ({amount:int})",
    "button.complete": "Komplettieren auf {to:int}",
    "button.bet_to": "Setzen {to:int}",
    "button.raise_to": "Erhöhen auf {to:int}",
    "button.discard": "Abwerfen…",
    "button.point_card": "Point-Karte…",
    "button.draw": "Tauschen…",
    "button.my_cards": "Meine Karten",
    "raise_modal.title_bet": "Setzen",
    "raise_modal.title_raise": "Erhöhen",
    "raise_modal.label": "Einsatz gesamt, {low:int} bis {high:int}",
    "raise_modal.placeholder": "Eine ganze Zahl, etwa {low:int}",
    "raise_modal.description": "Alles, was du diese Runde setzt: {low:int} bis {high:int} Chips.",
    # Das Menü zum Abwerfen oder Tauschen, nur für den Spieler.
    "discard_menu.prompt_discard": (
        "Deine Karten, Hand {hand_no}: {cards}. Wähle {low:int} zum Abwerfen."
    ),
    "discard_menu.prompt_draw": (
        "Deine Karten, Hand {hand_no}: {cards}. Wähle bis zu {high:int} zum Tauschen, "
        "oder bleib stehen."
    ),
    "discard_menu.prompt_point_card": (
        "Deine Karten, Hand {hand_no}: {cards}. Wähle deine Point-Karte: Sie spielt mit "
        "jeder der beiden anderen, die nie zusammen spielen."
    ),
    "discard_menu.placeholder": "Abzuwerfende Karten",
    "discard_menu.placeholder_point_card": "Deine Point-Karte",
    "discard_menu.stand_pat": "Stehen bleiben",
    "discard_menu.new_cards_soon": "Deine neue Hand erscheint hier, sobald alle gezogen haben.",
    "result.title": "Hand {hand_no}",
    "result.board": "Board: {board}",
    "result.board_n": "Board {n}: {board}",
    "result.shows": "{name} zeigt {cards}: {description}",
    "result.mucks": "{name} wirft verdeckt weg",
    "result.pot.only": "den Pot",
    "result.pot.main": "den Hauptpot",
    "result.pot.side": "den Nebenpot",
    "result.pot.side_n": "Nebenpot {n}",
    "result.share.high": "die hohe Hälfte von {pot}",
    "result.share.low": "die niedrige Hälfte von {pot}",
    "result.share.board": "auf Board {n} {pot} zur Hälfte",
    "result.wins": "{name} gewinnt {pot} von **{amount:int}**.",
    "result.wins_with": "{name} gewinnt {pot} von **{amount:int}** mit {hand}.",
    "result.split": "{names} teilen sich {pot} von **{amount:int}**.",
    "result.split_with": "{names} teilen sich {pot} von **{amount:int}** mit {hand}.",
    "result.and": "{first} und {last}",
    "result.carried_over": (
        "Niemand hat eröffnet: Der Pot von **{amount:int}** bleibt für die nächste Hand."
    ),
    "result.rake": "Das Haus nimmt **{amount:int}**.",
    "result.verify": "Prüfe das Geben mit /poker verify hand:{hand_no}.",
    "private.title": "Deine Karten, Hand {hand_no}",
    "private.cards": "Deine Karten: **{cards}**",
    "private.board": "Board: {board}",
    "private.board_n": "Board {n}: {board}",
    "private.best": "Beste Hand: {best}",
    "private.folded": "Du bist aus dieser Hand ausgestiegen.",
    "private.where": "Tisch: <#{channel}>",
    "tables.thread_name": "Poker: {variant} {small_blind:int}/{big_blind:int}",
    "tables.created": (
        "Ein Tisch {variant} ({small_blind:int}/{big_blind:int}, Buy-in {low:int} bis "
        "{high:int}) ist in {channel} eröffnet. Setz dich mit /poker join dazu."
    ),
    "tables.joined": (
        "Du sitzt auf Platz {seat} mit **{amount:int}** Chips. Dein Guthaben ist jetzt "
        "**{balance:int}** Chips."
    ),
    "tables.left_now": (
        "Du hast den Tisch mit **{amount:int}** Chips verlassen. Dein Guthaben ist jetzt "
        "**{balance:int}** Chips."
    ),
    "tables.left_later": (
        "Du gehst, sobald diese Hand endet; deine Chips kommen dann auf dein Guthaben zurück."
    ),
    "tables.sat_out": "Du setzt aus. Mit /poker sitin bekommst du wieder Karten.",
    "tables.sat_in": "Du bist zurück: Ab der nächsten Hand bekommst du Karten.",
    "tables.topped_up": (
        "Du hast **{amount:int}** Chips nachgekauft; dein Stapel ist **{stack:int}**, dein "
        "Guthaben **{balance:int}**."
    ),
    "tables.closed": "Der Tisch ist geschlossen; {count} Stapel gingen an ihre Besitzer zurück.",
    "tables.straddle_on": (
        "Ab der nächsten Hand straddlest du, wann immer du nach dem Big Blind zuerst dran bist."
    ),
    "tables.straddle_off": "Du straddlest nicht mehr.",
    "tables.dm_on": "Ab der nächsten Hand bekommst du deine Karten auch per Direktnachricht.",
    "tables.dm_off": (
        "Du bekommst deine Karten nicht mehr per Direktnachricht; nutze den Knopf Meine Karten."
    ),
    "tables.verify_ok": (
        "Hand {hand_no} wurde aus dem zugesagten Deck gegeben: die {count:int} Karten, die du "
        "gesehen hast ({cards}), liegen dort, wo die Zusage `{commitment}` sie hinlegte. Die "
        "angehängte Datei öffnet sie und lässt alle anderen Karten verdeckt; prüfe sie selbst "
        "mit `python -m engine.fairness {file} {commitment}`."
    ),
    "tables.verify_failed": "Hand {hand_no} passt NICHT zu ihrer Zusage `{commitment}`.",
    "tables.verify_pending": (
        "Hand {hand_no} läuft noch; die Karten, die du siehst, können nach ihrem Ende "
        "geöffnet werden. Zusage: `{commitment}`"
    ),
    "tables.verify_closed": (
        "Hand {hand_no} wurde für ungültig erklärt und lässt sich nicht neu geben; keine "
        "ihrer Karten wird geöffnet. Zusage: `{commitment}`"
    ),
    "tables.verify_unknown": "Dieser Tisch hat keine Hand {hand_no}.",
    "tables.verify_none_seen": (
        "Hand {hand_no} ist vorbei, aber du hast keine ihrer Karten gesehen (nichts wurde "
        "gezeigt, oder nur Karten eines Spielers, der getauscht hat, deren Reihenfolge "
        "verschlossen bleibt); darum wird dir keine geöffnet. Zusage: `{commitment}`"
    ),
    "history.title": "Deine letzten Hände",
    "history.none": "Du hast auf diesem Server noch keine Hand zu Ende gespielt.",
    "history.line": "Hand {hand_no} in <#{channel_id}> ({variant}): {net:+int}",
    "history.files": "Der Verlauf jeder Hand hängt als PHH-Datei an.",
    "history.no_files": "Handverläufe als PHH-Dateien gibt es noch nicht.",
    # Errors while answering a command or a button.
    "error.unexpected": (
        "Entschuldigung, bei uns ist etwas schiefgelaufen. Es wurde vermerkt; "
        "bitte versuche es gleich noch einmal."
    ),
    "error.check_failed": "Diesen Befehl kannst du hier nicht nutzen.",
    "error.expired_form": (
        "Dieses Formular oder Menü ist zu alt (der Tisch wurde vielleicht neu gestartet, "
        "seit es geöffnet wurde); es ist nichts passiert. Nutze die Knöpfe der neuesten "
        "Tischnachricht."
    ),
    "error.guild_only": "Dieser Befehl funktioniert nur auf einem Server.",
    "error.cooldown": "Nicht so schnell: Versuche es in {seconds:int} s noch einmal.",
    "error.bot_missing_permissions": (
        "Mir fehlen hier Berechtigungen, um das zu tun: {permissions}."
    ),
    # Berechtigungen, wie Discords Einstellungen sie nennen.
    "permission.read_messages": "Kanal ansehen",
    "permission.send_messages": "Nachrichten senden",
    "permission.embed_links": "Links einbetten",
    "permission.attach_files": "Dateien anhängen",
    "permission.create_public_threads": "Öffentliche Threads erstellen",
    "permission.send_messages_in_threads": "Nachrichten in Threads senden",
    "tables.missing_permissions": (
        "Ich kann hier keinen Tisch geben, weil mir in diesem Kanal Berechtigungen fehlen "
        "({permissions}); ein Server-Admin kann sie meiner Rolle geben oder mich mit dem "
        "Einladungslink aus meinem Log erneut hinzufügen."
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
    "command.privacy.description": (
        "Sieh, was Croupier über dich speichert, oder lass es vergessen."
    ),
    "command.privacy.show": "Erhalte alles, was Croupier über dich speichert, privat als Datei.",
    "command.privacy.forget": "Lass Croupier deine ID und deinen Namen auf jedem Server vergessen.",
    "command.privacy.forget_member": (
        "Vergiss ein Mitglied, das diesen Server verlassen hat (Verwaltung)."
    ),
    "command.privacy.forget_member.user": "Das Mitglied, das gegangen ist",
    "command.admin.description": "Werkzeuge für den Besitzer, um Croupier zu betreiben.",
    "command.admin.grant.description": "Gib einem Spieler Chips von der Bank.",
    "command.admin.grant.user": "Der Spieler, der die Chips erhält",
    "command.admin.grant.amount": "Wie viele Chips er erhält",
    "command.admin.sync.description": "Veröffentliche die Slash-Befehle auf allen Servern.",
    "command.admin.audit.description": "Prüfe, dass jeder Chip verbucht ist.",
    "command.poker.description": "Spiele Poker am Tisch dieses Kanals.",
    "command.poker.create.description": "Eröffne einen Pokertisch in diesem Kanal.",
    "command.poker.create.variant": "Das Spiel",
    "command.poker.create.game": "Ein Mix von Spielen im Wechsel (statt eines Spiels)",
    "command.poker.create.hands_per_game": "Im Mix: Hände je Spiel (sonst eine Runde des Buttons)",
    "command.poker.create.jackpots": "Five Card Draw: Buben oder besser zum Eröffnen, Antes",
    "command.poker.create.small_blind": "Der Small Blind (bei Stud: das Bring-in)",
    "command.poker.create.big_blind": "Der Big Blind (bei Stud: der kleine Einsatz)",
    "command.poker.create.min_buy_in": "Das kleinste Buy-in",
    "command.poker.create.max_buy_in": "Das größte Buy-in",
    "command.poker.create.seats": "Wie viele Plätze (2 bis 10)",
    "command.poker.create.action_seconds": "Sekunden Bedenkzeit pro Zug",
    "command.poker.create.thread": "Den Tisch in einem neuen Thread dieses Kanals eröffnen",
    "command.poker.create.provably_fair": (
        "Vor dem Geben jedes Deck zusagen, zum späteren Prüfen (Standard: ja)"
    ),
    "command.poker.join.description": "Nimm Platz am Tisch dieses Kanals.",
    "command.poker.join.buy_in": "Chips von deinem Guthaben (sonst die Hälfte davon)",
    "command.poker.join.seat": "Der Platz, den du möchtest",
    "command.poker.leave.description": "Verlasse den Tisch; deine Chips gehen aufs Guthaben.",
    "command.poker.sitout.description": "Aussetzen: Platz behalten, ohne Karten zu bekommen.",
    "command.poker.sitin.description": "Ab der nächsten Hand wieder Karten bekommen.",
    "command.poker.topup.description": "Zwischen den Händen Chips vom Guthaben nachkaufen.",
    "command.poker.topup.amount": "Wie viele Chips",
    "command.poker.close.description": "Schließe den Tisch dieses Kanals und zahle alle aus.",
    "command.poker.dm.description": "Wähle, ob deine Karten auch per Direktnachricht kommen.",
    "command.poker.dm.setting": "An oder aus",
    "command.poker.dm.on": "An",
    "command.poker.dm.off": "Aus",
    "command.poker.straddle.description": (
        "Einen Live-Straddle (zwei Big Blinds) setzen, wenn du nach dem Big Blind zuerst dran bist."
    ),
    "command.poker.straddle.setting": "an oder aus",
    "command.poker.create.ante": "Ein Ante zusätzlich zu den Blinds (Spiele mit Blinds)",
    "command.poker.create.big_blind_ante": "Der Big Blind setzt das Ante für den ganzen Tisch",
    "command.poker.create.straddle": "Live-Straddles erlauben (No-Limit und Pot-Limit)",
    "command.poker.create.rake": "Der Anteil des Hauses an jedem Pot nach dem Flop, in Prozent",
    "command.poker.create.rake_cap": "Die meisten Chips, die das Haus aus einem Pot nimmt",
    "command.poker.verify.description": "Prüfe, ob eine Hand aus ihrem zugesagten Deck kam.",
    "command.poker.verify.hand": "Die Nummer der Hand",
    "command.history.description": "Deine letzten Hände, mit ihren Verläufen als Dateien.",
    "command.check.description": "Checken.",
    "command.call.description": "Den Einsatz mitgehen.",
    "command.bet.description": "Einen Betrag setzen.",
    "command.bet.amount": "Der Einsatz insgesamt",
    "command.raise.description": "Auf einen Betrag erhöhen.",
    "command.raise.amount": "Der Betrag, auf den du erhöhst",
    "command.fold.description": "Aus der Hand aussteigen.",
    "command.allin.description": "Alle deine Chips setzen.",
    "command.bringin.description": "Stud: den Bring-in setzen statt zu komplettieren.",
    "command.discard.description": (
        "Karten abwerfen (Pineapple) oder tauschen (Draw); ohne Karten bleibst du stehen."
    ),
    "command.discard.cards": "Die abzuwerfenden Karten, etwa As Td",
    # Turniere.
    "ordinal.1": "1.",
    "ordinal.2": "2.",
    "ordinal.3": "3.",
    "ordinal.n": "{place}.",
    "table.tournament_started": (
        "Das Turnier läuft: Anmelden, Abmelden oder Starten geht nicht mehr."
    ),
    "table.not_tournament": "An diesem Tisch wird Cash Game gespielt, kein Turnier.",
    "table.not_owner_start": (
        "Nur wer dieses Turnier eröffnet hat oder den Kanal verwalten darf, kann es starten."
    ),
    "table.tournament_too_few": "Ein Turnier beginnt mit mindestens zwei Spielern.",
    "table.tournament_buy_in": (
        "Das Buy-in dieses Turniers beträgt **{amount:int}** Chips; lass den Betrag weg."
    ),
    "table.config.tournament_options_alone": (
        "Buy-in, Startstack und Levels gehören zu einem Turnier: füge tournament:true hinzu."
    ),
    "engine.tournament_cash_only": (
        "Gemischte Spiele, Jackpots, Antes, Straddles, Rake und Buy-in-Spannen gibt es an "
        "Cash-Tischen; im Turnier bestimmt die Struktur Blinds und Antes."
    ),
    "engine.tournament_game": (
        "Turniere spielen Spiele mit Blinds, deren Levels steigen; {variant} wird ohne "
        "Blinds gespielt."
    ),
    "table.config.tournament_buy_in": (
        "Das Buy-in eines Turniers liegt zwischen 1 und {high:int} Chips, nicht bei {amount:int}."
    ),
    "engine.starting_stack": (
        "Der Startstack muss zwischen {low:int} (zwei Big Blinds) und {high:int} Chips "
        "liegen, nicht bei {amount:int}."
    ),
    "engine.level_minutes_or_hands": (
        "Blind-Levels dauern entweder Minuten oder Hände: gib eines von beiden an."
    ),
    "engine.level_minutes": "Ein Blind-Level dauert 1 bis {high} Minuten, nicht {minutes}.",
    "engine.level_hands": "Ein Blind-Level dauert 1 bis {high} Hände, nicht {hands}.",
    "tournament.payout": "{place} {amount:int}",
    "tournament.registering": (
        "**Turnier** · Buy-in **{buy_in:int}** · Startstack **{stack:int}** · "
        "Blinds steigen alle {length}"
    ),
    "tournament.level_minutes": "{minutes} Minuten",
    "tournament.level_hands": "{hands} Hände",
    "tournament.registered": (
        "Angemeldet: **{registered}** von {seats} · Preisgeld **{pool:int}** ({payouts}). "
        "Anmelden mit /poker join; es beginnt, wenn alle Plätze besetzt sind oder der "
        "Ersteller /poker start ausführt."
    ),
    "tournament.registered_empty": (
        "Angemeldet: **{registered}** von {seats}. "
        "Anmelden mit /poker join; es beginnt, wenn alle Plätze besetzt sind oder der "
        "Ersteller /poker start ausführt."
    ),
    "tournament.finishes_tied": (
        "{name} wird {place} von {entrants}, gleichauf mit {others} (in derselben Hand "
        "mit demselben Stack ausgeschieden)."
    ),
    "tournament.finishes_paid_tied": (
        "{name} wird {place} von {entrants}, gleichauf mit {others} (in derselben Hand "
        "mit demselben Stack ausgeschieden), und gewinnt **{prize:int}** Chips: einen Anteil "
        "am Preisgeld der geteilten Plätze."
    ),
    "tournament.level": "Level **{level}**: Blinds {small_blind:int}/{big_blind:int}",
    "tournament.level_ante": (
        "Level **{level}**: Blinds {small_blind:int}/{big_blind:int}, Ante {ante:int}"
    ),
    "tournament.last_level": "das letzte Level",
    "tournament.next_level_now": "die Blinds steigen mit der nächsten Hand",
    "tournament.next_level_at": "nächstes Level {when}",
    "tournament.next_level_in": "nächstes Level in {hands} Händen",
    "tournament.next_level_after_one": "nächstes Level nach einer weiteren Hand",
    "tournament.players_left": (
        "Noch im Turnier: **{left}** von {entrants} · Preisgeld **{pool:int}** ({payouts})"
    ),
    "tournament.begins": (
        "Das Turnier beginnt mit {players} Spielern. Preisgeld **{pool:int}**: {payouts}."
    ),
    "tournament.level_up": (
        "Level **{level}**: die Blinds betragen jetzt {small_blind:int}/{big_blind:int}."
    ),
    "tournament.level_up_ante": (
        "Level **{level}**: die Blinds betragen jetzt {small_blind:int}/{big_blind:int}, "
        "Ante {ante:int}."
    ),
    "tournament.finishes": "{name} wird {place} von {entrants}.",
    "tournament.finishes_paid": (
        "{name} wird {place} von {entrants} und gewinnt **{prize:int}** Chips."
    ),
    "tournament.winner": "🏆 {name} gewinnt das Turnier und **{prize:int}** Chips!",
    "tables.created_tournament": (
        "Ein Turnier in {variant} ist offen in {channel}: Buy-in {buy_in:int}, Startstack "
        "{stack:int}, Blinds ab {small_blind:int}/{big_blind:int}. Anmelden mit /poker join."
    ),
    "tables.registered": (
        "Du bist auf Platz {seat} angemeldet: **{amount:int}** Chips gingen ins Preisgeld; "
        "dein Guthaben beträgt **{balance:int}**."
    ),
    "tables.unregistered": (
        "Du bist abgemeldet: dein Buy-in von **{amount:int}** Chips ist zurück; "
        "dein Guthaben beträgt **{balance:int}**."
    ),
    "tables.tournament_started": "Das Turnier beginnt.",
    "tables.closed_tournament": (
        "Das Turnier ist geschlossen; {count} Buy-ins gingen zurück. Chips, die nach dem "
        "Start an die verbliebenen Spieler verteilt wurden, sind in ihrem Guthaben."
    ),
    "stats.tournaments": "Turniere",
    "stats.tournaments_value": (
        "{played:int} gespielt, {won:int} gewonnen, {cashed:int} im Geld · Preise {prizes:int}, "
        "Buy-ins {buy_ins:int}"
    ),
    "command.poker.create.tournament": "Ein Sit-and-Go-Turnier mit steigenden Blinds",
    "command.poker.create.buy_in": "Turnier: Chips, die jeder ins Preisgeld zahlt",
    "command.poker.create.starting_stack": "Turnier: Chips, mit denen alle beginnen",
    "command.poker.create.level_minutes": "Turnier: Minuten je Blind-Level (Standard 10)",
    "command.poker.create.level_hands": "Turnier: Hände je Blind-Level (statt Minuten)",
    "command.poker.start.description": "Starte das Turnier dieses Kanals mit den Angemeldeten.",
    # Karten als Emojis: der Name, den ein Screenreader vorliest (nur Buchstaben, Ziffern, _).
    "card.name": "{suit}_{rank}",
    "card.rank.0": "Zwei",
    "card.rank.1": "Drei",
    "card.rank.2": "Vier",
    "card.rank.3": "Fünf",
    "card.rank.4": "Sechs",
    "card.rank.5": "Sieben",
    "card.rank.6": "Acht",
    "card.rank.7": "Neun",
    "card.rank.8": "Zehn",
    "card.rank.9": "Bube",
    "card.rank.10": "Dame",
    "card.rank.11": "König",
    "card.rank.12": "Ass",
    "card.suit.0": "Kreuz",
    "card.suit.1": "Karo",
    "card.suit.2": "Herz",
    "card.suit.3": "Pik",
    "card.back": "verdeckte_Karte",
    "card.back_text": "🂠",
    # Hände, aus den Daten der Engine: Ränge, Bezeichnungen und die Form nach „mit“.
    "rank.name.0": "Zwei",
    "rank.name.1": "Drei",
    "rank.name.2": "Vier",
    "rank.name.3": "Fünf",
    "rank.name.4": "Sechs",
    "rank.name.5": "Sieben",
    "rank.name.6": "Acht",
    "rank.name.7": "Neun",
    "rank.name.8": "Zehn",
    "rank.name.9": "Bube",
    "rank.name.10": "Dame",
    "rank.name.11": "König",
    "rank.name.12": "Ass",
    "rank.plural.0": "Zweien",
    "rank.plural.1": "Dreien",
    "rank.plural.2": "Vieren",
    "rank.plural.3": "Fünfen",
    "rank.plural.4": "Sechsen",
    "rank.plural.5": "Siebenen",
    "rank.plural.6": "Achten",
    "rank.plural.7": "Neunen",
    "rank.plural.8": "Zehnen",
    "rank.plural.9": "Buben",
    "rank.plural.10": "Damen",
    "rank.plural.11": "Könige",
    "rank.plural.12": "Asse",
    # Nach „mit“ steht der Rang im Dativ Plural: „mit einem Paar Königen“.
    "rank.plural_with.0": "Zweien",
    "rank.plural_with.1": "Dreien",
    "rank.plural_with.2": "Vieren",
    "rank.plural_with.3": "Fünfen",
    "rank.plural_with.4": "Sechsen",
    "rank.plural_with.5": "Siebenen",
    "rank.plural_with.6": "Achten",
    "rank.plural_with.7": "Neunen",
    "rank.plural_with.8": "Zehnen",
    "rank.plural_with.9": "Buben",
    "rank.plural_with.10": "Damen",
    "rank.plural_with.11": "Königen",
    "rank.plural_with.12": "Assen",
    "hand.high_card": "Höchste Karte, {rank}",
    "hand.pair": "Paar {ranks}",
    "hand.two_pair": "Zwei Paare, {ranks} und {low}",
    "hand.three_of_a_kind": "Drilling, {ranks}",
    "hand.straight": "Straße, {rank} hoch",
    "hand.flush": "Flush, {rank} hoch",
    "hand.full_house": "Full House, {ranks} über {low}",
    "hand.four_of_a_kind": "Vierling, {ranks}",
    "hand.straight_flush": "Straight Flush, {rank} hoch",
    "hand.royal_flush": "Royal Flush",
    "hand.low": "Low {run}",
    "hand.badugi": "Badugi aus {count} Karten, {run}",
    "hand.with.high_card": "höchster Karte {rank}",
    "hand.with.pair": "einem Paar {ranks}",
    "hand.with.two_pair": "zwei Paaren, {ranks} und {low}",
    "hand.with.three_of_a_kind": "einem Drilling aus {ranks}",
    "hand.with.straight": "einer Straße, {rank} hoch",
    "hand.with.flush": "einem Flush, {rank} hoch",
    "hand.with.full_house": "einem Full House aus drei {ranks} und zwei {low}",
    "hand.with.four_of_a_kind": "einem Vierling aus {ranks}",
    "hand.with.straight_flush": "einem Straight Flush, {rank} hoch",
    "hand.with.royal_flush": "einem Royal Flush",
    "hand.with.low": "einem Low {run}",
    "hand.with.badugi": "einem Badugi aus {count} Karten, {run}",
    "hand.kicker": "{hand}, {rank} als Kicker",
    "result.muck": "{names} wirft verdeckt weg.",
    "result.muck_many": "{names} werfen verdeckt weg.",
    "result.split_two_with": "{names} teilen sich {pot} von **{amount:int}**, beide mit {hand}.",
    "result.split_many_with": "{names} teilen sich {pot} von **{amount:int}**, alle mit {hand}.",
    "result.picture": (
        "Der Showdown: das Board und jede gezeigte Hand, die gewinnenden Karten hervorgehoben."
    ),
    "variant.NT": "No-Limit Texas Hold'em",
    "variant.PT": "Pot-Limit Texas Hold'em",
    "variant.FT": "Fixed-Limit Texas Hold'em",
    "variant.ST": "Spread-Limit Texas Hold'em",
    "variant.NS": "No-Limit Short Deck Hold'em",
    "variant.NR": "No-Limit Royal Hold'em",
    "variant.PO": "Pot-Limit Omaha",
    "variant.FO": "Fixed-Limit Omaha",
    "variant.PO/8": "Pot-Limit Omaha Hi-Lo",
    "variant.FO/8": "Fixed-Limit Omaha Hi-Lo",
    "variant.NP": "No-Limit Pineapple",
    "variant.NCP": "No-Limit Crazy Pineapple",
    "variant.FCP/8": "Fixed-Limit Crazy Pineapple Hi-Lo",
    "variant.F7S": "Fixed-Limit Seven Card Stud",
    "variant.F7S/8": "Fixed-Limit Seven Card Stud Hi-Lo",
    "variant.FR": "Fixed-Limit Razz",
    "variant.F5D": "Fixed-Limit Five Card Draw",
    "variant.N2L1D": "No-Limit 2-7 Single Draw",
    "variant.F2L3D": "Fixed-Limit 2-7 Triple Draw",
    "variant.FB": "Fixed-Limit Badugi",
    "variant.NSS": "No-Limit Short Deck Hold'em, Straße über Drilling",
    "variant.FM": "Fixed-Limit Manila",
    "variant.NDT": "No-Limit Double Texas Hold'em",
    "variant.NDB": "No-Limit Hold'em mit zwei Boards, je Board der halbe Pot",
    "variant.NDBA": "No-Limit Hold'em mit zwei Boards, die beste Hand gewinnt alles",
    "history.hand": "**Hand {hand_no}** · {game} · <#{channel_id}> · **{net:+int}**",
    "history.hand_tournament": (
        "**Hand {hand_no}** · {game} · <#{channel_id}> · **{net:+int}** Turnierchips"
    ),
    "history.cards": "deine Karten {cards}",
    "history.board": "Board {board}",
    "history.board_numbered": "Board {number} {board}",
    "history.outcome.won_showdown": "gewonnen mit {hand}",
    "history.outcome.won": "ohne Showdown gewonnen",
    "history.outcome.lost_showdown": "im Showdown verloren mit {hand}",
    "history.outcome.folded": "ausgestiegen",
    "history.outcome.lost": "verloren",
    "command.poker.deck.description": "Wähle, wie Karten für dich aussehen: zwei Farben oder vier.",
    "command.poker.deck.deck": "Das Kartenblatt",
    "command.poker.deck.two_colour": "Zwei Farben (klassisch: schwarz und rot)",
    "command.poker.deck.four_colour": "Vier Farben (♠ schwarz, ♥ rot, ♦ blau, ♣ grün)",
    "tables.deck_two_colour": (
        "Deine Karten kommen jetzt im klassischen zweifarbigen Blatt: ♠ und ♣ schwarz, ♥ und ♦ rot."
    ),
    "tables.deck_four_colour": (
        "Deine Karten kommen jetzt im vierfarbigen Blatt: ♠ schwarz, ♥ rot, ♦ blau, ♣ grün."
    ),
    "stats.figures": "Kennzahlen aus {hands:int} Händen",
    "stats.figures_value": (
        "VPIP **{vpip}** · PFR **{pfr}** · Aggression **{aggression}**\n"
        "zum Showdown **{went}** · Showdown gewonnen **{won}**\n"
        "**{bb}** Big Blinds pro 100 Hände (Cash-Tische)"
    ),
    "stats.percent": "{value} %",
    "stats.decimal_point": ",",
    "stats.nothing_yet": "—",
    "stats.chart.title": "{name}: Chips über die letzten {count:int} Hände",
    "stats.chart.hands": "Hände",
    "stats.chart.chips": "Gewonnene oder verlorene Chips",
    "stats.chart.session": "Sitzung {n}",
    "stats.chart.alt": (
        "Ein Diagramm der Chips von {name} über die letzten {count:int} Hände: "
        "insgesamt {net:+int}."
    ),
    # First contact and operators' mistakes (issue 11), read by whoever starts the bot.
    "launcher.lease_held": (
        "Auf dieser Datenbank läuft schon ein Croupier (gehalten von {holder}, noch "
        "{seconds:int} s, wenn er nicht verlängert): Beende ihn zuerst, oder setze "
        "CROUPIER_DATABASE auf eine andere Datei."
    ),
    "launcher.lease_lost": (
        "Ein anderer Prozess hat die Datenbank übernommen; dieser hier handelt ab jetzt nicht mehr."
    ),
    "launcher.no_network": (
        "Discord ist nicht erreichbar ({reason}): neuer Versuch in {seconds:int} s "
        "(Versuch {attempt:int})."
    ),
    "launcher.ignored_setting": (
        "{name} wird nicht beachtet: Es gilt nur, wenn es in der Umgebung zusammen mit "
        "CROUPIER_ALLOW_TEST_ENDPOINTS=true gesetzt ist, für Tests gegen ein falsches Discord."
    ),
    # Shards and processes (issue 16), read by whoever starts the bot.
    "settings.shard_ids": (
        "CROUPIER_SHARD_IDS muss Shard-Nummern wie 0,1 oder 0-3 aufzählen, nicht '{value}'."
    ),
    "settings.shard_ids_need_count": (
        "CROUPIER_SHARD_IDS braucht auch CROUPIER_SHARD_COUNT: Setze es auf die Zahl der "
        "Shards, die sich alle Prozesse teilen."
    ),
    "settings.shard_outside": (
        "CROUPIER_SHARD_IDS nennt Shard {shard:int}, aber CROUPIER_SHARD_COUNT={count:int} hat "
        "nur die Shards 0 bis {last:int}."
    ),
    "settings.shards_need_postgresql": (
        "CROUPIER_SHARD_IDS überlässt einige der {count:int} Shards anderen Prozessen, und eine "
        "SQLite-Datei dient nur einem Prozess: Setze CROUPIER_DATABASE auf eine PostgreSQL-URL "
        "(docs/OPERATORS.md, Several processes)."
    ),
    "launcher.shard_lease_held": (
        "Shard {shard} läuft schon in einem anderen Croupier auf dieser Datenbank (gehalten von "
        "{holder}, noch {seconds:int} s, wenn er nicht verlängert): Beende ihn zuerst, oder gib "
        "diesem Prozess andere Shards in CROUPIER_SHARD_IDS."
    ),
    "launcher.whole_bot_running": (
        "Ein anderer Croupier betreibt alle Shards auf dieser Datenbank (gehalten von {holder}, "
        "noch {seconds:int} s, wenn er nicht verlängert): Beende ihn, bevor du Prozesse mit "
        "CROUPIER_SHARD_IDS startest."
    ),
    "launcher.shards_running": (
        "Ein anderer Croupier betreibt Shard {shard} auf dieser Datenbank (gehalten von "
        "{holder}, noch {seconds:int} s, wenn er nicht verlängert): Gib auch diesem Prozess "
        "CROUPIER_SHARD_COUNT und CROUPIER_SHARD_IDS, oder beende die anderen zuerst."
    ),
    "launcher.upgrade_while_running": (
        "Dieser Croupier würde das Schema der Datenbank ändern, während ein anderer Prozess sie "
        "noch nutzt ({name}, gehalten von {holder}): Beende vor einem Update jeden Prozess."
    ),
    "database.is_folder": (
        "CROUPIER_DATABASE ist {path}, und das ist ein Ordner: Setze es auf eine Datei darin, "
        "etwa {path}/croupier.db."
    ),
    "database.no_folder": (
        "CROUPIER_DATABASE ist {path}, aber den Ordner {folder} gibt es nicht: Lege ihn an oder "
        "wähle einen anderen Pfad."
    ),
    "database.read_only": (
        "CROUPIER_DATABASE ist {path}, und diese Datei ist nicht beschreibbar ({reason}): Mache "
        "sie beschreibbar oder wähle eine andere Datei."
    ),
    "database.folder_read_only": (
        "CROUPIER_DATABASE ist {path}, aber der Ordner {folder} ist nicht beschreibbar "
        "({reason}), und SQLite legt sein Journal neben die Datenbank: Wähle einen "
        "beschreibbaren Ordner."
    ),
    "database.cannot_open": (
        "CROUPIER_DATABASE ist {path}, und SQLite kann diese Datei nicht nutzen ({reason}): "
        "Wähle eine andere Datei."
    ),
    "database.cannot_connect": (
        "{name} ist {url}, aber diese PostgreSQL-Datenbank ist nicht nutzbar ({reason}): "
        "Prüfe, ob der Server läuft, die Datenbank existiert und der Benutzer sich anmelden darf."
    ),
    # Moving a SQLite database into PostgreSQL (python -m bot.copy_database, issue 16).
    "copy.no_source": "Unter {path} gibt es keine SQLite-Datenbank.",
    "copy.not_postgresql": (
        "Das Ziel muss eine PostgreSQL-URL sein, etwa "
        "postgresql://croupier@localhost/croupier, nicht {target}."
    ),
    "copy.target_not_empty": (
        "Die PostgreSQL-Datenbank {url} enthält schon Daten (Tabelle {table} hat Zeilen): "
        "Kopiere in eine leere Datenbank."
    ),
    "copy.columns_differ": (
        "Die Tabelle {table} hat in den beiden Datenbanken andere Spalten ({difference}); "
        "beide sollten von dieser Croupier-Version migriert sein."
    ),
    "copy.copied": (
        "{rows:int} Zeilen aus {tables:int} Tabellen von {source} nach {target} kopiert."
    ),
    "copy.audit_of": "Die Prüfung von {database}:",
    "copy.audits_agree": (
        "Beide Prüfungen sind sauber und stimmen Zeile für Zeile überein. Um ab jetzt mit "
        "PostgreSQL zu laufen, setze CROUPIER_DATABASE auf ihre URL ({target}, mit dem "
        "Passwort, falls sie eins hat) und starte den Bot."
    ),
    "copy.audits_differ": (
        "Die beiden Prüfungen sind nicht beide sauber oder stimmen nicht überein (siehe oben): "
        "Bleib bei SQLite."
    ),
    # Who may open tables (issue 11).
    "tables.limit_member": (
        "Du hast auf diesem Server schon {count:int} offene Tische, mehr darf ein Mitglied "
        "nicht haben: Schließe zuerst einen mit /poker close."
    ),
    "tables.limit_server": (
        "Dieser Server hat schon {count:int} offene Tische, mehr erlaubt er nicht: Schließe "
        "zuerst einen."
    ),
    "tables.no_thread_permission": (
        "Du darfst hier keine Threads erstellen, also kann der Tisch nicht in einem neuen "
        "Thread öffnen: Lass die Option thread weg oder frag einen Moderator."
    ),
    "tables.close_changed": (
        "Der Tisch in diesem Kanal hat sich geändert, während dein Befehl unterwegs war; es "
        "wurde nichts geschlossen. Versuche es noch einmal, wenn du ihn schließen willst."
    ),
    "cashier.seat_changed": (
        "Dein Platz hat sich geändert, während deine Anfrage unterwegs war (Platz {seat_no}); "
        "es wurde nichts bewegt. Versuche es noch einmal."
    ),
    # Dein Platz (Issue 13): die private Ansicht, Vorauswahl, Zeitbank, Hinweise.
    "engine.pre_action_not_offered": "Diese Wahl steht dir jetzt nicht offen.",
    "engine.nothing_to_show": "Du hast jetzt keine Karten, die du zeigen darfst.",
    "engine.show_all_or_nothing": "In diesem Spiel darfst du nur die ganze Hand zeigen.",
    "engine.card_shown_already": "Diese Karte hast du schon gezeigt.",
    "seat.may_show": "Bis zur nächsten Hand darfst du deine Karten dem Tisch zeigen.",
    "seat.show_all": "Meine Hand zeigen",
    "seat.show_rest": "{cards} auch zeigen",
    "seat.show_one": "Nur {card} zeigen",
    "table.shows_after": "**{name}** zeigt {cards} (Hand {hand_no}).",
    "tables.shown": "Du hast dem Tisch {cards} gezeigt (Hand {hand_no}).",
    "command.poker.show.description": (
        "Zeige deine Hand: im Showdown, wenn du dran bist, oder nach einem Gewinn ohne Showdown."
    ),
    "command.poker.show.card": "Alle deine Karten, oder (im Hold'em) nur eine",
    "command.poker.show.all": "Alle",
    "command.poker.show.first": "Nur die erste Karte",
    "command.poker.show.second": "Nur die zweite Karte",
    "seat.title": "Dein Platz, Hand {hand_no}",
    "seat.to_call": (
        "Zum Mitgehen: **{price:int}** in einen Pot von **{pot:int}**: Pot Odds {ratio} zu 1 "
        "(du brauchst {percent} %, um ausgeglichen zu spielen)"
    ),
    "seat.nothing_to_call": "Nichts zum Mitgehen; der Pot ist **{pot:int}**.",
    "seat.stack": "Dein Stack: **{stack:int}**",
    "seat.time_bank": "Zeitbank: **{seconds}** s",
    "seat.your_turn": "**Du bist dran.** Handle hier oder am Tisch.",
    "seat.hand_over": "Die Hand ist vorbei.",
    "seat.choose": "Entscheide vor deinem Zug (nur du siehst das):",
    "seat.chosen": "Vor deinem Zug gewählt: **{choice}**. Nur du siehst das.",
    "seat.pre.check_fold": "Checken/aussteigen",
    "seat.pre.check": "Checken",
    "seat.pre.call": "{amount:int} mitgehen",
    "seat.pre.call_any": "Alles mitgehen",
    "seat.pre.fold_any": "Bei jedem Einsatz aussteigen",
    "seat.pre.clear": "Meine Wahl löschen",
    "table.on_time_bank": "⏳ **{name}** nutzt die Zeitbank.",
    "table.time_bank": "Zeitbank: {seconds} s pro Spieler.",
    "table.time_bank_refilled": (
        "Zeitbank: {seconds} s pro Spieler, alle {every} Hände {add} s mehr."
    ),
    "table.notify_hint": "Willst du erfahren, wann du dran bist? Nutze /poker notify.",
    "engine.time_bank": (
        "Eine Zeitbank wird als Sekunden angegeben, oder Sekunden+dazu/Hände (zum Beispiel "
        "30 oder 30+5/10), jeweils höchstens {high} Sekunden."
    ),
    "notice.dm": "Du bist dran in {channel} (Hand {hand_no}).",
    "notice.mention": "{mention}, du bist dran (Hand {hand_no}).",
    "notice.dm_again": "Du bist wieder dran in {channel} (Hand {hand_no}).",
    "tables.notify_none": "Du wirst nicht benachrichtigt, wenn du dran bist.",
    "tables.notify_dm": (
        "Ab jetzt bekommst du eine DM, wenn du dran bist und nicht binnen weniger Sekunden "
        "handelst: eine DM pro Hand, bei deinen späteren Zügen aktualisiert."
    ),
    "tables.notify_mention": (
        "Ab jetzt erwähnt dich eine kurze Nachricht im Kanal des Tisches, wenn du dran bist "
        "und nicht binnen weniger Sekunden handelst, höchstens einmal pro Hand."
    ),
    "command.poker.notify.description": "Wähle, wie du erfährst, dass du dran bist.",
    "command.poker.notify.setting": "Wie du es erfährst",
    "command.poker.notify.none": "Gar nicht",
    "command.poker.notify.dm": "Per DM",
    "command.poker.notify.mention": "Im Kanal erwähnen",
    "command.poker.create.time_bank": (
        "Zeitbank pro Spieler: Sekunden, oder Sekunden+dazu/Hände (z. B. 30+5/10)"
    ),
    # The home-game options (bot.tables.home_game).
    "action.run_twice": "{name} will es zweimal austeilen",
    "action.run_once": "{name} will es einmal austeilen",
    "acted.run_twice": "Du willst den Rest des Boards zweimal; so kommt es, wenn alle zustimmen.",
    "acted.run_once": "Du willst den Rest des Boards einmal.",
    "button.run_twice": "Zweimal austeilen",
    "button.run_once": "Einmal austeilen",
    "button.rabbit_hunt": "Hasenjagd",
    "home.odds": "Chancen vor dem Flop: {chances}",
    "home.odds_on": "Chancen bei {board}: {chances}",
    "home.odds_cards": "Chancen mit je {cards} Karten: {chances}",
    "home.odds_second_run": "Zweiter Durchgang · {line}",
    "home.odds_board": "Board {number} · {line}",
    "home.chances": "{name} {win} %",
    "home.chances_tie": "{name} {win} % (geteilt {tie} %)",
    "home.chances_hilo": "{name} alles {win} %, Hälfte {half} %, geteilt {tie} %",
    "home.run_it_twice_choosing": (
        "All-in: zweimal austeilen? Noch zu wählen: {names} (keine Antwort rechtzeitig: einmal)."
    ),
    "home.run_twice": (
        "Das Board wird zweimal ausgeteilt: jedes Board gewinnt die Hälfte jedes Pots."
    ),
    "home.bomb_pot": "Bomb Pot: alle haben {amount:int} gesetzt; vor dem Flop wird nicht gesetzt.",
    "home.bounty": "7-2-Prämie: {name} kassiert {amount:int}.",
    "home.rabbit": "**Hand {hand_no}** · Hasenjagd: {cards} wären gekommen.",
    "home.rabbit_board": "Board {number}: {cards}",
    "home.no_rabbit": (
        "Jetzt gibt es keinen Hasen zu jagen: die letzte Hand läuft "
        "noch oder ihr Board war vollständig."
    ),
    "home.no_rabbit_hunt": "An diesem Tisch gibt es keine Hasenjagd.",
    "home.options_saved": (
        "Die Hausregeln sind gespeichert; sie gelten ab der nächsten Hand: {options}"
    ),
    "home.options_none": "keine",
    "home.option.run_it_twice": "zweimal austeilen",
    "home.option.rabbit_hunt": "Hasenjagd",
    "home.option.bomb_pot": "Bomb Pots zu {amount:int}",
    "home.option.bomb_pot_every": "alle {hands} Hände",
    "home.option.double_board": "zwei Boards",
    "home.option.seven_deuce_bounty": "7-2-Prämie {amount:int}",
    "home.not_creator": "Nur wer den Tisch eröffnet hat, kann seine Hausregeln ändern.",
    "engine.no_bomb_pots": "An diesem Tisch gibt es keine Bomb Pots.",
    "home.bomb_vote": (
        "{name} stimmt für einen Bomb Pot ({votes} von {needed} Stimmen: {missing} fehlen noch)."
    ),
    "home.bomb_voted_before": (
        "Du hast schon für einen Bomb Pot gestimmt ({votes} von {needed} Stimmen: "
        "{missing} fehlen noch)."
    ),
    "engine.bomb_sitting_out": (
        "Nur wer Karten bekommt, stimmt für einen Bomb Pot ab: "
        "mit /poker sitin darfst du mitstimmen."
    ),
    "home.bomb_voted": "Der Tisch hat abgestimmt: die nächste Hand ist ein Bomb Pot.",
    "engine.bomb_already": "Die nächste Hand ist schon ein Bomb Pot.",
    "engine.bomb_pot": "Ein Bomb Pot ist mindestens 1 Chip, nicht {amount:int}.",
    "engine.bomb_pot_options_alone": "Optionen für Bomb Pots brauchen einen Betrag.",
    "engine.bomb_pot_every": "Bomb Pots kommen alle 1 bis {high} Hände, nicht alle {hands}.",
    "engine.seven_deuce_bounty": "Die 7-2-Prämie kann nicht {amount:int} sein.",
    "command.poker.homegame.description": "Hausregeln dieses Tisches (nur wer ihn eröffnet hat).",
    "command.poker.homegame.run_it_twice": (
        "All-in vor dem River: die Spieler dürfen zweimal austeilen"
    ),
    "command.poker.homegame.rabbit_hunt": (
        "Nach einer Hand darf jeder das Board sehen, das gekommen wäre"
    ),
    "command.poker.homegame.bomb_pot": "Betrag des Bomb Pots, den alle setzen (0: keine)",
    "command.poker.homegame.bomb_pot_every": "Ein Bomb Pot alle N Hände (0: nur nach Abstimmung)",
    "command.poker.homegame.double_board": "Bomb Pots mit zwei Boards",
    "command.poker.homegame.seven_deuce_bounty": (
        "7-2-Prämie, die jeder andere Spieler zahlt (0: keine)"
    ),
    "command.poker.bomb.description": "Stimme für einen Bomb Pot in der nächsten Hand.",
    # Fair schließen, Direktnachrichten, Neustarts (Issue 11, Seite des Tisches).
    "table.closing": (
        "Dieser Tisch schließt, wenn die laufende Hand endet: Niemand kann mehr Platz nehmen, "
        "nachkaufen oder ein Spiel starten."
    ),
    "table.closing_notice": (
        "**Dieser Tisch schließt, wenn diese Hand endet.** Die Hand wird zu Ende gespielt, dann "
        "geht jeder Stapel an seinen Besitzer zurück."
    ),
    "table.closed_after_hand": (
        "Die Hand ist vorbei und der Tisch geschlossen: Jeder Stapel ging an seinen Besitzer "
        "zurück."
    ),
    "table.hand_voided_by": (
        "Hand {hand_no} wurde von {name} annulliert und der Tisch geschlossen. Grund: {reason}. "
        "Jeder Stapel ist wieder so groß wie zu Beginn der Hand."
    ),
    "table.void_reason_gone": "der Kanal des Tisches ist weg",
    "table.may_not_void": (
        "Nur wer diesen Kanal verwalten darf, kann die laufende Hand annullieren. Lass "
        "void_reason weg, dann schließt der Tisch, wenn diese Hand endet."
    ),
    "table.may_not_end_tournament": (
        "Dieses Turnier hat begonnen: Nur wer diesen Kanal verwalten darf, kann es vorzeitig "
        "beenden und den Preispool nach Chips aufteilen."
    ),
    "tables.closing": (
        "Der Tisch schließt, wenn die laufende Hand endet; dann geht jeder Stapel an seinen "
        "Besitzer zurück."
    ),
    "tables.void_reason_empty": (
        "Sag in wenigen Worten, warum die Hand annulliert wird (höchstens 200 Zeichen): Der "
        "Tisch erfährt es."
    ),
    "command.poker.close.void_reason": (
        "Die laufende Hand jetzt annullieren, aus diesem Grund (nur Moderatoren)"
    ),
    "table.sat_out_too_long": (
        "{name} hat länger als {minutes:int} Minuten ausgesetzt: Der Platz ist wieder frei, und "
        "der Stapel ging zurück auf das Guthaben."
    ),
    "table.the_croupier": "dem Croupier",
    # Computerspieler (Issue 14).
    "computer.name": "Bot {name}",
    "computer.style_name.balanced": "ausgewogen",
    "computer.style_name.tight_passive": "tight-passiv",
    "computer.style_name.tight_aggressive": "tight-aggressiv",
    "computer.style_name.loose_aggressive": "loose-aggressiv",
    "computer.style_name.calling_station": "Calling Station",
    "computer.style.balanced": (
        "Spielt eine solide Mischung: ausgewählte Starthände, setzt mit guten Händen, blufft "
        "ab und zu und steigt aus, wenn der Preis nicht stimmt."
    ),
    "computer.style.tight_passive": (
        "Spielt wenige Hände und erhöht selten: es checkt und geht mit, und wenn es setzt, "
        "hat es meist eine starke Hand."
    ),
    "computer.style.tight_aggressive": (
        "Spielt wenige Hände, diese aber hart: es erhöht lieber, als mitzugehen, und setzt "
        "weiter, solange es vorne liegt."
    ),
    "computer.style.loose_aggressive": (
        "Spielt viele Hände und macht Druck mit häufigem Setzen, Erhöhen und Bluffen."
    ),
    "computer.style.calling_station": (
        "Spielt viele Hände und steigt ungern aus: es geht Einsatz um Einsatz mit und erhöht "
        "selten ohne große Hand."
    ),
    "command.poker.create.computer_players": (
        "Ob /poker addbot hier Computerspieler setzen darf (Standard: ja)"
    ),
    "command.poker.addbot.description": "Setze einen Computerspieler, den die Hausbank ausstattet.",
    "command.poker.addbot.style": "Wie er spielt (Standard: ausgewogen)",
    "command.poker.addbot.seat": "Sein Platz (Standard: der erste freie)",
    "command.poker.addbot.style.balanced": "Ausgewogen: solide Mischung, blufft ab und zu",
    "command.poker.addbot.style.tight_passive": "Tight-passiv: wenige Hände, checkt und geht mit",
    "command.poker.addbot.style.tight_aggressive": "Tight-aggressiv: wenige Hände, hart gespielt",
    "command.poker.addbot.style.loose_aggressive": (
        "Loose-aggressiv: viele Hände, setzt und blufft"
    ),
    "command.poker.addbot.style.calling_station": "Calling Station: geht fast immer mit",
    "command.poker.removebot.description": (
        "Lass einen Computerspieler gehen; seine Chips gehen an die Bank."
    ),
    "command.poker.removebot.seat": "Sein Platz (Standard: der zuletzt gesetzte Computerspieler)",
    "computer.added": (
        "{name} ({style}) sitzt auf Platz {seat} mit **{amount:int}** Chips aus der Hausbank. "
        "{about}"
    ),
    "computer.registered": (
        "{name} ({style}) ist auf Platz {seat} angemeldet; die Hausbank hat das Buy-in von "
        "**{amount:int}** bezahlt, und ein Preisgeld geht an die Bank zurück. {about}"
    ),
    "computer.removed": (
        "{name} ist gegangen; seine **{amount:int}** Chips gingen an die Hausbank zurück."
    ),
    "computer.removed_later": (
        "{name} geht, wenn diese Hand endet; seine Chips gehen dann an die Hausbank zurück."
    ),
    "computer.not_allowed": "An diesem Tisch sind keine Computerspieler erlaubt.",
    "computer.unknown_style": "Es gibt keinen Stil „{style}“. Wähle einen von: {styles}.",
    "computer.none_seated": "An diesem Tisch sitzt kein Computerspieler.",
    "computer.no_leave_tournament": (
        "Dieses Turnier hat begonnen: Ein Computerspieler spielt es wie alle bis zum Ende."
    ),
    "computer.left_idle": (
        "Hier hat eine Weile kein Mitglied gespielt, deshalb sind die Computerspieler "
        "gegangen; ihre **{amount:int}** Chips gingen an die Hausbank zurück. "
        "Mit `/poker addbot` holst du sie jederzeit zurück."
    ),
    "computer.not_in_seat": "Auf Platz {seat} sitzt kein Computerspieler.",
    "computer.not_owner": (
        "Nur wer diesen Tisch eröffnet hat oder diesen Kanal verwalten darf, kann "
        "Computerspieler hinzufügen oder entfernen."
    ),
    "stats.against_computers": "Gegen Computerspieler",
    "stats.against_computers_value": (
        "{hands:int} Hände mit ihnen am Tisch · {net:+int} Chips an Cash-Tischen"
    ),
    # Zeigen oder verdeckt ablegen im Showdown (Issue 13): eine Hand, die nicht gewinnen kann.
    "action.show": "{name} zeigt",
    "action.muck": "{name} legt verdeckt ab",
    "acted.show": "Du hast deine Hand gezeigt.",
    "acted.muck": "Du hast deine Hand verdeckt abgelegt: niemand sieht sie.",
    "button.show": "Zeigen",
    "button.muck": "Verdeckt ablegen",
    "table.show_or_muck": "Showdown: zeigen oder verdeckt ablegen (die Uhr legt ab)",
    "seat.show_or_muck": (
        "Deine Hand kann im Showdown nicht gewinnen: zeige sie oder lege sie verdeckt ab "
        "(die Uhr legt ab)."
    ),
    "table.show_whole_at_showdown": (
        "Im Showdown zeigst du deine ganze Hand oder legst sie verdeckt ab."
    ),
    "command.poker.muck.description": (
        "Im Showdown eine Hand, die nicht gewinnen kann, verdeckt ablegen."
    ),
    # Verlieren beendet den Abend nicht (Issue 23): der Weg zurück an einen Tisch,
    # Auffüllungen, Zuteilungen durch Mitglieder, die den Server verwalten, die
    # Knöpfe des wartenden Tisches.
    "table.out_of_chips": "{name} hat keine Chips mehr.",
    "way_back.top_up": (
        "**Nachkaufen** am Tisch (oder /poker topup) holt Chips von deinem Guthaben "
        "(dort liegen **{chips:int}**), /poker leave gibt den Platz auf."
    ),
    "way_back.refill_now": (
        "Für keinen Tisch hier reichen die Chips noch: /refill füllt dein Guthaben jetzt "
        "wieder auf **{chips:int}** auf, dann **Nachkaufen** am Tisch."
    ),
    "way_back.daily": (
        "/daily bringt dir jetzt **{chips:int}** Chips, genug für **Nachkaufen** am Tisch."
    ),
    "way_back.refill_later": (
        "Deine nächste Auffüllung (dein Guthaben wieder auf **{chips:int}**) gibt es um "
        "{opens} ({when}): dann mit /refill."
    ),
    "way_back.ask_admin": (
        "Dieser Server füllt gerade nicht auf: Bitte ein Mitglied, das den Server verwaltet, "
        "dir Chips zu geben (/chips grant)."
    ),
    "command.refill.description": (
        "Für keinen Tisch mehr genug Chips? Füll dein Guthaben auf, um wieder zu spielen."
    ),
    "refill.paid": (
        "Aufgefüllt: **{amount:int}** Chips, dein Guthaben beträgt jetzt **{balance:int}**. "
        "Die nächste Auffüllung gibt es {when}. Zurück an einen Tisch: **Nachkaufen**, wo du "
        "sitzt, oder **Hinsetzen** (/poker join)."
    ),
    "refill.off": (
        "Dieser Server füllt nicht auf: Bitte ein Mitglied, das den Server verwaltet, dir "
        "Chips zu geben."
    ),
    "refill.not_broke": (
        "Aufgefüllt wird nur, wer für keinen Tisch hier genug Chips hat: Du hast "
        "**{chips:int}**, das kleinste Buy-in ist **{smallest:int}**."
    ),
    "refill.not_yet": "Deine nächste Auffüllung gibt es um {opens} ({when}).",
    "command.chips.description": (
        "Chips für die Spieler dieses Servers (Mitglieder, die den Server verwalten)."
    ),
    "command.chips.grant.description": "Gib einem Mitglied Chips von der Bank, mit Grund.",
    "command.chips.grant.user": "Das Mitglied, das die Chips erhält",
    "command.chips.grant.amount": "Wie viele Chips",
    "command.chips.grant.reason": "Warum (steht im Kassenbuch)",
    "command.chips.grant_everyone.description": (
        "Gib jedem Spieler mit Guthaben hier Chips von der Bank, mit Grund."
    ),
    "command.chips.grant_everyone.amount": "Wie viele Chips jeder Spieler erhält",
    "command.chips.refill.description": (
        "Wie Spieler, die alles verloren haben, auf diesem Server wieder spielen."
    ),
    "command.chips.refill.enabled": "Ob Spieler ohne Chips auffüllen dürfen",
    "command.chips.refill.chips": "Auf wie viele Chips eine Auffüllung das Guthaben bringt",
    "command.chips.refill.hours": "Stunden von einer Auffüllung eines Spielers bis zur nächsten",
    "chips.granted": (
        "{user} hat **{amount:int}** Chips erhalten ({reason}). Das Guthaben beträgt jetzt "
        "**{balance:int}** Chips."
    ),
    "chips.granted_everyone": (
        "Jeder der **{count:int}** Spieler mit Guthaben hier hat **{amount:int}** Chips "
        "erhalten ({reason})."
    ),
    "chips.not_manager": (
        "Nur Mitglieder, die den Server verwalten, geben Chips und legen das Auffüllen fest."
    ),
    "chips.reason_empty": (
        "Sag in wenigen Worten, warum es die Chips gibt (höchstens 200 Zeichen): Das "
        "Kassenbuch bewahrt es auf."
    ),
    "chips.refill_on": (
        "Auffüllen ist an: Wer für keinen Tisch hier genug Chips hat, bringt sein Guthaben "
        "alle **{hours:int}** Stunden einmal wieder auf **{chips:int}**."
    ),
    "chips.refill_off": (
        "Auffüllen ist aus: Wer alles verliert, spielt mit /daily wieder oder mit Chips, "
        "die /chips grant gibt."
    ),
    "button.sit_down": "Hinsetzen",
    "button.leave": "Aufstehen",
    "button.top_up": "Nachkaufen",
    "sit_form.title": "Hinsetzen",
    "sit_form.buy_in": "Buy-in ({low:int} bis {high:int})",
    "sit_form.buy_in_about": "Dein Guthaben ist {balance:int}; die Hälfte davon steht schon da.",
    "sit_form.seat": "Platz",
    "sit_form.seat_about": "Leer: der erste freie Platz.",
    "top_up_form.title": "Nachkaufen",
    "top_up_form.amount": "Wie viele Chips (bis zu {high:int})",
    "top_up_form.amount_about": "Dein Stapel ist {stack:int}, dein Guthaben {balance:int}.",
    "way_back.refusal": "{refusal} {step}",
    "command.poker.autotopup.description": "Zwischen den Händen automatisch nachkaufen.",
    "command.poker.autotopup.up_to": (
        "Wieder auf so viele Chips (leer: kein automatisches Nachkaufen)"
    ),
    "command.poker.autotopup.below": "Sobald dein Stapel darunter liegt (sonst derselbe Wert)",
    "tables.auto_top_up_on": (
        "Zwischen den Händen wird dein Stapel an einem Cash-Tisch hier, sobald er unter "
        "**{below:int}** liegt, von deinem Guthaben auf **{up_to:int}** aufgefüllt (nie über "
        "das höchste Buy-in des Tisches)."
    ),
    "tables.auto_top_up_off": (
        "Kein automatisches Nachkaufen mehr: nutze **Nachkaufen** oder /poker topup."
    ),
    "tables.auto_top_up_order": (
        "Die Grenze zum Nachkaufen (**{below:int}**) darf nicht über dem Ziel "
        "(**{up_to:int}**) liegen."
    ),
    "table.waiting_buttons": (
        "Warte auf Spieler: Es braucht zwei. **Hinsetzen** unten oder /poker join "
        "(Buy-in {low:int} bis {high:int})."
    ),
    # Hausregeln werden vereinbart, nicht aufgezwungen (Issue 24).
    "engine.bomb_pot_too_large": (
        "Ein Bomb Pot beträgt hier höchstens {big_blinds} Big Blinds ({most:int} Chips)."
    ),
    "engine.seven_deuce_too_large": (
        "Die 7-2-Prämie beträgt hier höchstens {big_blinds} Big Blinds ({most:int} Chips)."
    ),
    "home.options_pending": (
        "Was einen Spieler mehr kosten kann, wartet eine volle Hand, damit jeder vorher "
        "gehen kann: ab Hand {hand_no}: {options}"
    ),
    "home.changed": (
        "**Hausregeln geändert** vom Eröffner des Tisches. Ab der nächsten Hand: {options}."
    ),
    "home.changed_pending": (
        "Ab Hand **{hand_no}**, nach einer vollen Hand, in der jeder, der nicht einverstanden "
        "ist, gehen kann: {options}."
    ),
    "table.home_rules": "Hausregeln: {options}",
    "table.home_rules_pending": "ab Hand {hand_no}: {options}",
    "table.tournament_no_member": (
        "Ein Turnier beginnt erst, wenn ein Mitglied angemeldet ist, nicht mit "
        "Computerspielern allein."
    ),
    "engine.restraddle_too_small": (
        "Ein Re-Straddle beträgt mindestens {amount:int} (das Doppelte des Straddles)."
    ),
    "command.poker.straddle.restraddle_to": (
        "No Limit: nach einem Straddle auf so viele Chips re-straddlen (sonst das Doppelte)"
    ),
    "tables.straddle_on_to": (
        "Ab der nächsten Hand straddlest du, wann immer du nach dem Big Blind zuerst dran bist, "
        "und re-straddlest nach einem Straddle auf **{amount:int}** (auf das Doppelte des "
        "vorigen Straddles, wenn das mehr ist)."
    ),
    # Ein Fehler in einer Hand (Issue 24): Die Hand wird annulliert, der Tisch spielt weiter.
    "table.hand_failed": (
        "Bei uns ist in Hand {hand_no} etwas schiefgegangen, daher wird sie annulliert: Jeder "
        "Stapel ist wieder so groß wie zu Beginn der Hand."
    ),
    "table.hand_failed_voided": (
        "Bei uns ist während Hand {hand_no} etwas schiefgegangen, daher wird sie annulliert: "
        "Jeder Stapel ist wieder so groß wie zu Beginn der Hand. Die nächste Hand wird wie "
        "gewohnt gegeben."
    ),
    "table.void_reason_failed": (
        "bei uns ist etwas schiefgegangen, und die Hand konnte nicht weitergehen"
    ),
    # Ein Platz, von dem aus man spielt (Issue 23): der Zug in der Platzansicht, ihre 15 Minuten.
    "seat.expiring": (
        "Diese Ansicht wird {when} nicht mehr aktualisiert: öffne dann am Tisch mit "
        "**Meine Karten** eine neue."
    ),
    "seat.expired": (
        "Diese Ansicht wird nicht mehr aktualisiert: öffne am Tisch mit **Meine Karten** eine neue."
    ),
    "seat.superseded": "Diese Ansicht wird nicht mehr aktualisiert: deine neuere schon.",
    "seat.stale_hand": "Diese Knöpfe gehören zu einer Hand, die vorbei ist; nichts wurde getan.",
    "seat.stale_button": (
        "Die Hand ging vor deinem Klick weiter; nichts wurde getan. Dein Platz zeigt sie, wie sie "
        "jetzt ist."
    ),
    # Die Regeln der Engine für die Einstellungen eines Tisches (engine.table_config).
    "engine.mix_first_game": "{mix} beginnt mit {game}.",
    "engine.mix_stakes": (
        "Die Einsätze eines Mixes sind zwei Blinds; jedes Spiel leitet seine eigenen ab."
    ),
    "engine.cash_or_tournament": (
        "Gib die Einsätze eines Cash Games oder die Blindstruktur eines Turniers an."
    ),
    "engine.jackpots_ante": "Jackpots brauchen eine Ante von jedem Spieler.",
    "engine.stakes_negative": "Antes, Bring-in und Einsatzgrößen können nicht negativ sein.",
    "engine.ante_kind": "Gib eine Ante zusammen damit an, wer sie zahlt, oder keins von beiden.",
    "engine.level_length": (
        "Ein Blind-Level dauert eine Zahl von Händen oder von Sekunden, mindestens eine."
    ),
    "engine.schedule_empty": "Eine Blindstruktur hat mindestens ein Level.",
    "engine.schedule_ante_kind": "Die Struktur hat Antes; gib an, wer sie zahlt.",
    "engine.schedule_last_level": "Nur das letzte Level darf unbegrenzt dauern.",
    "engine.rotation_empty": "Ein Mix braucht mindestens ein Spiel.",
    "engine.rotation_unknown": "{mix} nennt Spiele, die dieser Tisch nicht geben kann: {codes}.",
    # Die Option min_players: wie wenige Spieler ein Tisch mindestens braucht.
    "engine.min_players": (
        "Die Mindestzahl an Spielern liegt zwischen {low} und {high} (den Plätzen), nicht {count}."
    ),
    "engine.min_players_waiting": "Dieser Tisch gibt, wenn {count} Spieler mitspielen.",
    "command.poker.create.min_players": (
        "Mindestzahl an Spielern für eine Hand (Standard 2, höchstens die Plätze)"
    ),
    "table.min_players": "Gespielt wird ab {count} Spielern",
    # Das Cash Game des Gastgebers (Issue 28): das Abendbuch und Session-Chips.
    "ledger.title": "Abrechnung des Abends",
    "ledger.title_session_chips": "Abrechnung des Abends · Session-Chips",
    "ledger.footer": (
        "Seit der Tisch offen ist. Die Salden und der Rake des Hauses ergeben zusammen null; "
        "Stapel, die noch am Tisch liegen, zählen, wie sie stehen."
    ),
    "ledger.footer_session_chips": (
        "Seit der Tisch offen ist. Session-Chips ({stack:int} für jeden Platz): kein Guthaben "
        "hat sich geändert, rechnet untereinander ab."
    ),
    "tables.joined_session_chips": (
        "Du sitzt auf Platz {seat} mit **{amount:int}** Session-Chips; dein Guthaben bleibt, "
        "wie es ist."
    ),
    "tables.left_now_session_chips": (
        "Du hast den Tisch mit **{amount:int}** Session-Chips verlassen; dein Guthaben bleibt, "
        "wie es ist."
    ),
    "tables.topped_up_session_chips": (
        "Du hast **{amount:int}** Session-Chips nachgekauft; dein Stapel ist **{stack:int}**, "
        "dein Guthaben bleibt, wie es ist."
    ),
    "sit_form.buy_in_about_session_chips": "Session-Chips: alle setzen sich mit {balance:int}.",
    "top_up_form.amount_about_session_chips": (
        "Dein Stapel ist {stack:int}; Session-Chips, kein Guthaben wird berührt."
    ),
    "ledger.rebuy_session_chips": (
        "**Nachkaufen** am Tisch (oder /poker topup) kauft dich mit **{stack:int}** Session-Chips "
        "wieder ein, gezählt in der Abrechnung des Abends; kein Guthaben wird berührt."
    ),
    "table.session_chips": "Session-Chips: je **{stack:int}**, kein Guthaben berührt",
    "ledger.tournament": (
        "Ein Turnier führt keine Abrechnung des Abends: seine Buy-ins liegen im Preispool."
    ),
    "ledger.empty": "An diesem Tisch hat sich noch niemand eingekauft.",
    "ledger.computer_player": "Ein Computerspieler",
    "ledger.bought_in": "eingekauft **{amount:int}**",
    "ledger.topped_up": "nachgekauft **{amount:int}**",
    "ledger.cashed_out": "ausgezahlt **{amount:int}**",
    "ledger.at_table": "am Tisch **{amount:int}**",
    "ledger.net": "Saldo **{net:+int}**",
    "ledger.rake": "Das Haus · Rake **{amount:int}**",
    "ledger.carried_pot": "Jackpot noch im Pot · **{amount:int}**",
    "command.poker.ledger.description": (
        "Wer sich heute hier eingekauft und ausgezahlt hat, und wer vorn oder hinten liegt"
    ),
    "command.poker.session_chips.description": (
        "Öffne einen Tisch für einen Abend mit Session-Chips: alle mit demselben Stapel."
    ),
    "command.poker.session_chips.session_chips": (
        "Ein Abend mit Session-Chips: alle setzen sich mit so vielen, kein Guthaben wird berührt"
    ),
    "table.config.session_chips_alone": (
        "Session-Chips gibt es an einem Cash-Tisch ohne Rake und Jackpots, und sie bestimmen das "
        "Buy-in aller: lass Turnier, Rake, Jackpots und die Buy-in-Spanne weg."
    ),
    "table.config.session_chips": (
        "Session-Chips müssen zwischen {low:int} (ein Big Blind) und {high:int} liegen, nicht "
        "{amount:int}."
    ),
    "tables.created_session_chips": (
        "Ein Tisch **{variant}** mit {small_blind:int}/{big_blind:int} ist in {channel} offen, "
        "gespielt mit Session-Chips: alle setzen sich mit **{stack:int}**, und kein Guthaben "
        "ändert sich. **/poker ledger** zeigt, wer vorn und wer hinten liegt."
    ),
    # Saisons und Rekorde (Issue 28; bot/seasons.py, bot/records.py, cogs/seasons.py).
    "command.season.description": "Saisons dieses Servers: Wertungen über viele Turniere",
    "command.season.start": "Eine Saison beginnen (Mitglieder, die den Server verwalten)",
    "command.season.start.name": "Der Name der Saison",
    "command.season.start.period": (
        "monthly, quarterly oder ihr erster und letzter Tag: 2027-01-01..2027-03-31"
    ),
    "command.season.start.formula": "Wie aus einer Platzierung Punkte werden",
    "command.season.standings": "Die Wertung der laufenden Saison oder der letzten",
    "command.season.mark": "Ob das Turnier in diesem Kanal für die Saison zählt",
    "command.poker.season.season": (
        "true: dieses Turnier zählt für die Saison (die Voreinstellung); false: es zählt nicht"
    ),
    "command.records.description": (
        "Die Rekorde dieses Servers: größter Pot, meiste Turniersiege, längste Gewinnserie"
    ),
    "season.formula.top_ten": "25-18-15-12-10-8-6-4-2-1 für die ersten zehn",
    "season.formula.sqrt": "10 × √(Teilnehmer ÷ Platz)",
    "season.formula.field": "Teilnehmer − Platz + 1",
    "season.started": (
        "Die Saison **{name}** läuft vom {first} bis zum {last}; Punkte: {formula}. Jedes"
        " Turnier dieses Servers, das in ihr endet, zählt, außer es wird in seinem Kanal mit"
        " `/season mark season:false` ausgenommen."
    ),
    "season.managers_only": (
        "Nur Mitglieder, die diesen Server verwalten dürfen, können eine Saison beginnen."
    ),
    "season.bad_name": "Der Name einer Saison hat 1 bis {most} Zeichen.",
    "season.bad_formula": "Eine Punkteformel namens {formula} gibt es nicht.",
    "season.bad_period": (
        "„{period}“ ist kein Zeitraum: Schreib monthly, quarterly oder den ersten und"
        " letzten Tag wie 2027-01-01..2027-03-31."
    ),
    "season.over_already": (
        "Eine Saison vom {first} bis zum {last} kann nicht beginnen: Ihr letzter Tag muss"
        " nach dem ersten liegen und darf nicht vor heute sein."
    ),
    "season.too_long": "Eine Saison dauert höchstens {days} Tage.",
    "season.overlaps": "Diese Tage überschneiden sich mit der Saison {name} ({first} bis {last}).",
    "season.none": (
        "Auf diesem Server lief noch keine Saison. Ein Mitglied, das ihn verwalten darf,"
        " beginnt eine mit `/season start`."
    ),
    "season.about": "{first} bis {last} · Punkte: {formula} · gewertete Turniere: {tournaments}",
    "season.standings_title": "Saisonwertung: {name}",
    "season.line": (
        "{rank}. {user}: **{points}** Punkte (Turniere: {tournaments}, gewonnen: {wins})"
    ),
    "season.empty": "Noch hat kein Turnier gezählt.",
    "season.end_footer": "Saison Nr. {id}",
    "season.over_title": "Saison vorbei: {name}",
    "season.champion": "🏆 {user} gewinnt die Saison mit **{points}** Punkten!",
    "season.nobody": "Für diese Saison hat kein Turnier gezählt.",
    "season.not_a_tournament": "In diesem Kanal gibt es kein Turnier, das sich markieren ließe.",
    "season.mark_not_yours": (
        "Nur wer dieses Turnier eröffnet hat oder den Server verwalten darf, kann es markieren."
    ),
    "season.marked_in": "Dieses Turnier zählt für die Saison.",
    "season.marked_out": "Dieses Turnier zählt nicht für die Saison.",
    "records.title": "Rekorde dieses Servers",
    "records.biggest_pot": "Größter Pot (Cash-Tische)",
    "records.biggest_pot.value": "{user}: **{value:int}** Chips",
    "records.most_tournaments_won": "Meiste Turniersiege",
    "records.most_tournaments_won.value": "{user}: **{value:int}**",
    "records.longest_winning_streak": (
        "Längste Gewinnserie (Cash-Sessions in Folge mit Gewinn beendet)"
    ),
    "records.longest_winning_streak.value": "{user}: **{value:int}** Sessions",
    "records.nobody": "Noch niemand.",
    # Rebuys, Add-on und Knockout-Kopfgelder eines Sit-and-go (Issue 28).
    "engine.rebuy_levels": "Rebuys gelten 0 bis {high} Levels, nicht {levels}.",
    "engine.add_on_amounts": (
        "Ein Add-on braucht Preis und Chips (je ab 1 Chip) oder keins von beiden."
    ),
    "engine.add_on_without_rebuys": (
        "Das Add-on kommt am Ende der Rebuy-Levels: lege welche fest."
    ),
    "engine.bounty_amount": "Ein Kopfgeld ist 0 Chips oder mehr, nicht {amount:int}.",
    "engine.progressive_without_bounty": "Ein progressiver Knockout braucht ein Kopfgeld.",
    "engine.bounty_too_large": (
        "Das Kopfgeld ({amount:int} Chips) muss kleiner sein als das Buy-in ({buy_in:int})."
    ),
    "engine.payout_percentages": (
        "Eine Auszahlungstabelle gibt jedem Platz 1 % oder mehr, keinem Platz mehr als einem "
        "besseren, zusammen 100 %, für 1 bis {high} Plätze."
    ),
    "engine.extras_tournament_only": "Rebuys, Add-ons und Kopfgelder gibt es nur im Turnier.",
    "engine.no_rebuys": "Dieses Turnier hat keine Rebuys.",
    "engine.rebuys_over": "Die Rebuy-Phase ist vorbei.",
    "engine.rebuy_in_hand": "Du kannst nachkaufen, sobald deine Hand vorbei ist.",
    "engine.rebuy_stack_too_large": (
        "Nachkaufen kannst du mit höchstens {amount:int} Chips vor dir."
    ),
    "engine.no_add_on": "Dieses Turnier hat kein Add-on.",
    "engine.add_on_taken": "Du hast dein Add-on schon genommen.",
    "engine.add_on_not_yet": "Das Add-on gibt es im letzten Rebuy-Level.",
    "engine.add_on_over": "Das Add-on gab es im letzten Rebuy-Level; es ist vorbei.",
    "engine.add_on_in_hand": "Du kannst das Add-on nehmen, sobald deine Hand vorbei ist.",
    "tournament.rebuys": "🔁 {name} kauft nach: **{chips:int}** Chips für **{price:int}**.",
    "tournament.adds_on": "➕ {name} nimmt das Add-on: **{chips:int}** Chips für **{price:int}**.",
    "tournament.bounty": "🎯 {name} kassiert **{amount:int}** Chips Kopfgeld für {busted}.",
    "tournament.bounty_progressive": (
        "🎯 {name} kassiert **{amount:int}** Chips für {busted}; **{added:int}** kommen auf "
        "das eigene Kopfgeld von {name}."
    ),
    "tournament.own_bounty": "🎯 {name} behält das eigene Kopfgeld von **{amount:int}** Chips.",
    "table.rebuy_period": "🔁 Rebuys bis zum Ende von Level {level}",
    "table.add_on_line": "➕ Add-on in Level {level}: {chips:int} Chips für {price:int}",
    "table.rebuys_over": "🔁 Die Rebuys sind vorbei",
    "table.bounties": "🎯 Kopfgelder: {bounties}",
    "table.bounty_of": "{name} {amount:int}",
    "table.rebuy_before_start": "Rebuys und Add-on gibt es, sobald das Turnier beginnt.",
    "table.rebuys_started": (
        "Das Turnier läuft: Rebuys, Add-on, Kopfgelder und Auszahlungen bleiben, wie sie sind."
    ),
    "tournament.extras.rebuys": "Rebuys bis zum Ende von Level {levels}",
    "tournament.extras.add_on": "ein Add-on von {chips:int} Chips für {price:int}",
    "tournament.extras.bounty": "ein Kopfgeld von {amount:int} Chips aus jedem Buy-in",
    "tournament.extras.progressive": (
        "ein progressives Kopfgeld von {amount:int} Chips aus jedem Buy-in"
    ),
    "tournament.extras.share": "{place} {percent} %",
    "tournament.extras.payouts": "Auszahlungen {shares}",
    "tournament.extras.none": (
        "🔁 Dieses Turnier hat keine Rebuys, kein Add-on und keine Kopfgelder."
    ),
    "tournament.extras.set": "🔁 Dieses Turnier hat {options}.",
    "tournament.extras.saved": "Gespeichert. {text}",
    "command.poker.rebuys.description": (
        "Rebuys, Add-on, Kopfgelder und Auszahlungen eines Turniers (Eröffner, vor dem Start)"
    ),
    "command.poker.rebuys.rebuy_levels": "Rebuys in so vielen ersten Levels (0: keine)",
    "command.poker.rebuys.add_on_price": "Preis des Add-ons im letzten Rebuy-Level (0: keins)",
    "command.poker.rebuys.add_on_chips": "Turnierchips des Add-ons",
    "command.poker.rebuys.bounty": "Chips jedes Buy-ins, die als Knockout-Kopfgeld beiseitegehen",
    "command.poker.rebuys.progressive_bounty": (
        "Progressiv: ein Kopfgeld halb ausgezahlt, halb auf den Kopf des Gewinners"
    ),
    "command.poker.rebuys.payouts": (
        "Eigene Auszahlung in Prozent, etwa 50,30,20 (leer: nach Feldgröße)"
    ),
    "tournament.bounty_pool": "Kopfgelder: **{pool:int}**.",
    "engine.busted_rebuy": (
        "Du hast keine Chips mehr: kaufe mit dem Knopf „Nachkaufen“ nach, bevor die nächste "
        "Hand endet."
    ),
    "tournament.may_rebuy": (
        "💸 {name} hat keine Chips mehr und kann bis zum Ende der nächsten Hand nachkaufen."
    ),
    "engine.add_on_busted": "Kaufe zuerst nach: Das Add-on gibt es für Spieler mit Chips.",
    "button.rebuy": "Nachkaufen",
    "button.add_on": "Add-on",
    "rebuy.done": "Nachgekauft: **{chips:int}** Chips für **{price:int}**.",
    "add_on.done": "Dein Add-on: **{chips:int}** Chips für **{price:int}**.",
    # Der Pokerraum im Browser (web/) und das lokale Spiel (python -m bot play).
    "web.call": "Mitgehen",
    "web.bet_to": "Setzen",
    "web.raise_to": "Erhöhen auf",
    "web.bring_in": "Bring-in",
    "web.complete_to": "Vervollständigen auf",
    "web.watching": "Du schaust an diesem Tisch zu.",
    "web.your_turn": "Du bist dran",
    # The page's regions as a screen reader names them (issue 26's polish).
    "web.table_region": "Tisch",
    "web.controls_region": "Deine Aktionen",
    "web.home_save": "Hausregeln speichern",
    "web.to_act": "{name} ist dran",
    "web.next_hand": "Nächste Hand in",
    "web.waiting": "Warte auf Spieler",
    "web.sit_out": "Aussetzen",
    "web.sit_in": "Bin zurück",
    "web.folded": "Ausgestiegen",
    "web.all_in": "All-in",
    "web.sitting_out": "Setzt aus",
    "web.dealer": "Dealer",
    "web.small_blind": "Small Blind",
    "web.big_blind": "Big Blind",
    "web.stack": "Chips",
    "web.bet": "Einsatz",
    "web.board": "Board",
    "web.pot": "Pot",
    "web.your_cards": "Deine Karten",
    "web.best_hand": "Beste Hand",
    "web.amount": "Betrag",
    "web.draw": "Gewählte Karten tauschen",
    "web.discard": "Gewählte Karten abwerfen",
    "web.stand_pat": "Keine tauschen",
    "web.connection_lost": "Verbindung verloren. Verbinde neu…",
    "web.table_closed": "Dieser Tisch ist geschlossen.",
    "web.empty_seat": "Freier Platz",
    "web.card_back": "Verdeckte Karte",
    "web.buy_in": "Einkaufen",
    "web.malformed": "Der Tisch hat diese Anfrage nicht verstanden; nichts wurde geändert.",
    "web.watching_only": "Du schaust zu: Das kann nur, wer am Tisch sitzt.",
    # Die Bedienelemente der Tischseite (Issue 26: Vorab-Aktionen, Zeitbank, Deck, Ton).
    "web.time_bank": "Zeitbank",
    "web.time_bank_running": "nutzt die Zeitbank",
    "web.run_twice_asked": "All-in: Den Rest des Boards einmal oder zweimal laufen lassen?",
    "web.bomb_vote": "Für einen Bomb Pot stimmen",
    "web.bomb_called": "Die nächste Hand ist ein Bomb Pot",
    "web.deck": "Deck",
    "web.deck_two": "Zwei Farben",
    "web.deck_four": "Vier Farben",
    "web.sound": "Ton, wenn du dran bist",
    "web.seat_n": "Platz",
    "web.cancel": "Abbrechen",
    "web.show_card": "Zeigen",
    "web.pre_actions": "Vor deinem Zug",
    "web.top_up_amount": "Chips nachkaufen",
    "play.earlier_table": "Ein neuer lokaler Tisch wurde geöffnet",
    "play.ledger": "Deine Chips werden in {path} gespeichert",
    "play.open": "Dein Tisch ist bereit. Öffne diese Adresse im Browser (damit spielst du):",
    # Replays of finished hands (issue 26: bot/replays.py, web/replays.py).
    "replay.posts": "{name} setzt {amount:int}",
    "replay.returned": "{amount:int} gehen an {name} zurück, niemand ging mit",
    "replay.board_dealt": "Auf den Tisch: {street}",
    "replay.street.deal": "Geben",
    "replay.street.draw": "Tausch",
    "replay.street.draw_1": "erster Tausch",
    "replay.street.draw_2": "zweiter Tausch",
    "replay.street.draw_3": "dritter Tausch",
    "replay.street.first": "erste Straße",
    "replay.street.second": "zweite Straße",
    "replay.street.third": "dritte Straße",
    "replay.street.fourth": "vierte Straße",
    "replay.street.fifth": "fünfte Straße",
    "replay.street.sixth": "sechste Straße",
    "replay.street.seventh": "siebte Straße",
    "replay.street.point_card": "Punktkarte",
    "replay.street.predraw": "vor dem Tausch",
    "replay.street.preflop": "Preflop",
    "replay.street.flop": "Flop",
    "replay.street.turn": "Turn",
    "replay.street.river": "River",
    "replay.not_found": "Diese Hand gibt es hier nicht zum Nachspielen.",
    "replay.back": "Zurück",
    # The replay page's regions as a screen reader names them (issue 26's polish).
    "replay.table_region": "Tisch",
    "replay.controls_region": "Wiedergabe",
    "replay.forward": "Weiter",
    "replay.play": "Abspielen",
    "replay.pause": "Pause",
    "replay.start": "Anfang",
    "replay.end": "Ende",
    "replay.street": "Zu einer Straße springen",
    "replay.step": "Schritt",
    "replay.share": "Link teilen (nur offene Karten)",
    "replay.shared_note": "Eine geteilte Wiederholung: nur die Karten, die der Tisch sah.",
    "replay.house_note": "Die Aufzeichnung des Hauses: jede gegebene Karte.",
    "replay.pot": "Pot",
    "replay.folded": "Gepasst",
    "replay.all_in": "All-in",
    "replay.card_back": "Verdeckte Karte",
    "replay.dealer": "Dealer",
    "replay.last_hands": "Deine letzten Hände",
    "replay.no_hands": "Du hast hier noch keine Hand zu Ende gespielt.",
    "replay.hand_line": "Hand {hand_no} · {game} · {net:+int}",
    "replay.link": "[Wiederholung]({url})",
    "replay.hand_link": "[{hand_no}]({url})",
    "replay.history_links": "Wiederholungen: {links}",
    "replay.link_line": "Wiederholung: {url}",
    # Signing in to the web room with Discord (web/discord_signin.py), its settings, the link.
    "settings.public_url": (
        "CROUPIER_PUBLIC_URL muss die öffentliche Adresse des Web-Pokerraums sein, etwa "
        "https://poker.example.org (ein eigener Host: ohne Pfad, ohne Query), nicht '{value}'."
    ),
    "settings.client_id": (
        "CROUPIER_CLIENT_ID muss die ID der Anwendung aus dem Entwicklerportal sein "
        "(eine positive ganze Zahl), nicht '{value}'."
    ),
    "settings.public_url_without_room": (
        "CROUPIER_PUBLIC_URL ist {url}, aber CROUPIER_WEB_PORT ist 0: Es läuft kein "
        "Web-Pokerraum, also bieten die Tische keinen Link an. Setze CROUPIER_WEB_PORT auf den "
        "Port, an den dein Webserver weiterleitet."
    ),
    "settings.sign_in_needs_secret": (
        "CROUPIER_CLIENT_SECRET ist nicht gesetzt: Die Tische verlinken auf {url}, aber dort "
        "schauen alle nur zu. Kopiere das Client-Secret aus dem Entwicklerportal (OAuth2), "
        "damit Mitglieder sich anmelden und spielen können."
    ),
    "settings.secret_without_public_url": (
        "CROUPIER_CLIENT_SECRET ist gesetzt, CROUPIER_PUBLIC_URL aber nicht: Discord braucht "
        "die Adresse, zu der es die Spieler zurückschickt, also kann sich niemand anmelden. "
        "Setze CROUPIER_PUBLIC_URL."
    ),
    "web.sign_in": "Mit Discord anmelden",
    "web.sign_out": "Abmelden",
    "web.signed_in_as": "Angemeldet als {name}",
    "signin.state_unknown": (
        "Diese Anmeldung wurde schon benutzt, ist zu alt oder begann in einem anderen "
        "Browser; niemand wurde angemeldet. Öffne den Tisch noch einmal und melde dich neu an."
    ),
    "signin.denied": "Discord hat Croupier nicht verraten, wer du bist, also schaust du nur zu.",
    "signin.refused": (
        "Discord hat nicht bestätigt, wer du bist; niemand wurde angemeldet. Versuche es noch "
        "einmal."
    ),
    "signin.unavailable": (
        "Discord war nicht erreichbar, um dich anzumelden. Versuche es gleich noch einmal."
    ),
    "signin.foreign_origin": ("Diese Anfrage kam nicht von dieser Seite; nichts wurde geändert."),
    "signin.signed_out": "Du bist abgemeldet.",
    "table.open_link": "Tisch öffnen",
    # The table as a Discord Activity (issue 27: web/activity.py, cogs/activity.py).
    "button.open_activity": "Tisch in Discord öffnen",
    "activity.launch_refused": (
        "Der Tisch lässt sich hier noch nicht in Discord öffnen: Die Admins des Bots müssen "
        "dafür Activities einschalten."
    ),
    "activity.off": "Das Öffnen des Tisches in Discord ist bei diesem Bot ausgeschaltet.",
    "activity.no_web_port": (
        "CROUPIER_ACTIVITY ist an, aber CROUPIER_WEB_PORT ist nicht gesetzt: Die Activity hat "
        "keine Seite, darum wird der Knopf nicht angeboten."
    ),
    "activity.no_secret": (
        "CROUPIER_ACTIVITY ist an, aber CROUPIER_CLIENT_SECRET ist nicht gesetzt: Niemand "
        "kann sich in der Activity anmelden, darum wird der Knopf nicht angeboten."
    ),
    "activity.no_entry_point": (
        "CROUPIER_ACTIVITY ist an, aber Discord kennt keinen Entry-Point-Befehl dieser "
        "Anwendung: Schalte im Developer Portal die Activities ein (Activities → Settings)."
    ),
    "activity.ready": (
        "Der Tisch öffnet sich in Discord als Activity: Prüfe, dass das URL-Mapping im "
        "Developer Portal auf die öffentliche HTTPS-Adresse dieses Bots zeigt."
    ),
    "activity.sign_in_failed": (
        "Discord hat nicht bestätigt, wer du bist; schließe die Activity und öffne sie erneut."
    ),
    "activity.not_in_instance": (
        "Diese Activity läuft in diesem Kanal nicht für dich; öffne sie über die Nachricht "
        "des Tisches."
    ),
    "activity.no_table": "In diesem Kanal ist kein Tisch offen.",
    "activity.signing_in": "Anmeldung bei Discord …",
    "activity.unavailable": "Discord ist gerade nicht erreichbar; versuch es gleich noch einmal.",
    # Anmeldungen von einer Adresse (web/sign_in_flood.py), Issues 26 und 27.
    "signin.too_many": (
        "Zu viele Anmeldungen von deiner Adresse; versuch es in {seconds} Sekunden noch einmal."
    ),
    # Die Absagen des Raums in der Sprache des Lesers (web/refusals.py), die
    # Abmeldung der Aktivität, ihre Anmeldungen je Mitglied, der Platz beim
    # lokalen Spiel (Issues 26 und 27).
    "web.no_such_table": "Dieser Tisch ist nicht offen.",
    "web.no_table_open": "Kein Tisch ist offen.",
    "web.not_found": "Unter dieser Adresse gibt es nichts.",
    "web.foreign_socket": "Diese Verbindung gehört nur zur Seite des Tisches.",
    "web.room_full": (
        "Dieser Tisch hat so viele Zuschauer, wie er aufnehmen kann; versuch es später noch einmal."
    ),
    "web.table_moving": (
        "Dieser Tisch zieht gerade zu einem anderen Prozess um; versuch es gleich noch einmal."
    ),
    "web.process_silent": (
        "Der Prozess, der diesen Tisch führt, hat nicht geantwortet; versuch es gleich noch einmal."
    ),
    "activity.foreign_socket": "Diese Verbindung gehört nur zur Seite der Aktivität.",
    "activity.sign_out": "Abmelden",
    "activity.signed_out": (
        "Du bist abgemeldet. Schließe die Aktivität oder öffne sie erneut, um dich anzumelden."
    ),
    "activity.too_many": (
        "Du hast dich zu oft angemeldet; versuch es in {seconds} Sekunden noch einmal."
    ),
    "play.default_name": "Spieler",
    # Angekündigte Turniere (Issue 28; bot/scheduled_tournaments.py,
    # bot/tournament_scheduler.py, cogs/tournaments.py).
    "command.tournament.description": (
        "Turniere: planen, anmelden, einchecken; an mehreren Tischen eröffnen, beitreten, starten"
    ),
    "command.tournament.schedule": (
        "Ein Turnier mit Startzeit und Discord-Event ankündigen (wer Events verwalten darf)"
    ),
    "command.tournament.schedule.start": (
        "Beginn: 2026-12-12 20:00 +01:00 (dein Abstand zu UTC; ohne ist es UTC) oder <t:…>"
    ),
    "command.poker.schedule.min_players": (
        "So viele müssen einchecken, sonst fällt es aus und alles wird erstattet (Standard 2)"
    ),
    "command.poker.schedule.registration_hours": (
        "Die Anmeldung öffnet so viele Stunden vor dem Start (Standard: sofort)"
    ),
    "command.poker.schedule.repeat_weekly": "Dasselbe Turnier eine Woche später wieder ansetzen",
    "command.poker.schedule.late_levels": (
        "Späte Anmeldung bis zum Ende dieses Levels (Standard 0: keine)"
    ),
    # Computerspieler in einem angekündigten Turnier (Issue 28, schedcpu).
    "command.poker.schedule.computers": (
        "Computerspieler, die zum Start einsteigen; die Bank zahlt ihr Buy-in (Standard 0)"
    ),
    "schedule.computers": (
        "{count} Computerspieler füllen das Feld auf (ihre Buy-ins zahlt die Bank); mindestens"
        " ein Mitglied muss einchecken"
    ),
    "schedule.cancelled_too_few_computers": (
        "**{name}** wurde abgesagt: {checked} Mitglied(er) eingecheckt, dazu {computers}"
        " Computerspieler; nötig waren mindestens ein Mitglied und insgesamt {min_players}"
        " Spieler. Jedes Buy-in ging zurück."
    ),
    "command.tournament.register": "Für ein angekündigtes Turnier anmelden und das Buy-in zahlen",
    "command.tournament.unregister": "Vor dem Start abmelden, mit dem Buy-in zurück",
    "command.tournament.checkin": "Für ein Turnier einchecken, für das du angemeldet bist",
    "command.tournament.list": "Die kommenden Turniere dieses Servers",
    "command.tournament.cancel": (
        "Ein angekündigtes Turnier absagen, jedes Buy-in zurück (Veranstalter oder Event-Verwalter)"
    ),
    "command.tournament.number": "Die Nummer des Turniers (Standard: das nächste hier)",
    "schedule.bad_time": (
        "Diese Startzeit kann ich nicht lesen: schreib sie wie 2026-12-12 20:00 +01:00 (der"
        " Abstand deiner Zeit zu UTC; ohne ist es UTC) oder füge einen Discord-Zeitstempel wie"
        " {example} ein."
    ),
    "schedule.time_past": "Diese Zeit, <t:{when}:F>, ist schon vorbei. Nichts wurde angesetzt.",
    "schedule.time_far": (
        "Diese Zeit, <t:{when}:F>, ist mehr als ein Jahr entfernt. Nichts wurde angesetzt."
    ),
    "schedule.unknown": "Ein solches Turnier gibt es auf diesem Server nicht.",
    "schedule.none": (
        "Auf diesem Server ist kein Turnier angesetzt. `/tournament schedule` setzt eines an."
    ),
    "schedule.closed": "Die Anmeldung für dieses Turnier ist geschlossen.",
    "schedule.cancel_started": (
        "Dieses Turnier hat begonnen: Wer den Kanal verwalten darf, beendet es vorzeitig in"
        " {channel}, mit /tournament cancel (mehrere Tische) oder /poker close (ein Tisch)."
    ),
    "schedule.registration_at_start": (
        "Mit registration_hours 0 öffnete die Anmeldung erst zum Start, und niemand könnte"
        " sich anmelden: Gib 1 oder mehr Stunden an, oder lass die Option weg, dann ist die"
        " Anmeldung sofort offen. Es wurde nichts angesetzt."
    ),
    "schedule.not_open_yet": "Die Anmeldung öffnet <t:{when}:R>.",
    "schedule.already_registered": "Du bist schon angemeldet; dein Buy-in wird für dich gehalten.",
    "schedule.not_registered": "Du bist für dieses Turnier nicht angemeldet.",
    "schedule.check_in_later": "Der Check-in öffnet <t:{when}:R>, kurz vor dem Start.",
    "schedule.already_checked_in": "Du bist schon eingecheckt.",
    "schedule.managers_only": (
        "Nur Mitglieder, die die Events dieses Servers verwalten dürfen, setzen Turniere an."
    ),
    "schedule.cancel_not_yours": (
        "Nur der Veranstalter oder wer Events verwalten darf, sagt ein Turnier ab."
    ),
    "schedule.too_few": "Zu wenige Spieler konnten gesetzt werden, um das Turnier zu starten.",
    "schedule.late_closed": "Die späte Anmeldung endete mit Level {level}.",
    "schedule.late_full": "Der Tisch des Turniers ist voll: die späte Anmeldung ist geschlossen.",
    "schedule.not_a_tournament": "Dieser Tisch ist kein Turnier.",
    "schedule.late_registered": (
        "🕒 {name} meldet sich spät an: {players} Spieler, Preisgeld **{pool:int}**."
    ),
    "schedule.levels_hands": "Blinds steigen alle {hands} Hände",
    "schedule.levels_minutes": "Blinds steigen alle {minutes} Minuten",
    "schedule.structure": (
        "{game} · Buy-in **{buy_in:int}** · Startstack **{stack:int}** · Blinds ab"
        " {small_blind:int}/{big_blind:int}, {levels}"
    ),
    "schedule.title": "🗓️ **Turnier {name}** (Nr. {id})",
    "schedule.starts": "Beginn {start} ({relative})",
    "schedule.registration_opens": "Die Anmeldung öffnet {when}.",
    "schedule.registration_open": (
        "Die Anmeldung ist offen: das Buy-in wird bei der Anmeldung bezahlt."
    ),
    "schedule.rules": (
        "Check-in ab {check_in} · mindestens {min_players} Spieler · {seats} pro Tisch"
    ),
    "schedule.late_rule": "Späte Anmeldung bis zum Ende von Level {level}.",
    "schedule.weekly": "Jede Woche.",
    "schedule.registered": "Angemeldet ({count}): {names}",
    "schedule.nobody_yet": "Noch hat sich niemand angemeldet.",
    "schedule.status_started": "Es hat begonnen.",
    "schedule.status_cancelled": "Es wurde abgesagt; jedes Buy-in ging zurück.",
    "schedule.reminder": (
        "⏰ **{name}** beginnt {start}. Checkt jetzt mit dem Knopf unten ein: {players}"
    ),
    "schedule.started": "🃏 **{name}** beginnt jetzt in {channel} mit {players} Spielern.",
    "schedule.no_show_refunded": (
        "{names} hat/haben nicht eingecheckt und das Buy-in zurückbekommen."
    ),
    "schedule.cancelled_missed": (
        "**{name}** wurde abgesagt: der Bot lief zum Start nicht. Jedes Buy-in ging zurück."
    ),
    "schedule.cancelled_too_few": (
        "**{name}** wurde abgesagt: {checked} eingecheckt, {min_players} waren nötig. Jedes"
        " Buy-in ging zurück."
    ),
    "schedule.cancelled_by_organiser": (
        "**{name}** wurde vom Veranstalter abgesagt. Jedes Buy-in ging zurück."
    ),
    "schedule.cancelled_too_many": (
        "**{name}** wurde abgesagt: {players} eingecheckt, mehr als ein Tisch Plätze hat, und"
        " seine Tische konnten nicht geöffnet werden. Jedes Buy-in ging zurück."
    ),
    "schedule.cancelled_no_table": (
        "**{name}** wurde abgesagt: sein Tisch konnte nicht geöffnet werden. Jedes Buy-in ging"
        " zurück."
    ),
    "schedule.event_name": "Turnier {name}",
    "schedule.hands_become_minutes": (
        "Checken mehr Spieler ein, als ein Tisch Plätze hat, wird an mehreren Tischen mit einer"
        " gemeinsamen Uhr gespielt, die Levels laufen also nach Zeit: aus `level_hands:{hands}`"
        " wird dort `level_minutes:{minutes}`."
    ),
    "schedule.thread_name": "Turnier {name}",
    "schedule.button.register": "Anmelden",
    "schedule.button.unregister": "Abmelden",
    "schedule.button.checkin": "Einchecken",
    "schedule.scheduled": (
        "**{name}** (Nr. {id}) ist für {start} ({relative}) angesetzt, Buy-in **{buy_in:int}**."
        " Das Discord-Event und die Anmeldung sind veröffentlicht."
    ),
    "schedule.scheduled_no_event": (
        "**{name}** (Nr. {id}) ist für {start} ({relative}) angesetzt, Buy-in **{buy_in:int}**."
        " Die Anmeldung ist veröffentlicht; das Discord-Event konnte nicht angelegt werden (der"
        " Bot braucht die Berechtigung „Events verwalten“)."
    ),
    "schedule.registered_you": (
        "Du bist für **{name}** ({start}) angemeldet: **{buy_in:int}** Chips werden als dein"
        " Buy-in gehalten; dein Guthaben ist {balance:int}."
    ),
    "schedule.checked_in_too": "Der Check-in ist offen, also bist du auch eingecheckt.",
    "schedule.check_in_when": "Checke ein, wenn der Check-in öffnet, {when}.",
    "schedule.unregistered_you": (
        "Du bist von **{name}** abgemeldet: deine **{buy_in:int}** Chips sind zurück; dein"
        " Guthaben ist {balance:int}."
    ),
    "schedule.checked_in_you": "Du bist für **{name}** eingecheckt; es beginnt {start}.",
    "schedule.late_you": (
        "Du bist spät für **{name}** angemeldet: **{buy_in:int}** Chips gingen ins Preisgeld"
        " (Guthaben {balance:int}); du sitzt in {channel} mit **{stack:int}** Chips."
    ),
    "schedule.list_title": "**Kommende Turniere**",
    "schedule.list_line": (
        "Nr. {id} · **{name}** · {start} ({relative}) · Buy-in {buy_in:int} · {registered}"
        " angemeldet (mindestens {min_players}) · {channel}"
    ),
    # Computerspieler in /tournament schedule (Bestätigung) und /tournament list (Issue 28).
    "schedule.scheduled_computers": (
        "Beim Start nehmen auch {count} Computerspieler Platz; ihre Buy-ins zahlt die Bank."
    ),
    "schedule.list_computers": " · {count} Computerspieler",
    "schedule.cancelled_you": "**{name}** ist abgesagt; {refunded} Buy-in(s) gingen zurück.",
    # Turniere an mehreren Tischen (bot/tournaments, cogs/multi_table.py).
    "engine.tournament_only_move": (
        "Nur die Spieler eines Turniers wechseln zwischen seinen Tischen."
    ),
    "engine.move_between_hands": "Spieler wechseln den Tisch nur zwischen den Händen.",
    "mtt.no_join": (
        "Dieser Tisch gehört zu einem Turnier an mehreren Tischen; seine Spieler setzt das Turnier."
    ),
    "mtt.no_close": (
        "Dieser Tisch gehört zu einem Turnier an mehreren Tischen: Seine Tische schließen "
        "gemeinsam. Um das Turnier vorzeitig zu beenden, nutzt ein Mitglied, das den Kanal "
        "verwalten darf, /tournament cancel (laufende Hände werden zu Ende gespielt, der "
        "verbliebene Preispool wird nach Chips geteilt)."
    ),
    # Multi-table tournaments: a start that failed, a cancellation (issue 28, mttcleanup).
    "mtt.start_failed": (
        "Das Turnier konnte nicht beginnen: Discord hat das Öffnen eines seiner Tische "
        "verweigert (der Bot muss hier öffentliche Threads erstellen dürfen). Niemandes Buy-in "
        "wurde behalten; die Anmeldung bleibt offen, /tournament start kann erneut versucht "
        "werden."
    ),
    "mtt.cancel_opener_only": (
        "Nur das Mitglied, das das Turnier eröffnet hat, oder ein Mitglied, das den Kanal "
        "verwalten darf, kann es absagen."
    ),
    "mtt.cancel_managers_only": (
        "Nur ein Mitglied, das den Kanal verwalten darf, kann ein laufendes Turnier vorzeitig "
        "beenden."
    ),
    "mtt.member_short": (
        "{name} hat das Buy-in nicht mehr auf dem Guthaben: Das Turnier beginnt nicht (es wird "
        "nichts genommen). Starte es, sobald das Guthaben reicht, oder eröffne ein neues ohne "
        "diese Person."
    ),
    "mtt.cancel_already": "Dieses Turnier ist schon vorbei oder wird bereits abgesagt.",
    "mtt.registration_cancelled": (
        "Das hier eröffnete Turnier an mehreren Tischen ist abgesagt; es wurde noch kein Buy-in "
        "genommen."
    ),
    "mtt.cancelling": (
        "Das Turnier wird von der Organisation abgesagt: Es wird keine neue Hand gegeben. Sobald "
        "die laufenden Hände zu Ende gespielt sind, wird der verbliebene Preispool nach den Chips "
        "der noch Spielenden geteilt; bereits ausgezahlte Plätze bleiben ausgezahlt."
    ),
    "mtt.cancelled": (
        "Das Turnier ist vorbei: **{pool:int}** Chips des Preispools nach den Chips der "
        "**{players:int}** noch Spielenden geteilt. Alle Tische sind geschlossen."
    ),
    "mtt.cancelled_you": "Das Turnier ist abgesagt und der verbliebene Preispool geteilt.",
    "mtt.cancelling_you": (
        "Das Turnier ist abgesagt: Es endet, sobald die laufenden Hände zu Ende gespielt sind."
    ),
    "mtt.lobby.cancelled": (
        "Von der Organisation abgesagt: Der verbliebene Preispool wurde nach Chips geteilt."
    ),
    "mtt.wait": "Der Tisch wartet auf die anderen Tische des Turniers.",
    "mtt.levels_by_time": (
        "In einem Turnier an mehreren Tischen steigen die Blinds nach Zeit (Minuten je Stufe), "
        "eine Uhr für alle Tische."
    ),
    "mtt.thread_name": "Turniertisch {table:int}",
    "mtt.begins": (
        "Das Turnier beginnt: **{players:int}** Spieler an **{tables:int}** Tischen, "
        "Preisgeld **{pool:int}** Chips. Jeder Tisch spielt in seinem eigenen Thread."
    ),
    "mtt.hand_for_hand_on": (
        "Auf der Bubble: **Hand für Hand**. Jeder Tisch spielt eine Hand und wartet dann auf die "
        "anderen."
    ),
    "mtt.hand_for_hand_off": (
        "Hand für Hand ist vorbei: Die Tische spielen wieder in ihrem eigenen Tempo."
    ),
    "mtt.table_broken": (
        "Tisch {table:int} wird aufgelöst: Seine Spieler wechseln an die anderen Tische."
    ),
    "mtt.final_table": "Der Finaltisch: **{players:int}** Spieler, zusammengeführt in {channel}.",
    "mtt.moved_balance": (
        "{name} wechselt an Tisch {table:int}, Platz {seat:int} ({channel}), um die Tische "
        "auszugleichen."
    ),
    "mtt.moved_break": "{name} wechselt an Tisch {table:int}, Platz {seat:int} ({channel}).",
    "mtt.lobby.title": "🏆 **Turnier an mehreren Tischen** mit {entrants:int} Spielern",
    "mtt.lobby.won": "Gewonnen von **{name}**.",
    "mtt.lobby.players": (
        "Spieler übrig: **{left:int}** an **{tables:int}** Tischen · durchschnittlicher Stack "
        "**{average:int}**"
    ),
    "mtt.lobby.players_final": (
        "Spieler übrig: **{left:int}** am Finaltisch · durchschnittlicher Stack **{average:int}**"
    ),
    "mtt.lobby.leader": "{name} **{chips:int}**",
    "mtt.lobby.level": "Stufe **{level:int}**: Blinds {small_blind:int}/{big_blind:int}",
    "mtt.lobby.next_level": "Nächste Stufe {at}",
    "mtt.lobby.hand_for_hand": "Hand für Hand: Jeder Tisch wartet auf die Hände der anderen.",
    "mtt.lobby.payouts": "Auszahlungen: {payouts}",
    "mtt.lobby.leaders": "Chipleader: {leaders}",
    "mtt.already_open": "In diesem Kanal ist schon ein Turnier offen oder im Gange.",
    "mtt.none_open": (
        "Hier ist kein Turnier an mehreren Tischen zur Anmeldung offen; eröffne eins mit"
        " /tournament open."
    ),
    "mtt.already_registered": "Du bist schon angemeldet.",
    "mtt.no_chips_during_deal": (
        "Ein Deal liegt auf dem Tisch: keine Rebuys oder Add-ons, bis er beantwortet ist."
        " Es wurde nichts abgebucht."
    ),
    "mtt.no_chips_when_cancelled": (
        "Das Turnier wird abgebrochen: keine Rebuys oder Add-ons mehr. Es wurde nichts abgebucht."
    ),
    "mtt.too_many_tables": (
        "Dieses Turnier braucht {tables:int} Tische, und dieser Server darf {limit:int} zugleich"
        " offen haben (jetzt sind {open:int} offen): weniger Computerspieler oder mehr Plätze"
        " pro Tisch. Es wurde nichts abgebucht."
    ),
    "mtt.registration_closed": (
        "Das Turnier in diesem Kanal hat begonnen: Die Anmeldung ist geschlossen."
    ),
    "mtt.short": "Das Buy-in beträgt **{buy_in:int}** Chips, und du hast **{balance:int}**.",
    "mtt.opener_only": "Nur das Mitglied, das das Turnier eröffnet hat, kann es starten.",
    "mtt.text_channel_only": (
        "Ein Turnier an mehreren Tischen startet in einem Textkanal, dessen Threads seine Tische "
        "tragen."
    ),
    "mtt.opened": (
        "Ein Turnier an mehreren Tischen ist offen: Buy-in **{buy_in:int}**, Startstack "
        "**{stack:int}**, "
        "{seats:int} Plätze je Tisch, alle {minutes:int} Minuten eine neue Stufe, {computers:int} "
        "Computerspieler. Melde dich mit /tournament join an."
    ),
    "mtt.registered": (
        "Du bist angemeldet; **{buy_in:int}** Chips werden beim Start von deinem Guthaben "
        "genommen. Spieler bisher: {players:int}."
    ),
    "mtt.started": "Das Turnier hat begonnen: {players:int} Spieler an {tables:int} Tischen.",
    "command.mtt.open": "Ein Turnier an mehreren Tischen in diesem Kanal zur Anmeldung eröffnen",
    "command.mtt.open.buy_in": "Chips, die jeder Spieler ins Preisgeld zahlt",
    "command.mtt.open.starting_stack": "Turnierchips, mit denen jeder Spieler beginnt",
    "command.mtt.open.seats": "Plätze an jedem Tisch",
    "command.mtt.open.level_minutes": "Minuten, die jede Blindstufe dauert",
    "command.mtt.open.computers": "Computerspieler, die das Feld auffüllen",
    "command.mtt.join": "Für das hier offene Turnier an mehreren Tischen anmelden",
    "command.mtt.start": "Das Turnier an mehreren Tischen starten (wer es eröffnet hat)",
    "mtt.deal.final_table_only": (
        "Ein Deal wird am Finaltisch eines Turniers an mehreren Tischen gemacht."
    ),
    "mtt.deal.players_only": (
        "Nur die Spieler, die am Finaltisch übrig sind, nehmen an einem Deal teil."
    ),
    "mtt.deal.open_already": "Ein Deal liegt schon auf dem Tisch: Beantworte ihn zuerst.",
    "mtt.deal.between_hands": (
        "Biete einen Deal zwischen den Händen an: Warte, bis diese Hand endet."
    ),
    "mtt.deal.gone": "Dieses Angebot gilt nicht mehr.",
    "mtt.deal.declined": "{name} lehnt den Deal ab: Der Finaltisch spielt weiter.",
    "mtt.deal.lapsed": (
        "Nicht alle haben rechtzeitig auf den Deal geantwortet: Der Finaltisch spielt weiter."
    ),
    "mtt.deal.made": (
        "Alle sind einverstanden: Der Deal steht, die Preise sind ausgezahlt. Das Turnier ist "
        "vorbei."
    ),
    "mtt.deal.share": "{name}: **{amount:int}** Chips",
    "mtt.deal.offer_chop": (
        "🤝 {name} bietet einen **Chip Chop** an: Das restliche Preisgeld wird nach den "
        "Stacks geteilt.\n"
        "{shares}\nJeder verbliebene Spieler muss binnen {seconds:int} Sekunden zustimmen; eine "
        "Ablehnung, und der Tisch spielt weiter."
    ),
    "mtt.deal.offer_icm": (
        "🤝 {name} bietet einen **ICM-Deal** an: Das restliche Preisgeld wird nach den Chancen "
        "jedes Stacks auf jeden Platz geteilt.\n{shares}\nJeder verbliebene Spieler muss binnen "
        "{seconds:int} Sekunden zustimmen; eine Ablehnung, und der Tisch spielt weiter."
    ),
    "mtt.deal.accept": "Annehmen",
    "mtt.deal.decline": "Ablehnen",
    "mtt.deal.proposed": "Dein Angebot steht am Finaltisch; du hast ihm zugestimmt.",
    "mtt.deal.you_accepted": "Du hast zugestimmt; der Deal wartet auf die anderen.",
    "mtt.deal.you_declined": "Du hast abgelehnt; der Tisch spielt weiter.",
    "mtt.deal.kind_chop": "Chip Chop (nach den Stacks)",
    "mtt.deal.kind_icm": "ICM (nach den Chancen auf jeden Platz)",
    "command.mtt.deal": "Den am Finaltisch verbliebenen Spielern einen Deal anbieten",
    "command.mtt.deal.kind": "Chip Chop oder ICM",
    "mtt.lobby.dealt": "Mit einem Deal am Finaltisch beendet: Die Preise sind ausgezahlt.",
    # -- multi-table rebuys, add-ons and bounties (bot/tournaments/mtt_rebuys.py) --
    "mtt.lobby.pool": "Preispool **{pool:int}** (Rebuys {rebuys:int}, Add-ons {add_ons:int})",
    "mtt.lobby.bounties": "🎯 Höchste Kopfgelder: {bounties} (alle Kopfgelder: **{pool:int}**)",
    # -- späte Anmeldung und Re-Entry (bot/tournaments/late_entries.py) --
    "command.poker.schedule.reentries": (
        "Re-Entries pro ausgeschiedenem Spieler in der späten Anmeldung (Standard 0: keine)"
    ),
    "command.mtt.open.late_levels": "Späte Anmeldung bis zum Ende dieses Levels (Standard 0)",
    "command.mtt.open.reentries": (
        "Re-Entries, die jeder ausgeschiedene Spieler kaufen darf (Standard 0: keine)"
    ),
    "late.closed_money": (
        "Die späte Anmeldung ist vorbei: Das Turnier ist auf der Bubble, im Geld oder an"
        " seinem Finaltisch."
    ),
    "late.still_in": (
        "Du bist noch in diesem Turnier: Ein Re-Entry geht erst, wenn du ausgeschieden bist."
    ),
    "late.reentry_off": "Dieses Turnier erlaubt keine Re-Entries.",
    "late.reentries_used": "Du hast deine Re-Entries ({reentries}) in diesem Turnier verbraucht.",
    "late.full": "Alle Plätze des Turniers sind besetzt: Die späte Anmeldung ist geschlossen.",
    "late.registered": (
        "🕒 {name} meldet sich spät an und sitzt an Tisch {table}, Platz {seat} ({channel}):"
        " {entrants} Teilnehmer, Preisgeld **{pool:int}**."
    ),
    "late.reentered": (
        "🔁 {name} steigt wieder ein und sitzt an Tisch {table}, Platz {seat} ({channel}):"
        " {entrants} Teilnehmer und {reentries} Re-Entries, Preisgeld **{pool:int}**."
    ),
    "late.you": (
        "Du bist dabei: **{buy_in:int}** Chips gingen ins Preisgeld (Guthaben {balance:int});"
        " du sitzt an Tisch {table}, Platz {seat} in {channel} mit **{stack:int}** Chips."
    ),
    "late.you_reentered": (
        "Du bist wieder dabei: **{buy_in:int}** Chips gingen ins Preisgeld"
        " (Guthaben {balance:int}); du sitzt an Tisch {table}, Platz {seat} in {channel}"
        " mit **{stack:int}** Chips."
    ),
    "schedule.late_reentered": (
        "🔁 {name} steigt wieder ein: {players} Spieler, Preisgeld **{pool:int}**."
    ),
    "late.lobby_reentries": "Re-Entries: {reentries:int} · Preisgeld **{pool:int}** Chips",
    "schedule.reentry_rule": "Re-Entries: {reentries} pro Spieler während der späten Anmeldung.",
    # -- Plätze der während der späten Anmeldung Ausgeschiedenen --
    "late.out": (
        "{name} ist ausgeschieden. Die späte Anmeldung ist noch offen, deshalb werden die Plätze"
        " vergeben, wenn sie schließt (bisher {entries:int} Teilnahmen)."
    ),
    "late.closed_places": (
        "🕒 Die späte Anmeldung ist geschlossen: **{entries:int}** Teilnahmen. Die Plätze der"
        " währenddessen Ausgeschiedenen: {places}."
    ),
    "late.place": "{name} ({place})",
    # -- rest breaks of a tournament (engine/rest_breaks.py, issue 28) --
    "engine.breaks": (
        "Pausen werden als Pausenminuten/Spielminuten angegeben, zum Beispiel 10/60 (10 Minuten"
        " Pause nach je 60 Minuten Spiel): eine Pause von 1 bis {most} Minuten, nach {low}"
        " bis {high} Minuten Spiel."
    ),
    "command.poker.rebuys.breaks": "Pausen: Pausen-/Spielminuten, z. B. 10/60",
    "tournament.break_started": (
        "☕ Pause: {minutes} Minuten, weiter geht es {at}. Auch die Blinds warten die Pause ab."
    ),
    "mtt.lobby.next_break": "Nächste Pause {at}",
    "mtt.lobby.on_break": "☕ Pause bis {at}",
    "tournament.extras.breaks": "{minutes} Minuten Pause nach je {every} Minuten Spiel",
}
