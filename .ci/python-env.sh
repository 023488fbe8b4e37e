# Sourced by .ci/run and ./play: choose the Python that Helpdeck is installed into and run with.
#
# Where pip may install (a virtual environment is active, or python3 is not "externally
# managed" in the sense of PEP 668), that is python3 itself, as before. Where it may not (a
# stock Debian or Ubuntu python3), it is the virtual environment .venv in the checkout,
# created on first use and put first on PATH, so `python3`, `helpdeck`, `pytest` ... are its.
# Needs python3-venv, or at least python3-pip (then .venv borrows the system's pip).

use_helpdeck_python() {
    if python3 - <<'PY'
import os, sys, sysconfig

managed = os.path.isfile(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))
sys.exit(1 if managed and sys.prefix == sys.base_prefix else 0)
PY
    then
        return 0
    fi
    local venv="$PWD/.venv"
    if [ ! -x "$venv/bin/python3" ] || ! "$venv/bin/python3" -m pip --version >/dev/null 2>&1; then
        echo "python3 is externally managed (PEP 668): installing into $venv" >&2
        rm -rf "$venv"
        if ! python3 -m venv "$venv" >/dev/null 2>&1; then
            rm -rf "$venv"
            python3 -m venv --without-pip --system-site-packages "$venv"
        fi
        if ! "$venv/bin/python3" -m pip --version >/dev/null 2>&1; then
            echo "cannot make $venv: install python3-venv (e.g. apt install python3-venv)" >&2
            return 1
        fi
    fi
    export VIRTUAL_ENV="$venv"
    export PATH="$venv/bin:$PATH"
    hash -r
}
