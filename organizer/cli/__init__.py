"""The headless command line: a second client of the services. Never imports Qt."""
