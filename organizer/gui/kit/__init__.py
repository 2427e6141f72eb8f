"""What every room builds with: actions, prompts, the background runner (and its progress
bar for long imports), table views, the base table model and the EventScreen base of every tab.
"""
