"""UI translations (gettext domain ``helpdeck``): ``<lang>/LC_MESSAGES/helpdeck.po`` and the
compiled ``.mo`` beside it. Tools: ``python -m runtime.locale.catalogs`` (see README.md)."""
