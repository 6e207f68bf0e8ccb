"""The host's side: ``/healthz`` and ``/metrics`` (:mod:`.health`, the cog
:mod:`.health_cog`), ``python -m bot doctor`` (:mod:`.doctor`) and ``backup``
(:mod:`.cli`)."""
