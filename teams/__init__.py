"""Team events: the team match (law G, and a contract match by IMPs and VPs), next the Swiss teams and round
robins.  Built on ``duplicate``, one way: this app imports duplicate, never the reverse.

It has no models of its own yet: a team event's rows are duplicate's (``Event`` of kind "teams", its ``Team``
and ``Pair`` entries, their ``Play`` rows).  It owns what reads and shows them as a match: ``selectors`` (the
law G match), ``files`` and the writers (``exports``, ``imp_exports``), ``tables``, ``views`` (the match page and
the standings download of every event), ``urls`` and the ``standings`` command.
"""
