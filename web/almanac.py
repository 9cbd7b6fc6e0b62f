"""The rules almanac page (almanac.html), run by PyScript: see :mod:`catan_web.browser.almanac`.

catan_core and catan_web are imported straight from catan.zip (built by build.py), which
interpreter.mjs puts on ``sys.path`` before PyScript runs this file.
"""

from catan_web.browser.almanac import start

PAGE = start()
