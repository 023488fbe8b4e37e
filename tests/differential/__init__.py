"""Differential conformance: every game with an ``aisleriot:`` sidecar block against GNOME
Aisleriot's compiled rules, through `generator.aisleriot` (``helpdeck diff``). No per-game
Python: see docs/differences.md and docs/spec/aisleriot.md.
"""
