"""The rules almanac page (almanac.html), run by PyScript: see :mod:`catan_web.almanac_page`.

catan_core and catan_web are importable because pyscript.json unpacks catan.zip (built by
build.py) into the working directory.
"""

from catan_web.almanac_page import AlmanacPage

PAGE = AlmanacPage()
PAGE.start()
