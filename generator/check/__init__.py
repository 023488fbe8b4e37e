"""`helpdeck check`: a game's rule scenarios, conformance playouts and golden deals, as data.

`positions` builds positions from text, `scenarios` reads and runs ``specs/<game>.test.yaml``,
`conformance` plays seeded random games checking invariants, `golden` keeps golden deals, and
`commands` is the CLI plugin that runs them all for one game.
"""
