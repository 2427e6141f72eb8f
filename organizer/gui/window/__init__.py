"""The main window and what frames it: start-up, the event view that holds the tabs, first
steps, new event, settings and rules dialogs, the crash dialog and the saved window state.
"""
