"""Time: the round clock that survives a restart (`clock`) and Warcaste's sudden
death, turn by turn, when time is called (`sudden_death`).
"""
