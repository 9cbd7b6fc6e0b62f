"""The embeddable example board (embed.html), run by PyScript: see :mod:`catan_web.embed_page`.

catan_core and catan_web are importable because pyscript.json unpacks catan.zip (built by
build.py) into the working directory.
"""

from catan_web.embed_page import EmbedPage

PAGE = EmbedPage()
await PAGE.start()  # noqa: F704 - PyScript runs this file as a top-level async script
