"""The example frame (embed.html), run by PyScript: see :mod:`catan_web.browser.embed`.

catan_core and catan_web are imported straight from catan.zip (built by build.py), which
interpreter.mjs puts on ``sys.path`` before PyScript runs this file.
"""

from catan_web.browser.embed import start

PAGE = await start()  # noqa: F704 - PyScript runs this file as a top-level async script
