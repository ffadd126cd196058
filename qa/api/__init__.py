"""The HTTP API (``arbitre serve``): see :mod:`qa.api.main`."""
