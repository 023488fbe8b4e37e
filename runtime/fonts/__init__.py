"""Fonts shipped with the app (HelpdeckCJK.ttf: Japanese; see OFL.txt and docs/translation.md)."""
