"""The browser app, run by PyScript on the page's main thread (see index.html).

catan_core and the page's own package catan_web (see its docstring) are imported straight from
catan.zip (built by build.py), which interpreter.mjs puts on ``sys.path`` before PyScript
runs this file.
``start()`` draws the first screen and sets ``<html data-ready="1">`` as its last step.
Only what the first screen (the home screen) needs is imported here; the engine and the game
screen's components load right after it is drawn (``catan_web.browser.game.load_game``), the
computer players and the statistics when first used.
"""

from catan_web.browser.game import start

APP = start()
