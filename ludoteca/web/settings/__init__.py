"""Settings package: `base` reads the environment; dev, test and prod adjust it.

`DJANGO_SETTINGS_MODULE` picks one (the `ludoteca` command defaults to
``ludoteca.web.settings.dev``, or ``prod`` when ``LUDOTECA_ENV=prod``).
"""
