"""The rules almanac page (almanac.html), run by PyScript: see :mod:`catan_web.almanac_page`.

catan_core and catan_web are imported straight from catan.zip (built by build.py), which
pyscript.json writes into the working directory and python-path.js puts on ``sys.path``.
"""

from catan_web.almanac_page import AlmanacPage

PAGE = AlmanacPage()
PAGE.start()
