"""``helpdeck diff``: a game against GNOME Aisleriot's own compiled rules.

`config` reads the sidecar's ``aisleriot:`` block (data only), `guile` drives Aisleriot's
compiled games in a Guile process, `slots` matches Helpdeck's piles to Aisleriot's slots from a
fresh deal of both, `compare` asks both sides about one position, `behaviours` recognises the
intended differences by what happens, and `sampling` runs a sample. See docs/differences.md.
"""
