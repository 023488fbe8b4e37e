"""Differential conformance: Helpdeck's engine against GNOME Aisleriot's compiled rules.

`guile` drives Debian's compiled Aisleriot games in a Guile subprocess, `games` maps each
Helpdeck game onto its Aisleriot slots, `compare` asks both sides about one position, and
`known` lists the differences the help documents intend. See docs/differences.md.
"""
