"""Buildozer's entry point (Android): resume the saved game, or open the chooser."""

from runtime.app.__main__ import main

main()
