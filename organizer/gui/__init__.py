"""The PySide6 desktop front end: thin Model/View over the services, in rooms by screen.

`window/` frames everything (start-up, the main window, the event view that holds
the tabs, first steps and the event-wide dialogs); each tab is a room with its Qt
models beside it: `players/`, `decks/`, `rounds/` (slips, results, swaps, sudden
death), `clock/` (round clock, room display), `pods/` (draft seating and timer),
`standings/` (top cut, bracket), `penalties/` (the judge log), `stations/` (hosting,
joining, live watching, the players' page switch) and `printouts/`. `kit/` holds
what every room builds with (actions, prompts, the background runner, table views,
layouts, emphasis, the slip labels, the QR pixmap, the settings file, the served
players' page, the base model, the `EventScreen` base, and `EventWork.write`, the
one way a screen writes: the service call, its failure told through the prompts,
its changes broadcast); rooms import each other only through `kit/`
(import-linter's "Rooms of gui" contract: `window/` on top assembles the rooms,
`printouts/` lies under the tabs), and only `window/` assembles the rooms.
"""
