"""The rounds: pairing Swiss and draft pods (`pairing`, `pods`), entering and
correcting results (`results`), the top cut (`topcut`) and the standings they add up to
(`standings`).
"""
