"""Entry point without the CLI (Android, ``python -m runtime.app``): resume or choose."""

from __future__ import annotations

import sys

from runtime.app.launch import Launch, configure_kivy


def main() -> int:
    launch = Launch()
    configure_kivy(launch)
    from runtime.app.main import run

    return run(launch)


if __name__ == "__main__":
    sys.exit(main())
