"""Every test may read the pages' texts too: importing :mod:`catan_web` adds its catalogs
(``web/catan_web/messages``) to the engine's (see :func:`catan_core.i18n.add_catalogs`)."""

import catan_web  # noqa: F401
