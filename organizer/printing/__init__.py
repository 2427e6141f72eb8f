"""PDF printouts with reportlab, laid out from core view data.

`render.render(kind, view, settings=PageSettings(...))` returns a PDF as bytes. Views are built
from organizer.core data by `views` and `deck_views`; each kind of sheet is drawn by its own
module (`pairings`, `standings_sheet`, `slips`, `pods`, `seat_slips`, `decklists`) on the common
`page.Sheet`, in the DejaVu fonts of resources/fonts (`fonts`).

Imports only organizer.core and reportlab: never Qt, sqlmodel/sqlalchemy, organizer.services or
organizer.storage.
"""
