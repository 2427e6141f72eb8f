"""One module per group of subcommands; each offers `register(subparsers)`."""
