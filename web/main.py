"""The browser app, run by PyScript on the page's main thread (see index.html).

catan_core is importable because pyscript.json unpacks catan_core.zip into the working directory.
The page counts as ready for tests and benchmarks once <html data-ready="1"> is set: keep that
the last step of start-up.
"""

from pyscript import document

import catan_core


def start() -> None:
    """Replace the loading message with the app and mark the page ready."""
    app = document.getElementById("app")
    app.innerHTML = ""
    title = document.createElement("h1")
    title.textContent = "Catan"
    version = document.createElement("p")
    version.className = "version"
    version.textContent = f"catan_core {catan_core.__version__}"
    app.append(title, version)
    app.removeAttribute("aria-busy")
    document.documentElement.setAttribute("data-ready", "1")


start()
