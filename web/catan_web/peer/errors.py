"""The network play's error, in a module of its own: the settings read the servers'
addresses (:mod:`catan_web.peer.ice`) when the page starts, and naming their errors must not
load the protocol and the engine it reads."""

from __future__ import annotations

from catan_core.errors import CatanError


class PeerError(CatanError):
    """A message, frame or code that is malformed, of another version, too long, or not
    allowed; ``key`` (``peer.*``) and ``params`` say which, in any language."""
