"""The hot path's tests on its compiled modules (`ludoteca.native`): `make
test` runs them a second time with ``-p tests.native_plugin`` and
``LUDOTECA_NATIVE=on``. A plugin given with ``-p`` is imported before
pytest-django sets Django up, which imports those modules."""

from __future__ import annotations

from ludoteca import native

native.activate()
