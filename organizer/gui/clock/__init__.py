"""The Clock tab: the round clock, its dialogs, the room display and the alert sound."""
