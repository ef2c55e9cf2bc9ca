"""The writers: plain rows in (``duplicate.selectors``), a file's bytes out: ``csv``, ``xlsx``, ``pdf`` (with
``printouts``, ``recap`` and their ``grid``), ``pbn`` and ``text``.  They format what they are given: no query,
no request.  ``duplicate.files`` reads an event and hands its rows to them.
"""
