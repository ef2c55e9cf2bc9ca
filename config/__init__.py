"""Project configuration: settings from the environment, the root urlconf, the WSGI and ASGI entry points."""
