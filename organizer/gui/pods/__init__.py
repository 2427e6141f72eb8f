"""The Pods tab: draft pod seating, the draft timer and drafted pools."""
