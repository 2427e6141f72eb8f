"""The Penalties tab: a judge records penalties from the keyboard and reads the judge log."""
