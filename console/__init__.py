"""The offline console: a front end beside :mod:`bot` over the same match service.

``python -m console GAME`` (or ``python -m bot --local GAME``) plays in the terminal; see
:mod:`console.app`.
"""
