"""PDF printouts with reportlab, laid out from core view data. Never imports Qt."""
