"""Helpdeck's Kivy app. Importing this package imports no Kivy; `main` and `screens` do."""
