"""Printing: the print actions, the preview and PDF pages."""
