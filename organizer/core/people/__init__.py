"""The people a store keeps across events: finding them and spotting a second copy."""
