"""What every room builds with: actions, prompts, the background runner, table views, the
base table model and the EventScreen base of every tab.
"""
