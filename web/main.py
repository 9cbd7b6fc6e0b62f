"""The browser app, run by PyScript on the page's main thread (see index.html).

catan_core is importable because pyscript.json unpacks catan_core.zip into the working
directory; the page's own package catan_web (see its docstring) is fetched file by file next
to it. ``start()`` draws the first screen and sets ``<html data-ready="1">`` as its last step.
Only what the first screen needs is imported here: the board drawing, saves and computer
players are imported when first used.
"""

from catan_web.app import start

APP = start()
