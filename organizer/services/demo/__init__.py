"""A demo event to look around in, built through the other rooms' own use cases the
way a TO would build it (`demo`).
"""
