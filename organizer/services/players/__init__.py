"""Who plays: registering, editing and dropping players (`registration`). The
people a store sees every week and its seasons live here too.
"""
