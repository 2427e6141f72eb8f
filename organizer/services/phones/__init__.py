"""What players do from their own phones: PINs and sign-in sessions (`pins`,
`player_sessions`), player cards (`player_cards`), their lists, results and drops
(`self_service`, `phone_lists`) and the facts the players' page shows (`players_page`).
"""
