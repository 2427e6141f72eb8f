"""What judges record: penalties and what each does to a match (`penalties`,
`penalty_effects`) and deck checks timed back onto the round clock (`deck_checks`).
"""
